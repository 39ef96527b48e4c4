import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { ApiCaller, requireTenant, requireTenantAdmin } from "../http/Security.js"
import type { CannedResponse } from "./CannedResponses.js"
import { CannedResponseService } from "./CannedResponseService.js"
import { ChatFileLinks, type FileLinker } from "./ChatFileLinks.js"
import { CannedResponsesApi, CannedResponsesDashboardApi, cannedResponseJson } from "./CannedResponsesApi.js"

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

/** Canned responses as JSON, their files with links signed once the response is had. */
const encoders = (linker: Effect.Effect<FileLinker>) => ({
  one: <E, R>(response: Effect.Effect<CannedResponse, E, R>) => Effect.zipWith(response, linker, cannedResponseJson),
  all: <E, R>(responses: Effect.Effect<ReadonlyArray<CannedResponse>, E, R>) =>
    Effect.zipWith(responses, linker, (list, link) => ({ data: list.map((response) => cannedResponseJson(response, link)) }))
})

export const cannedResponsesHandlers = implement(
  CannedResponsesApi,
  Effect.gen(function* () {
    const canned = yield* CannedResponseService
    const { one, all } = encoders((yield* ChatFileLinks).linker)
    return {
      listCannedResponses: () =>
        all(Effect.flatMap(tenant, canned.list)),
      createCannedResponse: ({ payload }) =>
        one(Effect.flatMap(tenant, (tenantId) => canned.create(tenantId, payload))),
      updateCannedResponse: ({ path, payload }) =>
        one(Effect.flatMap(tenant, (tenantId) => canned.update(tenantId, path.id, payload))),
      removeCannedResponse: ({ path }) => Effect.flatMap(tenant, (tenantId) => canned.remove(tenantId, path.id))
    }
  })
)

export const cannedResponsesDashboardHandlers = implement(
  CannedResponsesDashboardApi,
  Effect.gen(function* () {
    const canned = yield* CannedResponseService
    const { one, all } = encoders((yield* ChatFileLinks).linker)
    return {
      listAgentCannedResponses: ({ path }) =>
        all(Effect.zipRight(requireTenant(path.tenantId), canned.list(path.tenantId))),
      createAgentCannedResponse: ({ path, payload }) =>
        one(Effect.zipRight(requireTenantAdmin(path.tenantId), canned.create(path.tenantId, payload))),
      updateAgentCannedResponse: ({ path, payload }) =>
        one(Effect.zipRight(requireTenantAdmin(path.tenantId), canned.update(path.tenantId, path.id, payload))),
      removeAgentCannedResponse: ({ path }) =>
        Effect.zipRight(requireTenantAdmin(path.tenantId), canned.remove(path.tenantId, path.id))
    }
  })
)
