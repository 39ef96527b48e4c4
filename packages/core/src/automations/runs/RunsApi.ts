import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
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
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { AUTOMATION_TOKEN_HEADER, AutomationHookAuth } from "../hooks/HookAuth.js"
import { ValidationFailed } from "../../platform/Errors.js"
import { QueueFull } from "../../platform/QueuedWork.js"
import {
  ApprovalNotFound,
  ApprovalStateConflict,
  RunNotFound,
  RunStateConflict,
  WorkflowInactive,
  WorkflowNotFound
} from "../AutomationsErrors.js"
import { APPROVAL_STATUSES, MAX_TAKEOVERS, RUN_STATUSES, RUN_TRANSITIONS, STEP_STATUSES } from "../records/Run.js"
import { DEFAULT_APPROVAL_SECONDS } from "../steps/StepOutcome.js"
import { DEFAULT_PAGE_SIZE, IDEMPOTENCY_HOURS, MAX_PAGE_SIZE } from "./RunLifecycle.js"
import { MIN_WEBHOOK_TOKEN } from "../hooks/HookToken.js"

const WorkerJson = Schema.Struct({
  host: Schema.String,
  pid: Integer,
  workerId: Schema.String
}).annotations({
  identifier: "RunWorker",
  description: "A process that runs workers: its host's name, its process id and an id of its own."
})

const StepResultJson = Schema.Struct({
  index: Integer,
  type: Schema.String,
  name: Schema.NullOr(Schema.String),
  status: Schema.Literal(...STEP_STATUSES),
  output: Schema.Unknown,
  outputText: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
  attempt: Integer,
  approved: Schema.Boolean,
  worker: Schema.NullOr(WorkerJson).annotations({
    description: "The process that ran this try (null for one stored before processes were recorded)."
  }),
  startedAt: Timestamp,
  finishedAt: Schema.NullOr(Timestamp)
}).annotations({ identifier: "StepResult" })

const TakeoverJson = Schema.Struct({
  at: Timestamp,
  stepIndex: Schema.NullOr(Integer).annotations({ description: "The step that was running, when one was." }),
  from: Schema.NullOr(WorkerJson).annotations({
    description: "The process that held the run and stopped (null when a build that did not record it held it)."
  }),
  to: WorkerJson,
  leaseExpiredAt: Schema.NullOr(Timestamp).annotations({ description: "When the lease of `from` ran out." })
}).annotations({
  identifier: "RunTakeover",
  description:
    "A running run whose process stopped renewing its lease (it died), taken over by another process, which goes on at the step that did not finish, under the same idempotency keys."
})

const transitions = Object.entries(RUN_TRANSITIONS)
  .map(([from, to]) => `${from} → ${to.length === 0 ? "(final)" : to.join(", ")}`)
  .join("; ")

export const RunJson = Schema.Struct({
  id: UuidText,
  workflowId: UuidText,
  flowId: UuidText,
  revision: Integer,
  status: Schema.Literal(...RUN_STATUSES),
  attempt: Integer.annotations({
    description:
      "1, and one more with each retry. Side effects carry the idempotency key `<runId>:<step>:<attempt>`: a step tried again after a worker died repeats it, a retried run's steps make new ones."
  }),
  trigger: Schema.Struct({ type: Schema.String, event: Schema.NullOr(Schema.String) }),
  context: Schema.String,
  payload: JsonObject,
  parentRunId: Schema.NullOr(UuidText),
  test: Schema.Boolean.annotations({
    description:
      "A test run: started with a test key (`svk_test_…`), or by a test run. Its `email.send` goes to the test mailbox, as a test key's sends do, never to the mail server."
  }),
  stepsResultJson: Schema.Array(StepResultJson),
  takeovers: Schema.Array(TakeoverJson).annotations({ description: `Each takeover of the run, oldest first: the newest ${MAX_TAKEOVERS}.` }),
  reason: Schema.NullOr(Schema.String),
  expiresAt: Schema.NullOr(Timestamp).annotations({
    description:
      "The run's time to live (its workflow's `triggerJson.ttlSeconds`, else the platform's default): a run none of whose steps started by then ends `expired` when a worker takes it. Null without one, and once retried."
  }),
  createdAt: Timestamp,
  startedAt: Schema.NullOr(Timestamp),
  finishedAt: Schema.NullOr(Timestamp),
  updatedAt: Timestamp
}).annotations({
  identifier: "Run",
  description: `A run of a workflow at a revision of its flow. Status moves: ${transitions}. \`stepsResultJson\` holds each step reached, in order, stored before the next step starts.`
})

