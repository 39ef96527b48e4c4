import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { requireTenant, requireTenantAdmin } from "../http/Security.js"
import { permissionDenied } from "../platform/Errors.js"
import { agentProfileJson, chatAppearanceJson } from "./AppearanceJson.js"
import { ChatAppearanceApi } from "./ChatAppearanceApi.js"
import { ChatService } from "./ChatService.js"

/** An agent changes their own profile; an admin anyone's. */
const requireSelfOrAdmin = (tenantId: string, agentId: string) =>
  Effect.flatMap(requireTenant(tenantId), (session) =>
    session.role === "admin" || session.sub === agentId
      ? Effect.void
      : Effect.fail(permissionDenied("admin_required", "Only an admin changes another agent's profile."))
  )

export const chatAppearanceHandlers = implement(
  ChatAppearanceApi,
  Effect.gen(function* () {
    const chat = yield* ChatService
    return {
      getChatAppearance: ({ path }) =>
        Effect.zipRight(requireTenant(path.tenantId), chat.appearance(path.tenantId)).pipe(
          Effect.map(chatAppearanceJson)
        ),
      updateChatAppearance: ({ path, payload }) =>
        Effect.zipRight(requireTenantAdmin(path.tenantId), chat.updateAppearance(path.tenantId, payload)).pipe(
          Effect.map(chatAppearanceJson)
        ),
      listAgentProfiles: ({ path }) =>
        Effect.zipRight(requireTenant(path.tenantId), chat.agentProfiles(path.tenantId)).pipe(
          Effect.map((profiles) => ({ data: profiles.map(agentProfileJson) }))
        ),
      putAgentProfile: ({ path, payload }) =>
        Effect.zipRight(
          requireSelfOrAdmin(path.tenantId, path.agentId),
          chat.putAgentProfile(path.tenantId, path.agentId, payload)
        ).pipe(Effect.map(agentProfileJson)),
      removeAgentProfile: ({ path }) =>
        Effect.zipRight(
          requireSelfOrAdmin(path.tenantId, path.agentId),
          chat.removeAgentProfile(path.tenantId, path.agentId)
        )
    }
  })
)
