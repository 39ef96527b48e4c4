import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { actorTenant } from "../http/Security.js"
import { RetentionApi } from "./RetentionApi.js"
import { RetentionService } from "./RetentionService.js"

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
