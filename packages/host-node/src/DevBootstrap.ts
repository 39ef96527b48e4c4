import { signDashboardToken } from "@servicekit/adapters"
import { ApiKeyService, TenantRepository, TenantService, allProducts } from "@servicekit/core"
import { Effect } from "effect"
import type { NodeServiceKit } from "./Runtime.js"

export interface DevelopmentTenant {
  readonly tenantId: string
  readonly voiceKey: string
  readonly adminToken: string
}

/**
 * On the first start of an empty database outside production, creates a clearly
 * labelled development tenant entitled to every product, with a voice test key
 * and an admin dashboard token, so the API can be tried at once.
 */
export const bootstrapDevelopmentTenant = (kit: NodeServiceKit): Promise<DevelopmentTenant | undefined> =>
  kit.runtime.runPromise(
    Effect.gen(function* () {
      if (kit.config.env === "production") return undefined
      if ((yield* (yield* TenantRepository).list()).length > 0) return undefined
      const tenant = yield* (yield* TenantService).create({ name: "Development tenant", entitlements: allProducts })
      const { key } = yield* (yield* ApiKeyService).create({
        tenantId: tenant.id,
        name: "development voice key",
        product: "voice",
        environment: "test",
        scopes: ["voice:read"]
      })
      const adminToken = yield* Effect.promise(() =>
        signDashboardToken(kit.config.jwtSecret, { tenantId: tenant.id, role: "admin", sub: "development" })
      )
      return { tenantId: tenant.id, voiceKey: key, adminToken }
    })
  )
