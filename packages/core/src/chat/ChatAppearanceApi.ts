import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Uuid, withReason, withoutNul } from "../http/Schemas.js"
import { DashboardAuth } from "../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { MAX_AGENT_PROFILES } from "./Appearance.js"
import {
  AgentProfileInputJson,
  AgentProfileJson,
  AgentProfileListJson,
  AppearanceChangeJson,
  ChatAppearanceJson
} from "./AppearanceJson.js"
import { AgentProfileLimitReached, AgentProfileNotFound } from "./ChatErrors.js"

const TenantPath = Schema.Struct({ tenantId: Uuid })
const AgentPath = Schema.Struct({
  tenantId: Uuid,
  agentId: withReason(withoutNul(Schema.String), "must be an agent id").annotations({
    description: "The agent: a dashboard user's id, as their token's subject."
  })
})

/** How the tenant's chat looks to visitors, and its agents' names, for the tenant's dashboard (tenant JWT). */
export class ChatAppearanceApi extends HttpApiGroup.make("chatAppearance")
  .add(
    HttpApiEndpoint.get("getChatAppearance", "/tenants/:tenantId/chat/appearance")
      .setPath(TenantPath)
      .addSuccess(ChatAppearanceJson)
      .annotate(OpenApi.Summary, "The chat's appearance")
      .annotate(
        OpenApi.Description,
        "How the widget and the hosted chat page look to the tenant's visitors: as the tenant set it, and as shown."
      )
  )
  .add(
    HttpApiEndpoint.patch("updateChatAppearance", "/tenants/:tenantId/chat/appearance")
      .setPath(TenantPath)
      .setPayload(AppearanceChangeJson)
      .addSuccess(ChatAppearanceJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Change the chat's appearance")
      .annotate(
        OpenApi.Description,
        "Admins only. Changes the fields given (null: back to the platform's); open pages and widgets show it when next loaded. A field it cannot take is a 400 naming it, and nothing changes."
      )
  )
  .add(
    HttpApiEndpoint.get("listAgentProfiles", "/tenants/:tenantId/chat/agents")
      .setPath(TenantPath)
      .addSuccess(AgentProfileListJson)
      .annotate(OpenApi.Summary, "List agents' profiles")
      .annotate(OpenApi.Description, `The names the tenant's agents sign replies with, by name (at most ${MAX_AGENT_PROFILES}).`)
  )
  .add(
    HttpApiEndpoint.put("putAgentProfile", "/tenants/:tenantId/chat/agents/:agentId")
      .setPath(AgentPath)
      .setPayload(AgentProfileInputJson)
      .addSuccess(AgentProfileJson)
      .addError(ValidationFailed)
      .addError(AgentProfileLimitReached)
      .annotate(OpenApi.Summary, "Set an agent's name")
      .annotate(
        OpenApi.Description,
        `The name and initials the agent's replies are signed with from now on (earlier replies keep theirs). An agent sets their own; an admin anyone's. A tenant keeps at most ${MAX_AGENT_PROFILES} (409 \`agent_profile_limit_reached\`).`
      )
  )
  .add(
    HttpApiEndpoint.del("removeAgentProfile", "/tenants/:tenantId/chat/agents/:agentId")
      .setPath(AgentPath)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(AgentProfileNotFound)
      .annotate(OpenApi.Summary, "Remove an agent's name")
      .annotate(
        OpenApi.Description,
        "The agent's replies from now on are signed as an agent, without a name; earlier replies keep theirs. An agent removes their own; an admin anyone's."
      )
  )
  .addError(PermissionDenied)
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Live Chat (appearance)")
  .annotate(
    OpenApi.Description,
    "How the tenant's chat looks to its visitors, and its agents' names (dashboard token of the path's tenant; another tenant's token is a 403 `tenant_mismatch`)."
  ) {}
