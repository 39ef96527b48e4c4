import { Clock, Context, Effect, Either, Encoding, Layer, Option } from "effect"
import { isUuid } from "../../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../../platform/Errors.js"
import type { Listed } from "../../platform/Keyset.js"
import { WorkflowRepository } from "../records/AutomationsRepositories.js"
import { PolicyRepository, ToolProfileRepository } from "../governance/GovernanceRepositories.js"
import type { StepStatus } from "../records/Run.js"
import { RunRepository } from "../records/RunRepositories.js"
import { type RunStatistics, type StepLogEntry, type StepPosition, messageChannel } from "../records/RunReadouts.js"
import { ApprovalRepository } from "../records/ApprovalRepository.js"
import { DEFAULT_PAGE_SIZE } from "../runs/RunEngine.js"
import { type MessageChannel, SkillRegistry } from "../skills/Skills.js"
import type { JsonObject } from "../records/Workflow.js"

/** `/v1/automations/slo` covers the runs created in the last 7 days (the spec's SLO window). */
export const SLO_WINDOW_DAYS = 7

/**
 * A page of `/logs` or `/messages` reads at most this many runs: when few of their steps match,
 * the page holds fewer entries than asked (none, even) and `nextCursor` goes on after them.
 */
export const MAX_RUNS_PER_PAGE = 500

export interface Slo {
  readonly windowDays: number
  readonly from: Date
  readonly to: Date
  readonly runs: {
    readonly total: number
    readonly queued: number
    readonly running: number
    readonly waitingApproval: number
    readonly waitingNode: number
    readonly waitingTimer: number
    readonly succeeded: number
    readonly failed: number
    readonly cancelled: number
    readonly expired: number
    readonly skipped: number
  }
  /**
   * succeeded / (succeeded + failed + expired) in percent, one decimal; null when no run ended
   * any of these ways.
   */
  readonly successRatePercent: number | null
  readonly startLatencyMs: RunStatistics["startLatencyMs"]
}

export interface OnboardingStep {
  readonly id: string
  readonly title: string
  readonly done: boolean
  readonly hint: string
}

export interface Onboarding {
  readonly steps: ReadonlyArray<OnboardingStep>
  readonly completed: number
  readonly total: number
}

/** One step result of a run, as the step log shows it. */
export interface LogEntry {
  readonly runId: string
  readonly workflowId: string
  readonly stepIndex: number
  readonly type: string
  readonly skillId: string | null
  readonly name: string | null
  readonly status: StepStatus
  /** The step's text output, or its error when it failed. */
  readonly text: string | null
  readonly attempt: number
  readonly at: Date
}

/** A message a run sent: a succeeded step of a message skill, or a deliver step. */
export interface MessageEntry {
  readonly runId: string
  readonly workflowId: string
  readonly stepIndex: number
  readonly channel: MessageChannel
  /** Recipients: email addresses, a conversation id, a channel id or a URL. */
  readonly to: ReadonlyArray<string>
  readonly text: string | null
  readonly at: Date
}

export interface StepListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly runId?: string | undefined
  readonly workflowId?: string | undefined
}

export interface LogQuery extends StepListQuery {
  readonly status?: StepStatus | undefined
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const fieldOf = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined)

/** The strings among `value` (one, or a list). */
const strings = (value: unknown): Array<string> =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === "string")
      : []

const textOf = (value: unknown): string | null => (typeof value === "string" ? value : null)

/** The time a step ended, or started while it has not ended. */
const atOf = (entry: StepLogEntry) => entry.result.finishedAt ?? entry.result.startedAt

const logEntry = (entry: StepLogEntry): LogEntry => ({
  runId: entry.runId,
  workflowId: entry.workflowId,
  stepIndex: entry.result.index,
  type: entry.result.type,
  skillId: entry.result.type === "skill" ? textOf(fieldOf(entry.step, "skillId")) : null,
  name: entry.result.name,
  status: entry.result.status,
  text: entry.result.status === "failed" ? entry.result.error : entry.result.outputText,
  attempt: entry.result.attempt,
  at: atOf(entry)
})

/**
 * A message as its step recorded it: recipients and subject from the step's output, where the
 * skill reports them filled in (the addresses and subject email.send queued, the conversation
 * chat.post_message posted to, the URL webhook.deliver posted to), else from the step as
 * written; the text the skill reports having sent (chat, channel), else the step's own
 * (webhook's JSON body, placeholders unfilled: a run keeps no filled-in input).
 */
