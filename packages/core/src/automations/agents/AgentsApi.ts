import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { Timestamp, Uuid, UuidText, withReason, withoutNul } from "../../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { ValidationFailed } from "../../platform/Errors.js"
import { AgentNotFound } from "../AutomationsErrors.js"
import {
  DEFAULT_PAGE_SIZE,
  MAX_AGENTS,
  MAX_AGENT_NAME,
  MAX_AGENT_SKILLS,
  MAX_INSTRUCTIONS,
  MAX_PAGE_SIZE,
  MAX_ROUTE_KEYS
} from "./AgentService.js"

export const AgentJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  instructions: Schema.String,
  model: Schema.NullOr(Schema.String),
  toolProfile: Schema.NullOr(Schema.String),
  skills: Schema.Array(Schema.String),
  route_keys: Schema.Array(Schema.String),
  isDefault: Schema.Boolean,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "Agent",
  description:
    "An agent profile. An agent step naming it (`agent`) or routed to it runs with its instructions, skills, tool profile and model label (the account's labels follow as failover). Inbound messages and events go to the agent whose route key matches most specifically: `peer:<externalId>`, then `channel:<channelId>` or `event:<type>`, then `*`; ties to the agent created first; else the default agent."
})

const Text = (max: number) =>
  withReason(withoutNul(Schema.String), `must be a string of at most ${max} characters`).pipe(
    Schema.maxLength(max, { message: () => `must be at most ${max} characters` })
  )
const Strings = (max: number, what: string) =>
  withReason(Schema.Array(Text(300)), `must be a list of ${what}`).pipe(
    Schema.maxItems(max, { message: () => `must list at most ${max} ${what}` })
  )

const fields = {
  name: Text(MAX_AGENT_NAME),
  instructions: Text(MAX_INSTRUCTIONS),
  model: Schema.optional(Schema.NullOr(Text(200))),
  toolProfile: Schema.optional(Schema.NullOr(Text(100))),
  skills: Schema.optional(Strings(MAX_AGENT_SKILLS, "skill ids")),
  route_keys: Schema.optional(Strings(MAX_ROUTE_KEYS, "route keys")),
  isDefault: Schema.optional(withReason(Schema.Boolean, "must be true or false"))
}

export const AgentBody = Schema.Struct(fields)
export const AgentPatchBody = Schema.Struct({
  ...fields,
  name: Schema.optional(fields.name),
  instructions: Schema.optional(fields.instructions)
})

const Id = Schema.Struct({ id: Uuid })

/** Agent profiles over API keys with automations:manage. */
export class AgentsApi extends HttpApiGroup.make("automationAgents")
  .add(
    HttpApiEndpoint.get("listAgents", "/automations/agents")
      .setUrlParams(PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE))
      .addSuccess(PageJson(AgentJson, "AgentPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List agents")
  )
  .add(
    HttpApiEndpoint.post("createAgent", "/automations/agents")
      .setPayload(AgentBody)
      .addSuccess(AgentJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Create an agent")
      .annotate(
        OpenApi.Description,
        `\`model\` must be a label this platform configures, \`toolProfile\` one of the account's profiles, \`skills\` known skills; at most ${MAX_ROUTE_KEYS} route keys, none twice. An agent created with \`isDefault: true\` takes over as the account's default. At most ${MAX_AGENTS} agents.`
      )
  )
  .add(
    HttpApiEndpoint.patch("updateAgent", "/automations/agents/:id")
      .setPath(Id)
      .setPayload(AgentPatchBody)
      .addSuccess(AgentJson)
      .addError(ValidationFailed)
      .addError(AgentNotFound)
      .annotate(OpenApi.Summary, "Change an agent")
      .annotate(OpenApi.Description, "Changes the fields given; `null` clears `model` or `toolProfile`.")
  )
  .add(
    HttpApiEndpoint.del("deleteAgent", "/automations/agents/:id")
      .setPath(Id)
      .addSuccess(AgentJson)
      .addError(ValidationFailed)
      .addError(AgentNotFound)
      .annotate(OpenApi.Summary, "Delete an agent")
      .annotate(
        OpenApi.Description,
        "Answers the agent deleted. A step naming it fails when a run reaches it; its sessions stay readable."
      )
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations agents")
  .annotate(OpenApi.Description, "Agent profiles and their route keys (API key, scope automations:manage).") {}
