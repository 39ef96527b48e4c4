import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { ApiCaller, requireTenant, requireTenantAdmin } from "../http/Security.js"
import { CannedResponseService } from "./CannedResponseService.js"
import { CannedResponsesApi, CannedResponsesDashboardApi, cannedResponseJson } from "./CannedResponsesApi.js"

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

export const cannedResponsesHandlers = implement(
  CannedResponsesApi,
  Effect.gen(function* () {
    const canned = yield* CannedResponseService
    return {
      listCannedResponses: () =>
        Effect.flatMap(tenant, canned.list).pipe(Effect.map((responses) => ({ data: responses.map(cannedResponseJson) }))),
      createCannedResponse: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => canned.create(tenantId, payload)).pipe(Effect.map(cannedResponseJson)),
      updateCannedResponse: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => canned.update(tenantId, path.id, payload)).pipe(Effect.map(cannedResponseJson)),
      removeCannedResponse: ({ path }) => Effect.flatMap(tenant, (tenantId) => canned.remove(tenantId, path.id))
    }
  })
)

export const cannedResponsesDashboardHandlers = implement(
  CannedResponsesDashboardApi,
  Effect.gen(function* () {
    const canned = yield* CannedResponseService
    return {
      listAgentCannedResponses: ({ path }) =>
        Effect.zipRight(requireTenant(path.tenantId), canned.list(path.tenantId)).pipe(
          Effect.map((responses) => ({ data: responses.map(cannedResponseJson) }))
        ),
      createAgentCannedResponse: ({ path, payload }) =>
        Effect.zipRight(requireTenantAdmin(path.tenantId), canned.create(path.tenantId, payload)).pipe(
          Effect.map(cannedResponseJson)
        ),
      updateAgentCannedResponse: ({ path, payload }) =>
        Effect.zipRight(requireTenantAdmin(path.tenantId), canned.update(path.tenantId, path.id, payload)).pipe(
          Effect.map(cannedResponseJson)
        ),
      removeAgentCannedResponse: ({ path }) =>
        Effect.zipRight(requireTenantAdmin(path.tenantId), canned.remove(path.tenantId, path.id))
    }
  })
)
