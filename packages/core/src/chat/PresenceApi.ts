import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Timestamp, Uuid, withReason } from "../http/Schemas.js"
import { ApiKeyAuth, DashboardAuth, RequiredScope } from "../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { PRESENCE_HOLDS_MS, PRESENCE_STATUSES } from "./AgentPresence.js"

export const PresentAgentJson = Schema.Struct({
  agentId: Schema.String,
  status: Schema.Literal(...PRESENCE_STATUSES),
  seenAt: Timestamp,
  displayName: Schema.NullOr(Schema.String),
  initials: Schema.NullOr(Schema.String)
}).annotations({
  identifier: "PresentAgent",
  description: "An agent online or away now, as they last said, with their profile's name (null without one)."
})

const PresentAgentListJson = Schema.Struct({ data: Schema.Array(PresentAgentJson) }).annotations({
  identifier: "PresentAgentList"
})

const PRESENT = `The agents online or away now, the latest to say so first. An agent who has not said their status for ${PRESENCE_HOLDS_MS / 60_000} minutes is offline and not listed.`

/** Who of the team is here, for the tenant's server (chat:read). */
export class PresenceApi extends HttpApiGroup.make("chatPresence")
  .add(
    HttpApiEndpoint.get("listPresentAgents", "/chat/presence")
      .addSuccess(PresentAgentListJson)
      .annotate(OpenApi.Summary, "Who of the team is here")
      .annotate(OpenApi.Description, PRESENT)
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "chat:read")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Live Chat presence")
  .annotate(OpenApi.Description, "Which agents are online or away (API key, scope chat:read).") {}

const TenantPath = Schema.Struct({ tenantId: Uuid })

/** Each agent says their status; everyone sees who is here (dashboard token). */
export class PresenceDashboardApi extends HttpApiGroup.make("chatPresenceDashboard")
  .add(
    HttpApiEndpoint.put("sayPresence", "/tenants/:tenantId/chat/presence")
      .setPath(TenantPath)
      .setPayload(
        Schema.Struct({
          status: withReason(Schema.Literal(...PRESENCE_STATUSES), `must be one of ${PRESENCE_STATUSES.join(", ")}`)
        })
      )
      .addSuccess(PresentAgentJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Say the agent's status")
      .annotate(
        OpenApi.Description,
        `The token's user is \`online\` or \`away\` from now on; say it again at least every ${PRESENCE_HOLDS_MS / 60_000} minutes (the console does every minute while it is open), or they are offline.`
      )
  )
  .add(
    HttpApiEndpoint.get("listAgentPresence", "/tenants/:tenantId/chat/presence")
      .setPath(TenantPath)
      .addSuccess(PresentAgentListJson)
      .annotate(OpenApi.Summary, "Who of the team is here")
      .annotate(OpenApi.Description, PRESENT)
  )
  .addError(PermissionDenied)
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Live Chat presence (agents)")
  .annotate(OpenApi.Description, "Each agent's status, online or away, and who is here (dashboard token of the path's tenant).") {}