export const ApprovalJson = Schema.Struct({
  id: UuidText,
  runId: UuidText,
  workflowId: UuidText,
  stepIndex: Integer,
  title: Schema.String,
  skillId: Schema.NullOr(Schema.String),
  input: Schema.NullOr(JsonObject).annotations({
    description: "The exact input the skill runs with once approved, when an agent step's tool call asked; else null."
  }),
  status: Schema.Literal(...APPROVAL_STATUSES).annotations({
    description: "`cancelled`: its run was cancelled while it waited; a retried run asks for a new approval."
  }),
  note: Schema.NullOr(Schema.String),
  expiresAt: Timestamp,
  decidedAt: Schema.NullOr(Timestamp),
  createdAt: Timestamp
}).annotations({ identifier: "Approval" })

const Context = withReason(withoutNul(Schema.String), "must be a string").pipe(
  Schema.maxLength(100_000, { message: () => "must be at most 100000 characters" })
)
const Payload = JsonObjectInput

export const StartBody = Schema.Struct({ context: Schema.optional(Context), payload: Schema.optional(Payload) })

export const RunParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  workflowId: Schema.optional(Uuid),
  status: Schema.optional(withReason(Schema.Literal(...RUN_STATUSES), `must be one of ${RUN_STATUSES.join(", ")}`))
})

export const ApprovalParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  status: Schema.optional(
    withReason(Schema.Literal(...APPROVAL_STATUSES), `must be one of ${APPROVAL_STATUSES.join(", ")}`)
  )
})

export const DecideBody = Schema.Struct({
  decision: withReason(Schema.Literal("approve", "reject"), "must be approve or reject"),
  note: Schema.optional(
    withReason(withoutNul(Schema.String), "must be a string of at most 2000 characters").pipe(
      Schema.maxLength(2_000, { message: () => "must be at most 2000 characters" })
    )
  )
})

const Id = Schema.Struct({ id: Uuid })

