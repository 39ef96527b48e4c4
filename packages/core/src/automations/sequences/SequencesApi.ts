import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { Integer, JsonObject, Timestamp, Uuid, UuidText } from "../../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../../platform/Errors.js"
import { QueueFull } from "../../platform/QueuedWork.js"
import { StepsJson, WorkflowName } from "../workflows/AutomationsApi.js"
import { SequenceNotFound, WorkflowInactive } from "../AutomationsErrors.js"
import { RunJson, StartBody } from "../runs/RunsApi.js"
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../workflows/WorkflowService.js"

export const SequenceJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  stepsJson: Schema.Array(JsonObject),
  workflowId: UuidText,
  revision: Integer,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "Sequence",
  description:
    "An ordered list of timed steps, e.g. an email, a `wait` of 2 days, a chat message. It is materialised into its own workflow (`workflowId`, manual trigger), which its runs follow."
})

export const SequencePageJson = PageJson(SequenceJson, "SequencePage")

export const CreateSequenceBody = Schema.Struct({ name: WorkflowName, stepsJson: StepsJson })
export const PatchSequenceBody = Schema.Struct({
  name: Schema.optional(WorkflowName),
  stepsJson: Schema.optional(StepsJson)
})
export const SequenceListParams = PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)

const Id = Schema.Struct({ id: Uuid })

const WRITE_RULES =
  "The steps follow the workflow rules (400 naming the field, 403 `product_not_entitled` for a skill the account is not entitled to) and need at least one."

/** Sequences over API keys with automations:manage. */
export class SequencesApi extends HttpApiGroup.make("automationSequences")
  .add(
    HttpApiEndpoint.get("listSequences", "/automations/sequences")
      .setUrlParams(SequenceListParams)
      .addSuccess(SequencePageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List sequences")
      .annotate(OpenApi.Description, `Newest first. Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`)
  )
  .add(
    HttpApiEndpoint.post("createSequence", "/automations/sequences")
      .setPayload(CreateSequenceBody)
      .addSuccess(SequenceJson)
      .addError(ValidationFailed)
      .addError(PermissionDenied)
      .annotate(OpenApi.Summary, "Create a sequence")
      .annotate(OpenApi.Description, `${WRITE_RULES} Creates its workflow in the same write.`)
  )
  .add(
    HttpApiEndpoint.patch("updateSequence", "/automations/sequences/:id")
      .setPath(Id)
      .setPayload(PatchSequenceBody)
      .addSuccess(SequenceJson)
      .addError(ValidationFailed)
      .addError(PermissionDenied)
      .addError(SequenceNotFound)
      .annotate(OpenApi.Summary, "Change a sequence")
      .annotate(
        OpenApi.Description,
        `Fields left out are kept; \`stepsJson\` is replaced whole. ${WRITE_RULES} Its workflow changes in the same write: runs started before keep the steps they started with, runs started after follow the new ones.`
      )
  )
  .add(
    HttpApiEndpoint.del("deleteSequence", "/automations/sequences/:id")
      .setPath(Id)
      .addSuccess(SequenceJson)
      .addError(SequenceNotFound)
      .annotate(OpenApi.Summary, "Delete a sequence")
      .annotate(
        OpenApi.Description,
        "Answers the deleted sequence and deletes its workflow; runs already started go on to their end."
      )
  )
  .add(
    HttpApiEndpoint.post("runSequence", "/automations/sequences/:id/run")
      .setPath(Id)
      .setPayload(StartBody)
      .addSuccess(RunJson)
      .addError(ValidationFailed)
      .addError(PermissionDenied)
      .addError(SequenceNotFound)
      .addError(WorkflowInactive)
      .addError(QueueFull)
      .annotate(OpenApi.Summary, "Run a sequence")
      .annotate(
        OpenApi.Description,
        "Materialises the sequence into its workflow again when that workflow was changed or deleted elsewhere, then stores a queued run of it and queues it for a worker (`{{context}}` and `{{payload.*}}` come from the body). A `wait` step holds the run as `waiting_timer`, with no worker, across restarts."
      )
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations sequences")
  .annotate(OpenApi.Description, "Sequences of timed steps, run as workflows (API key, scope automations:manage).") {}
