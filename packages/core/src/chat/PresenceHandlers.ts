import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { ApiCaller, requireTenant } from "../http/Security.js"
import { PresenceApi, PresenceDashboardApi } from "./PresenceApi.js"
import { PresenceService } from "./PresenceService.js"

export const presenceHandlers = implement(
  PresenceApi,
  Effect.gen(function* () {
    const presence = yield* PresenceService
    return {
      listPresentAgents: () =>
        Effect.flatMap(ApiCaller, (caller) => presence.present(caller.tenantId)).pipe(
          Effect.map((agents) => ({ data: agents }))
        )
    }
  })
)

export const presenceDashboardHandlers = implement(
  PresenceDashboardApi,
  Effect.gen(function* () {
    const presence = yield* PresenceService
    return {
      sayPresence: ({ path, payload }) =>
        Effect.flatMap(requireTenant(path.tenantId), (session) => presence.say(path.tenantId, session.sub, payload.status)),
      listAgentPresence: ({ path }) =>
        Effect.zipRight(requireTenant(path.tenantId), presence.present(path.tenantId)).pipe(
          Effect.map((agents) => ({ data: agents }))
        )
    }
  })
)