/** Runs and approvals over API keys with automations:manage. */
export class RunsApi extends HttpApiGroup.make("automationRuns")
  .add(
    HttpApiEndpoint.post("runWorkflow", "/automations/workflows/:id/run")
      .setPath(Id)
      .setPayload(StartBody)
      .addSuccess(RunJson)
      .addError(ValidationFailed)
      .addError(WorkflowNotFound)
      .addError(WorkflowInactive)
      .addError(QueueFull)
      .annotate(OpenApi.Summary, "Run a workflow")
      .annotate(
        OpenApi.Description,
        "Stores a queued run of the workflow at its current revision (`{{context}}` and `{{payload.*}}` in its steps come from the body) and queues it for a worker. An inactive workflow or one without steps is a 400 `workflow_inactive`."
      )
  )
  .add(
    HttpApiEndpoint.get("listRuns", "/automations/runs")
      .setUrlParams(RunParams)
      .addSuccess(PageJson(RunJson, "RunPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List runs")
      .annotate(OpenApi.Description, "Newest first, optionally of one workflow or in one status.")
  )
  .add(
    HttpApiEndpoint.get("getRun", "/automations/runs/:id")
      .setPath(Id)
      .addSuccess(RunJson)
      .addError(RunNotFound)
      .annotate(OpenApi.Summary, "Get a run")
  )
  .add(
    HttpApiEndpoint.post("cancelRun", "/automations/runs/:id/cancel")
      .setPath(Id)
      .addSuccess(RunJson)
      .addError(RunNotFound)
      .addError(RunStateConflict)
      .annotate(OpenApi.Summary, "Cancel a run")
      .annotate(
        OpenApi.Description,
        "A queued, running or waiting run; anything else is a 409. A step in progress finishes, and nothing after it runs."
      )
  )
  .add(
    HttpApiEndpoint.post("retryRun", "/automations/runs/:id/retry")
      .setPath(Id)
      .addSuccess(RunJson)
      .addError(RunNotFound)
      .addError(RunStateConflict)
      .annotate(OpenApi.Summary, "Retry a run")
      .annotate(
        OpenApi.Description,
        "Queues a failed or cancelled run again: it resumes at the step that did not finish; finished steps do not run again."
      )
  )
  .add(
    HttpApiEndpoint.get("listApprovals", "/automations/approvals")
      .setUrlParams(ApprovalParams)
      .addSuccess(PageJson(ApprovalJson, "ApprovalPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List approvals")
      .annotate(
        OpenApi.Description,
        `Newest first. An approval step waits ${DEFAULT_APPROVAL_SECONDS / 3_600} hours unless it sets \`expiresInSeconds\`; then it expires and its run fails.`
      )
  )
  .add(
    HttpApiEndpoint.post("decideApproval", "/automations/approvals/:id/decide")
      .setPath(Id)
      .setPayload(DecideBody)
      .addSuccess(ApprovalJson)
      .addError(ValidationFailed)
      .addError(ApprovalNotFound)
      .addError(ApprovalStateConflict)
      .annotate(OpenApi.Summary, "Approve or reject")
      .annotate(OpenApi.Description, "Approving queues the run to go on after the step; rejecting fails it. Once only.")
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations runs")
  .annotate(
    OpenApi.Description,
    "Runs of workflows and the approvals they wait for (API key, scope automations:manage)."
  ) {}

const HookBody = Schema.Struct({
  workflowId: Uuid,
  event: Schema.optional(
    withReason(withoutNul(Schema.String), "must be a string of at most 200 characters").pipe(
      Schema.maxLength(200, { message: () => "must be at most 200 characters" })
    )
  ),
  context: Schema.optional(Context),
  payload: Schema.optional(Payload),
  idempotencyKey: Schema.optional(withReason(withoutNul(Schema.String), "must be a string of 1 to 255 characters"))
})

/** The inbound hook: a partner system starts a run with a webhook token or an API key. */
export class AutomationHooksApi extends HttpApiGroup.make("automationHooks")
  .add(
    HttpApiEndpoint.post("inboundHook", "/automations/hooks/inbound")
      .setHeaders(
        Schema.Struct({
          [AUTOMATION_TOKEN_HEADER]: Schema.optional(Schema.String).annotations({
            description: `The workflow's \`triggerJson.webhook.token\` (at least ${MIN_WEBHOOK_TOKEN} characters), instead of an API key.`
          })
        })
      )
      .setPayload(HookBody)
      .addSuccess(RunJson)
      .addError(ValidationFailed)
      .addError(WorkflowNotFound)
      .addError(WorkflowInactive)
      .addError(QueueFull)
      .annotate(OpenApi.Summary, "Start a run from a partner system")
      .annotate(
        OpenApi.Description,
        `Authenticated by \`X-Service-Automation-Token\` (it must equal the token set in the named workflow's \`triggerJson.webhook.token\`, compared by its digest; otherwise 401 \`invalid_automation_token\`) or by an API key with automations:manage. Stores a queued run (trigger \`webhook\`, \`{{event.type}}\` = \`event\`). The same \`idempotencyKey\` within ${IDEMPOTENCY_HOURS} hours answers the first run instead of starting another, also when duplicates arrive at once.`
      )
  )
  .middleware(AutomationHookAuth)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations inbound hook")
  .annotate(OpenApi.Description, "Runs started by partner systems (webhook token or API key).") {}
