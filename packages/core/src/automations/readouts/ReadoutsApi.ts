import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Integer, PageLimit, Timestamp, Uuid, UuidText, withReason } from "../../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { ValidationFailed } from "../../platform/Errors.js"
import { MAX_RUNS_PER_PAGE, SLO_WINDOW_DAYS } from "./ReadoutService.js"
import { STEP_STATUSES } from "../records/Run.js"
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../runs/RunEngine.js"

const CHANNELS = ["email", "chat", "channel", "webhook"] as const

const Count = Integer.annotations({ description: "Runs created in the window" })

export const SloJson = Schema.Struct({
  windowDays: Integer,
  from: Timestamp,
  to: Timestamp,
  runs: Schema.Struct({
    total: Count,
    queued: Count,
    running: Count,
    waitingApproval: Count,
    waitingNode: Count,
    waitingTimer: Count,
    succeeded: Count,
    failed: Count,
    cancelled: Count,
    expired: Count,
    skipped: Count
  }).annotations({ description: "The window's runs by their status now." }),
  successRatePercent: Schema.NullOr(Schema.Number).annotations({
    description:
      "succeeded / (succeeded + failed + expired) × 100, rounded to one decimal (a run that expired was never done); null when no run ended any of these ways."
  }),
  startLatencyMs: Schema.NullOr(
    Schema.Struct({ samples: Integer, p50: Schema.Number, p95: Schema.Number }).annotations({
      description:
        "Queued to running (startedAt − createdAt) of the window's runs a worker started (`samples` of them; an expired run never started), in milliseconds: discrete percentiles (the ceil(p × n)-th smallest, as Postgres' percentile_disc)."
    })
  )
}).annotations({
  identifier: "AutomationsSlo",
  description: `How the runs created in the last ${SLO_WINDOW_DAYS} days (\`from\` to \`to\`, both included) went.`
})

export const OnboardingJson = Schema.Struct({
  steps: Schema.Array(
    Schema.Struct({ id: Schema.String, title: Schema.String, done: Schema.Boolean, hint: Schema.String }).annotations({
      identifier: "OnboardingStep"
    })
  ),
  completed: Integer,
  total: Integer
}).annotations({
  identifier: "AutomationsOnboarding",
  description:
    "The first-run checklist, each item done or not from what the account has stored: create_workflow, run_workflow, first_success, set_policy, tool_profile, automatic_trigger, decide_approval."
})

export const LogEntryJson = Schema.Struct({
  runId: UuidText,
  workflowId: UuidText,
  stepIndex: Integer,
  type: Schema.String,
  skillId: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  status: Schema.Literal(...STEP_STATUSES),
  text: Schema.NullOr(Schema.String).annotations({ description: "The step's text output, or its error if it failed." }),
  attempt: Integer,
  at: Timestamp.annotations({ description: "When the step finished, or started while it has not." })
}).annotations({ identifier: "AutomationLogEntry", description: "One step result of a run." })

export const MessageEntryJson = Schema.Struct({
  runId: UuidText,
  workflowId: UuidText,
  stepIndex: Integer,
  channel: Schema.Literal(...CHANNELS),
  to: Schema.Array(Schema.String).annotations({
    description: "Email addresses, the conversation id, the channel id or the partner URL."
  }),
  text: Schema.NullOr(Schema.String),
  at: Timestamp
}).annotations({
  identifier: "AutomationMessage",
  // The built-in skills that declare a messageChannel (the registry's messageChannels).
  description:
    "A message a run sent: a succeeded step of email.send, chat.post_message, channel.deliver, webhook.deliver or a deliver step."
})

const CursorPage = <S extends Schema.Schema.Any>(item: S, identifier: string) =>
  Schema.Struct({
    data: Schema.Array(item),
    meta: Schema.Struct({ limit: Integer, nextCursor: Schema.NullOr(Schema.String) })
  }).annotations({ identifier })

const StepListParams = Schema.Struct({
  limit: Schema.optional(PageLimit(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)),
  cursor: Schema.optional(
    withReason(
      Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{1,100}$/)),
      "must be a meta.nextCursor of this list"
    ).annotations({ description: "The previous page's `meta.nextCursor`." })
  ),
  runId: Schema.optional(Uuid),
  workflowId: Schema.optional(Uuid)
})

const LogParams = Schema.Struct({
  ...StepListParams.fields,
  status: Schema.optional(withReason(Schema.Literal(...STEP_STATUSES), `must be one of ${STEP_STATUSES.join(", ")}`))
})

const paging = `Newest run first (by creation), then its last step first. A page reads at most ${MAX_RUNS_PER_PAGE} runs, so it may hold fewer entries than \`limit\` (none, even) while \`meta.nextCursor\` is not null: follow it until it is.`

/** Readouts of the account's automations over API keys with automations:manage. */
export class ReadoutsApi extends HttpApiGroup.make("automationReadouts")
  .add(
    HttpApiEndpoint.get("getSlo", "/automations/slo")
      .addSuccess(SloJson)
      .annotate(OpenApi.Summary, "Runs' success rate and start latency")
      .annotate(
        OpenApi.Description,
        `Over the runs created in the last ${SLO_WINDOW_DAYS} days: counts by status, the success rate and the p50 and p95 of the time from queued to running.`
      )
  )
  .add(
    HttpApiEndpoint.get("getOnboarding", "/automations/onboarding")
      .addSuccess(OnboardingJson)
      .annotate(OpenApi.Summary, "First-run checklist")
  )
  .add(
    HttpApiEndpoint.get("listLogs", "/automations/logs")
      .setUrlParams(LogParams)
      .addSuccess(CursorPage(LogEntryJson, "AutomationLogPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "The runs' step log")
      .annotate(OpenApi.Description, `Every step result of the runs, of one run or workflow, in one status. ${paging}`)
  )
  .add(
    HttpApiEndpoint.get("listMessages", "/automations/messages")
      .setUrlParams(StepListParams)
      .addSuccess(CursorPage(MessageEntryJson, "AutomationMessagePage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Messages runs sent")
      .annotate(
        OpenApi.Description,
        `Succeeded email.send, chat.post_message, channel.deliver and webhook.deliver steps and deliver steps, of every run or of one run or workflow. ${paging}`
      )
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations readouts")
  .annotate(
    OpenApi.Description,
    "The SLO, the first-run checklist, and the runs' step log and messages (API key, scope automations:manage)."
  ) {}
