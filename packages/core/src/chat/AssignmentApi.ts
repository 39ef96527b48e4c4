import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Integer, Uuid, withReason, withoutNul } from "../http/Schemas.js"
import { ApiKeyAuth, DashboardAuth, RequiredScope } from "../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { PRESENCE_HOLDS_MS } from "./AgentPresence.js"
import { ASSIGNMENT_MODES, MAX_AGENT_CAPACITY, defaultAssignmentRules } from "./Assignment.js"

export const AssignmentRulesJson = Schema.Struct({
  mode: Schema.Literal(...ASSIGNMENT_MODES),
  capacity: Integer
}).annotations({
  identifier: "ChatAssignmentRules",
  description: `How conversations find their agent. \`manual\`: agents and the API assign them. \`auto\`: each open conversation nobody holds, oldest first, goes to the next agent in turn (by id) who is online (said so within ${PRESENCE_HOLDS_MS / 60_000} minutes; away agents get none) and holds fewer than \`capacity\` open or pending conversations; when a place frees (a conversation resolved, closed or handed over, an agent online), the oldest waiting goes first. Each assignment emits \`conversation.assigned\`. Defaults: ${defaultAssignmentRules.mode}, ${defaultAssignmentRules.capacity}.`
})

const AssignmentChange = Schema.Struct({
  mode: Schema.optional(withReason(withoutNul(Schema.String), `must be ${ASSIGNMENT_MODES.join(" or ")}`)),
  capacity: Schema.optional(withReason(Integer, `must be a whole number from 1 to ${MAX_AGENT_CAPACITY}`))
}).annotations({ identifier: "ChatAssignmentChange" })

/** The assignment rules over API keys: read with chat:read, changed with chat:write. */
export class AssignmentApi extends HttpApiGroup.make("chatAssignment")
  .add(HttpApiEndpoint.get("getAssignment", "/chat/assignment").addSuccess(AssignmentRulesJson).annotate(OpenApi.Summary, "The assignment rules"))
  .add(
    HttpApiEndpoint.patch("setAssignment", "/chat/assignment")
      .setPayload(AssignmentChange)
      .addSuccess(AssignmentRulesJson)
      .addError(ValidationFailed)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Change the assignment rules")
      .annotate(OpenApi.Description, "The fields given change; turned to `auto`, what waits is handed out at once.")
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "chat:read")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Live Chat assignment")
  .annotate(OpenApi.Description, "Manual or automatic assignment with a capacity per agent (API key, scopes chat:read, chat:write).") {}

const TenantPath = Schema.Struct({ tenantId: Uuid })

/** The assignment rules in the dashboard: agents read them, admins change them. */
export class AssignmentDashboardApi extends HttpApiGroup.make("chatAssignmentDashboard")
  .add(
    HttpApiEndpoint.get("getAgentAssignment", "/tenants/:tenantId/chat/assignment")
      .setPath(TenantPath)
      .addSuccess(AssignmentRulesJson)
      .annotate(OpenApi.Summary, "The assignment rules")
  )
  .add(
    HttpApiEndpoint.patch("setAgentAssignment", "/tenants/:tenantId/chat/assignment")
      .setPath(TenantPath)
      .setPayload(AssignmentChange)
      .addSuccess(AssignmentRulesJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Change the assignment rules")
      .annotate(OpenApi.Description, "Admins only; the fields given change.")
  )
  .addError(PermissionDenied)
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Live Chat assignment (agents)")
  .annotate(OpenApi.Description, "The account's assignment rules (dashboard token of the path's tenant; changes need an admin).") {}
