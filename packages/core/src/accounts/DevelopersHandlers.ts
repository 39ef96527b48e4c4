import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { DashboardSession, requireTenantAdmin } from "../http/Security.js"
import { ApiKeyService } from "../platform/ApiKeyService.js"
import { TenantService } from "../platform/TenantService.js"
import type { CatalogSchemas } from "../platform/Products.js"
import { type KeySchemas, developersApi } from "./DevelopersApi.js"

export const developersHandlers = (products: CatalogSchemas, schemas: KeySchemas) =>
  implement(
    developersApi(products, schemas),
    Effect.gen(function* () {
      const keys = yield* ApiKeyService
      const tenants = yield* TenantService
      return {
        listApiKeys: ({ path }) =>
          requireTenantAdmin(path.tenantId).pipe(
            Effect.zipRight(keys.list(path.tenantId)),
            Effect.map((data) => ({ data }))
          ),
        createApiKey: ({ path, payload }) =>
          requireTenantAdmin(path.tenantId).pipe(
            Effect.zipRight(keys.create({ ...payload, tenantId: path.tenantId })),
            Effect.map(({ apiKey, key }) => ({ ...apiKey, key }))
          ),
        revokeApiKey: ({ path }) =>
          requireTenantAdmin(path.tenantId).pipe(Effect.zipRight(keys.revoke(path.tenantId, path.id))),
        getEntitlements: () =>
          Effect.flatMap(DashboardSession, (session) => tenants.get(session.tenantId)).pipe(
            Effect.map((tenant) => ({ tenantId: tenant.id, entitlements: tenant.entitlements }))
          )
      }
    })
  )