const messageEntry = (entry: StepLogEntry, channel: MessageChannel): MessageEntry => {
  const { output, outputText } = entry.result
  const input = entry.result.type === "deliver" ? entry.step : fieldOf(entry.step, "input")
  const recipients = (() => {
    switch (channel) {
      case "email": {
        const sent = fieldOf(output, "messages")
        return Array.isArray(sent)
          ? sent.flatMap((message) => strings(fieldOf(message, "to")))
          : strings(fieldOf(input, "to"))
      }
      case "chat":
        return strings(fieldOf(output, "conversationId") ?? fieldOf(input, "channelId"))
      case "channel":
        return strings(fieldOf(output, "channelId") ?? fieldOf(input, "channelId"))
      case "webhook":
        return strings(fieldOf(output, "url") ?? fieldOf(input, "url"))
    }
  })()
  const text = (() => {
    switch (channel) {
      case "email":
        return textOf(fieldOf(output, "subject") ?? fieldOf(input, "subject"))
      case "chat":
      case "channel":
        return outputText ?? textOf(fieldOf(input, "content"))
      case "webhook":
        return JSON.stringify(fieldOf(input, "body") ?? {})
    }
  })()
  return {
    runId: entry.runId,
    workflowId: entry.workflowId,
    stepIndex: entry.result.index,
    channel,
    to: recipients,
    text,
    at: atOf(entry)
  }
}

/** A step log cursor: base64url of `<runId>:<stepIndex>`, the last step a page read. */
const cursorOf = (position: StepPosition) => Encoding.encodeBase64Url(`${position.runId}:${position.index}`)

const CURSOR = /^([0-9a-f-]{36}):(0|[1-9][0-9]{0,3})$/

/** What first-run checklist items say, in order; whether each is done comes from the tenant's state. */
const ONBOARDING_STEPS = [
  {
    id: "create_workflow",
    title: "Create a workflow",
    hint: "POST /v1/automations/workflows with a name, triggerJson and stepsJson."
  },
  { id: "run_workflow", title: "Run a workflow", hint: "POST /v1/automations/workflows/{id}/run." },
  {
    id: "first_success",
    title: "See a run succeed",
    hint: "Poll GET /v1/automations/runs/{id}; a failed step's error shows in GET /v1/automations/logs."
  },
  {
    id: "set_policy",
    title: "Write standing orders",
    hint: "PUT /v1/automations/policies with standingOrders: steps read them as {{policy}}."
  },
  {
    id: "tool_profile",
    title: "Create a tool profile",
    hint: "POST /v1/automations/tool-profiles to allow, deny or gate skills (a profile named default covers every step)."
  },
  {
    id: "automatic_trigger",
    title: "Trigger a workflow automatically",
    hint: "Give a workflow a schedule, heartbeat, event, webhook or channel trigger."
  },
  {
    id: "decide_approval",
    title: "Decide an approval",
    hint: "Run a workflow with an approval step, then POST /v1/automations/approvals/{id}/decide."
  }
] as const

type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]["id"]

/**
 * Readouts of an account's automations, computed from what is stored (no counters kept on the
 * run path): the SLO over the last 7 days, the first-run checklist, and the runs' step log and
 * the messages among it, both derived from the runs' step results.
 */
export class ReadoutService extends Context.Tag("@servicekit/core/ReadoutService")<
  ReadoutService,
  {
    readonly slo: (tenantId: string) => Effect.Effect<Slo>
    readonly onboarding: (tenantId: string) => Effect.Effect<Onboarding>
    /** Newest run first, then its last step first. */
    readonly logs: (tenantId: string, query: LogQuery) => Effect.Effect<Listed<LogEntry>, ValidationFailed>
    /** In the order of the step log. */
    readonly messages: (tenantId: string, query: StepListQuery) => Effect.Effect<Listed<MessageEntry>, ValidationFailed>
  }
