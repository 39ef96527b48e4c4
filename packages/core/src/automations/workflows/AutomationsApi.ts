import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  Integer,
  JsonObject,
  JsonObjectInput,
  Timestamp,
  Uuid,
  UuidText,
  withReason,
  withoutNul
} from "../../http/Schemas.js"
import { PageJson, PageParams } from "../../http/Pages.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../../platform/Errors.js"
import { FlowNotFound, WorkflowNotFound } from "../AutomationsErrors.js"
import { STEP_TYPES, stepJsonSchema } from "../steps/StepKinds.js"
import { MAX_WAIT_SECONDS } from "../steps/WaitStep.js"
import { MIN_WEBHOOK_TOKEN } from "../hooks/HookToken.js"
import { CHAT_EVENTS, MANUAL_TRIGGER, MAX_SECONDS, MAX_STEPS, TRIGGER_TYPES } from "./WorkflowDefinition.js"
import { DEFAULT_PAGE_SIZE, MAX_NAME_LENGTH, MAX_PAGE_SIZE } from "./WorkflowService.js"

const TriggerJson = JsonObjectInput.annotations({
  description: `\`{ schemaVersion: 1, type, ... }\` with type ${TRIGGER_TYPES.join(", ")}. schedule: exactly one of \`everySeconds\`, \`at\` (ISO 8601) or \`cron\` (5 fields, UTC); heartbeat: \`everySeconds\` or \`cron\`, optional \`checklist\` (lines); event: \`events\` (${CHAT_EVENTS.join(", ")}); webhook: optional \`webhook.token\` (${MIN_WEBHOOK_TOKEN} to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or \`webhook: { hasToken: true }\` to keep the workflow's token; channel: \`channelId\`. Any type: optional \`ttlSeconds\` (1 to ${MAX_SECONDS}), the time to live of its runs: a run none of whose steps started that long after it was created ends \`expired\` (without it, the platform's default, if any).`
})

export const StepsJson = withReason(Schema.Array(Schema.Unknown), "must be an array of steps").annotations({
  identifier: "WorkflowSteps",
  jsonSchema: { type: "array", maxItems: MAX_STEPS, items: stepJsonSchema },
  description: `At most ${MAX_STEPS} steps of type ${STEP_TYPES.join(", ")}: skill \`{ skillId, input }\`, log \`{ message? }\`, deliver \`{ channelId, content? }\`, agent \`{ instructions, skills?, maxTurns? }\`, approval \`{ title?, expiresInSeconds? }\`, wait \`{ days?, hours?, minutes?, seconds? }\` (1 second to ${MAX_WAIT_SECONDS / 86_400} days in all; the run is \`waiting_timer\` meanwhile); each may have a \`name\`.`
})

export const WorkflowJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  active: Schema.Boolean,
  triggerJson: JsonObject.annotations({
    description:
      "The trigger as written, but a webhook token is never read back: `webhook` is `{ hasToken: true }`, with `token` only in the answer of the write that set it."
  }),
  stepsJson: Schema.Array(JsonObject),
  flowId: UuidText,
  revision: Integer,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({ identifier: "Workflow" })

export const FlowJson = Schema.Struct({
  id: UuidText,
  workflowId: UuidText,
  revision: Integer,
  stateJson: JsonObject,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "Flow",
  description:
    "A workflow's definition at its latest revision (`stateJson`: name, active, triggerJson, stepsJson, deleted)."
})

export const WorkflowPageJson = PageJson(WorkflowJson, "WorkflowPage")
export const FlowPageJson = PageJson(FlowJson, "FlowPage")

export const WorkflowName = withReason(
  withoutNul(Schema.String),
  `must be a string of 1 to ${MAX_NAME_LENGTH} characters`
)

export const CreateWorkflowBody = Schema.Struct({
  name: WorkflowName,
  active: Schema.optional(withReason(Schema.Boolean, "must be true or false")),
  triggerJson: Schema.propertySignature(TriggerJson).annotations({
    missingMessage: () => `is missing: an object such as ${JSON.stringify(MANUAL_TRIGGER)}`
  }),
  stepsJson: Schema.propertySignature(StepsJson).annotations({
    missingMessage: () => `is missing: an array of steps such as [{"type":"log","message":"Hello {{payload.name}}"}]`
  })
})

export const PatchWorkflowBody = Schema.Struct({
  name: Schema.optional(WorkflowName),
  active: Schema.optional(withReason(Schema.Boolean, "must be true or false")),
  triggerJson: Schema.optional(TriggerJson),
  stepsJson: Schema.optional(StepsJson)
})

export const ListParams = PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)

const Id = Schema.Struct({ id: Uuid })

const listWorkflows = <const Name extends string>(name: Name, path: `/${string}`) =>
  HttpApiEndpoint.get(name, path)
    .setUrlParams(ListParams)
    .addSuccess(WorkflowPageJson)
    .addError(ValidationFailed)
    .annotate(OpenApi.Summary, "List workflows")
    .annotate(OpenApi.Description, `Newest first. Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`)

const createWorkflow = <const Name extends string>(name: Name, path: `/${string}`) =>
  HttpApiEndpoint.post(name, path)
    .setPayload(CreateWorkflowBody)
    .addSuccess(WorkflowJson)
    .addError(ValidationFailed)
    .addError(PermissionDenied)
    .annotate(OpenApi.Summary, "Create a workflow")
    .annotate(
      OpenApi.Description,
      "The trigger, the steps, the skills and their inputs are checked now (400 naming the field); a skill whose product the account is not entitled to is a 403 `product_not_entitled`. `active` defaults to true. Creates the workflow's flow at revision 1."
    )

/** Automations' workflows and flows over API keys with automations:manage. */
export class AutomationsApi extends HttpApiGroup.make("automations")
  .add(listWorkflows("listAutomations", "/automations"))
  .add(createWorkflow("createAutomation", "/automations"))
  .add(listWorkflows("listWorkflows", "/automations/workflows"))
  .add(createWorkflow("createWorkflow", "/automations/workflows"))
  .add(
    HttpApiEndpoint.patch("updateWorkflow", "/automations/workflows/:id")
      .setPath(Id)
      .setPayload(PatchWorkflowBody)
      .addSuccess(WorkflowJson)
      .addError(ValidationFailed)
      .addError(PermissionDenied)
      .addError(WorkflowNotFound)
      .annotate(OpenApi.Summary, "Update a workflow")
      .annotate(
        OpenApi.Description,
        "Fields left out are kept; `triggerJson` and `stepsJson` are replaced whole. Bumps the flow's revision."
      )
  )
  .add(
    HttpApiEndpoint.del("deleteWorkflow", "/automations/workflows/:id")
      .setPath(Id)
      .addSuccess(WorkflowJson)
      .addError(WorkflowNotFound)
      .annotate(OpenApi.Summary, "Delete a workflow")
      .annotate(
        OpenApi.Description,
        "Answers the deleted workflow. Its flow stays, at a new revision marked deleted, for the runs that refer to it."
      )
  )
  .add(
    HttpApiEndpoint.get("listFlows", "/automations/flows")
      .setUrlParams(ListParams)
      .addSuccess(FlowPageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List flows")
  )
  .add(
    HttpApiEndpoint.get("getFlow", "/automations/flows/:id")
      .setPath(Id)
      .addSuccess(FlowJson)
      .addError(FlowNotFound)
      .annotate(OpenApi.Summary, "Get a flow")
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations")
  .annotate(OpenApi.Description, "Workflows and their flows (API key, scope automations:manage).") {}
