import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { ApiCaller } from "../../http/Security.js"
import type { Agent } from "./Agent.js"
import { AgentService } from "./AgentService.js"
import { AgentsApi } from "./AgentsApi.js"

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

export const agentJson = (agent: Agent) => ({
  id: agent.id,
  name: agent.name,
  instructions: agent.instructions,
  model: agent.model,
  toolProfile: agent.toolProfile,
  skills: agent.skills,
  route_keys: agent.routeKeys,
  isDefault: agent.isDefault,
  createdAt: agent.createdAt,
  updatedAt: agent.updatedAt
})

/** The API's field names (the spec's `route_keys`) as the service's. */
export const input = <A extends { readonly route_keys?: ReadonlyArray<string> | undefined }>({
  route_keys,
  ...rest
}: A) => ({
  ...rest,
  routeKeys: route_keys
})

export const agentHandlers = implement(
  AgentsApi,
  Effect.gen(function* () {
    const agents = yield* AgentService
    return {
      listAgents: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => agents.list(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, agentJson))
        ),
      createAgent: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => agents.create(tenantId, input(payload))).pipe(Effect.map(agentJson)),
      updateAgent: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => agents.update(tenantId, path.id, input(payload))).pipe(
          Effect.map(agentJson)
        ),
      deleteAgent: ({ path }) =>
        Effect.flatMap(tenant, (tenantId) => agents.remove(tenantId, path.id)).pipe(Effect.map(agentJson))
    }
  })
)
