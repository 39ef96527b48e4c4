import { Effect } from "effect"
import { DashboardSession, requireTenantAdmin } from "../http/DashboardAuth.js"
import { implement } from "../http/Engine.js"
import { ApiKeyService } from "./ApiKeyService.js"
import { DevelopersApi } from "./DevelopersApi.js"
import { TenantService } from "./TenantService.js"

export const developersHandlers = Effect.gen(function* () {
  const keys = yield* ApiKeyService
  const tenants = yield* TenantService
  return implement(DevelopersApi, {
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
  })
})
