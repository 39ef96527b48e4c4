import { signDashboardToken } from "@servicekit/adapters/jwt"
import { ApiKeyService, ProductCatalog, TenantService } from "@servicekit/core"
import { TenantRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { dashboardTokenScope } from "./Config.js"
import type { NodeServiceKit } from "./Runtime.js"

export interface DevelopmentKey {
  readonly product: string
  readonly key: string
  /** A first request with the key, e.g. a curl command line. */
  readonly tryIt: string
  /** What to know about the key beside it, when its look could mislead. */
  readonly note?: string | undefined
}

export interface DevelopmentTenant {
  readonly tenantId: string
  readonly keys: ReadonlyArray<DevelopmentKey>
  readonly adminToken: string
  /** The console signed in as the tenant's admin (the token in the URL fragment, which no server receives). */
  readonly consoleUrl: string
  /** The sample data written for the tenant, one line each, saying how it is marked. */
  readonly samples: ReadonlyArray<string>
}

/**
 * On the first start of an empty database outside production, creates a clearly
 * labelled development tenant entitled to every product, with the test key each module
 * asks for, the modules' sample data, an admin dashboard token and the console's link signed in
 * with it, so the API and the console can be tried at once.
 */
export const bootstrapDevelopmentTenant = (
  kit: NodeServiceKit,
  apiBaseUrl: string
): Promise<DevelopmentTenant | undefined> =>
  kit.runtime.runPromise(
    Effect.gen(function* () {
      if (kit.config.env === "production") return undefined
      if ((yield* (yield* TenantRepository).list()).length > 0) return undefined
      const { products } = yield* ProductCatalog
      const tenant = yield* (yield* TenantService).create({ name: "Development tenant", entitlements: products })
      const accesses = kit.modules.flatMap((module) =>
        "development" in module && module.development !== undefined ? [module.development] : []
      )
      const keys = yield* Effect.forEach(
        accesses,
        (access) =>
          Effect.map(
            Effect.flatMap(ApiKeyService, (keys) =>
              keys.create({
                tenantId: tenant.id,
                name: `development ${access.product} key`,
                product: access.product,
                environment: "test",
                scopes: access.scopes
              })
            ),
            ({ key }) => ({ product: access.product, key, tryIt: access.tryIt(apiBaseUrl, key), note: access.keyNote })
          )
      )
      const samples = yield* Effect.forEach(accesses.flatMap((access) => access.samples ?? []), (write) =>
        write(tenant.id)
      )
      const adminToken = yield* Effect.promise(() =>
        signDashboardToken(
          kit.config.jwtSecret,
          { tenantId: tenant.id, role: "admin", sub: "development" },
          dashboardTokenScope(kit.config)
        )
      )
      return { tenantId: tenant.id, keys, adminToken, consoleUrl: `${apiBaseUrl}/console#token=${adminToken}`, samples }
    })
  )