>() {
  static readonly layer = Layer.effect(
    ReadoutService,
    Effect.gen(function* () {
      const runs = yield* RunRepository
      const approvals = yield* ApprovalRepository
      const workflows = yield* WorkflowRepository
      const policies = yield* PolicyRepository
      const profiles = yield* ToolProfileRepository
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      /** The step a cursor names; a cursor that does not decode, or names no run of the tenant, is a 400. */
      const positionOf = (tenantId: string, cursor: string) =>
        Effect.gen(function* () {
          const text = Either.getOrUndefined(Encoding.decodeBase64UrlString(cursor))
          const match = text === undefined ? null : CURSOR.exec(text)
          if (match === null || !isUuid(match[1]!)) {
            return yield* invalidField("cursor", "must be a meta.nextCursor of this list")
          }
          const run = yield* runs.find(tenantId, match[1]!)
          if (Option.isNone(run)) return yield* invalidField("cursor", "unknown cursor")
          return { createdAt: run.value.createdAt, runId: run.value.id, index: Number(match[2]) }
        })

      const { messageChannels } = yield* SkillRegistry
      const messageSkills = [...messageChannels.keys()]

      /** A page of the step log (only messages when `messages`): one more entry than asked tells whether another follows. */
      const page = <A>(
        tenantId: string,
        query: LogQuery,
        messages: boolean,
        encode: (entry: StepLogEntry) => A
      ): Effect.Effect<Listed<A>, ValidationFailed> =>
        Effect.gen(function* () {
          const limit = query.limit ?? DEFAULT_PAGE_SIZE
          const after = query.cursor === undefined ? undefined : yield* positionOf(tenantId, query.cursor)
          const read = yield* runs.stepLog(tenantId, {
            after,
            limit: limit + 1,
            maxRuns: MAX_RUNS_PER_PAGE,
            runId: query.runId,
            workflowId: query.workflowId,
            status: query.status,
            messageSkills: messages ? messageSkills : undefined
          })
          const entries = read.entries.slice(0, limit)
          const last = entries.at(-1)
          const next =
            read.entries.length > limit && last !== undefined
              ? { createdAt: last.runCreatedAt, runId: last.runId, index: last.result.index }
              : read.readTo
          return { items: entries.map(encode), limit, nextCursor: next === null ? null : cursorOf(next) }
        })

      const any = <A, E>(found: Effect.Effect<ReadonlyArray<A>, E>) => Effect.map(found, (rows) => rows.length > 0)

      return {
        slo: (tenantId) =>
          Effect.gen(function* () {
            const to = yield* now
            const from = new Date(to.getTime() - SLO_WINDOW_DAYS * 86_400_000)
            const { byStatus, startLatencyMs, total } = yield* runs.statistics(tenantId, from, to)
            // An expired run was accepted and never done: it counts against the rate, as a failed one does.
            const ended = byStatus.succeeded + byStatus.failed + byStatus.expired
            return {
              windowDays: SLO_WINDOW_DAYS,
              from,
              to,
              runs: {
                total,
                queued: byStatus.queued,
                running: byStatus.running,
                waitingApproval: byStatus.waiting_approval,
                waitingNode: byStatus.waiting_node,
                waitingTimer: byStatus.waiting_timer,
                succeeded: byStatus.succeeded,
                failed: byStatus.failed,
                cancelled: byStatus.cancelled,
                expired: byStatus.expired,
                skipped: byStatus.skipped
              },
              successRatePercent: ended === 0 ? null : Math.round((byStatus.succeeded * 1_000) / ended) / 10,
              startLatencyMs
            }
          }),
        onboarding: (tenantId) =>
          Effect.gen(function* () {
            // Each a read of one index entry at most (automatic_trigger: of the tenant's workflows up to the first).
            const done = yield* Effect.all(
              {
                create_workflow: any(workflows.list(tenantId, { limit: 1 })),
                run_workflow: any(runs.list(tenantId, { limit: 1 })),
                first_success: any(runs.list(tenantId, { limit: 1, status: "succeeded" })),
                set_policy: Effect.map(policies.find(tenantId), (policy) =>
                  Option.exists(policy, (found) => found.standingOrders.trim() !== "")
                ),
                tool_profile: any(profiles.list(tenantId, { limit: 1 })),
                automatic_trigger: workflows.hasAutomaticTrigger(tenantId),
                decide_approval: Effect.zipWith(
                  any(approvals.list(tenantId, { limit: 1, status: "approved" })),
                  any(approvals.list(tenantId, { limit: 1, status: "rejected" })),
                  (approved, rejected) => approved || rejected
                )
              } satisfies Record<OnboardingStepId, Effect.Effect<boolean>>,
              { concurrency: "unbounded" }
            )
            const steps = ONBOARDING_STEPS.map((step) => ({ ...step, done: done[step.id] }))
            return { steps, completed: steps.filter((step) => step.done).length, total: steps.length }
          }),
        logs: (tenantId, query) => page(tenantId, query, false, logEntry),
        messages: (tenantId, query) =>
          page(tenantId, query, true, (entry) => messageEntry(entry, messageChannel(entry.result, entry.step, messageChannels)!))
      }
    })
  )
}
