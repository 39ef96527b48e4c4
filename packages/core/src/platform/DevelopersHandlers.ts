import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import type { ServiceKitApi } from "../http/Api.js"
import { DashboardAuthLive, DashboardSession, requireTenantAdmin } from "../http/DashboardAuth.js"
import { ApiKeyService } from "./ApiKeyService.js"
import { TenantService } from "./TenantService.js"

export const developersHandlers = (api: ServiceKitApi) =>
  HttpApiBuilder.group(api, "developers", (handlers) =>
    Effect.gen(function* () {
      const keys = yield* ApiKeyService
      const tenants = yield* TenantService
      return handlers
        .handle("listApiKeys", ({ path }) =>
          requireTenantAdmin(path.tenantId).pipe(
            Effect.zipRight(keys.list(path.tenantId)),
            Effect.map((data) => ({ data }))
          )
        )
        .handle("createApiKey", ({ path, payload }) =>
          requireTenantAdmin(path.tenantId).pipe(
            Effect.zipRight(keys.create({ ...payload, tenantId: path.tenantId })),
            Effect.map(({ apiKey, key }) => ({ ...apiKey, key }))
          )
        )
        .handle("revokeApiKey", ({ path }) =>
          requireTenantAdmin(path.tenantId).pipe(Effect.zipRight(keys.revoke(path.tenantId, path.id)))
        )
        .handle("getEntitlements", () =>
          Effect.flatMap(DashboardSession, (session) => tenants.get(session.tenantId)).pipe(
            Effect.map((tenant) => ({ tenantId: tenant.id, entitlements: tenant.entitlements }))
          )
        )
    })
  ).pipe(Layer.provide(DashboardAuthLive))
