import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { actorTenant } from "../http/Security.js"
import { RetentionAdminApi, RetentionApi } from "./RetentionApi.js"
import { RetentionService, tenantRetention } from "./RetentionService.js"

export const retentionHandlers = implement(
  RetentionApi,
  Effect.gen(function* () {
    const retention = yield* RetentionService
    return {
      listRetention: () =>
        Effect.flatMap(actorTenant(false), (tenantId) => Effect.map(retention.list(tenantId), (data) => ({ data }))),
      setRetention: ({ path, payload }) =>
        Effect.flatMap(actorTenant(true), (tenantId) => retention.choose(tenantId, path.kind, payload.days))
    }
  })
)

export const retentionAdminHandlers = implement(
  RetentionAdminApi,
  Effect.succeed({
    getTenantRetention: ({ path }) => Effect.map(tenantRetention.list(path.tenantId), (data) => ({ data })),
    setTenantRetention: ({ path, payload }) => tenantRetention.choose(path.tenantId, path.kind, payload.days)
  })
)
