import { Clock, Effect, Option } from "effect"
import type { EventSubscriber } from "../../jobs/EventBus.js"
import type { DomainEvent } from "../../jobs/EventOutbox.js"
import { type Job, JobQueue, defineQueue } from "../../jobs/JobQueue.js"
import { type ScheduleDefinition, type ScheduleSpec, nextDue } from "../../jobs/Scheduler.js"
import { TenantService } from "../../platform/TenantService.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { WorkflowRepository } from "../records/AutomationsRepositories.js"
import type { RunTrigger } from "../records/Run.js"
import { RunRepository } from "../records/RunRepositories.js"
import { RunEngine, type StartInput } from "../runs/RunEngine.js"
import { SkillRegistry } from "../skills/Skills.js"
import { stepKindOf } from "../steps/StepKinds.js"
import type { JsonObject, Workflow } from "../records/Workflow.js"
import { CHAT_EVENTS } from "./WorkflowDefinition.js"

/**
 * Workflow triggers that start runs without a request: schedules and heartbeats (a platform
 * schedule per workflow, whose firings land on `fireQueue`) and Live Chat events (a subscriber
 * in the event dispatcher's unit of work). Every run they start carries an idempotency key
 * derived from what caused it, so a firing or an event delivered twice makes one run.
 */

/** "Workflow W's schedule is due at T": the platform Scheduler enqueues one job per due time. */
export const fireQueue = defineQueue("servicekit.automations.fire", {
  maxAttempts: 5,
  backoff: "1 second",
  lease: "1 minute"
})

/** A schedule or heartbeat firing is deferred while the tenant has this many runs running. */
const BUSY_RUNS = 3
/** A deferred firing tries again after this many seconds... */
const DEFER_SECONDS = 5
/** ...at most this many times (10 minutes), and never once the schedule's next firing is due. */
const MAX_DEFERS = 120

const SKIP_EMPTY_HEARTBEAT = "empty-heartbeat"
const SKIP_NO_STEPS = "no-steps"
const busy = (running: number) => `busy: ${running} runs running`

/** The platform schedule of a workflow: one per workflow, unique across tenants. */
export const scheduleIdOf = (workflowId: string) => `automations:workflow:${workflowId}`

/** When a schedule or heartbeat trigger fires (validated at write time); undefined for other triggers. */
const scheduleSpecOf = (trigger: JsonObject): ScheduleSpec | undefined => {
  if (trigger.type !== "schedule" && trigger.type !== "heartbeat") return undefined
  if (typeof trigger.everySeconds === "number") return { everySeconds: trigger.everySeconds }
  if (typeof trigger.cron === "string") return { cron: trigger.cron }
  if (typeof trigger.at === "string") return { at: new Date(trigger.at) }
  return undefined
}

/** The schedule a workflow needs: an active schedule or heartbeat workflow has one, others none. */
export const scheduleOf = (workflow: Workflow): ScheduleDefinition | undefined => {
  const spec = workflow.active ? scheduleSpecOf(workflow.trigger) : undefined
  return spec === undefined
    ? undefined
    : {
        id: scheduleIdOf(workflow.id),
        tenantId: workflow.tenantId,
        spec,
        queue: fireQueue,
        payload: { tenantId: workflow.tenantId, workflowId: workflow.id }
      }
}

/** Whether two versions of a workflow fire alike (same timing, both active or both not): then its schedule stays. */
export const sameSchedule = (a: Workflow | undefined, b: Workflow | undefined) => {
  const spec = (workflow: Workflow | undefined) => {
    const schedule = workflow === undefined ? undefined : scheduleOf(workflow)
    return schedule === undefined ? null : JSON.stringify(schedule.spec)
  }
  return spec(a) === spec(b)
}

const lines = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((line): line is string => typeof line === "string" && line.trim() !== "") : []

/**
 * A checklist line with something to check: not blank, not a markdown heading, not a bare bullet
 * or an empty checkbox ("- [ ]"). Headings only organise a checklist; they ask for nothing.
 */
const isChecklistItem = (line: string) => {
  const text = line.trim()
  if (text === "" || /^#{1,6}(\s|$)/.test(text)) return false
  return text.replace(/^([-*+]|\d+[.)])\s*(\[[ xX]?\]\s*)?/, "").trim() !== ""
}

/** A step a heartbeat without a checklist has no use for: a log step without a message, or one that asks a model. */
const idleWithoutChecklist = (step: JsonObject, skills: SkillRegistry["Type"]) =>
  stepKindOf(step.type)?.idleWithoutChecklist(step, skills) ?? false

/**
 * A heartbeat with nothing to look at: no checklist item, and only steps that would log nothing or
 * spend a model's tokens on nothing. It is skipped before any model is asked.
 */
const isEmptyHeartbeat = (workflow: Workflow, skills: SkillRegistry["Type"]) =>
  workflow.trigger.type === "heartbeat" &&
  !lines(workflow.trigger.checklist).some(isChecklistItem) &&
  workflow.steps.every((step) => idleWithoutChecklist(step, skills))

/** A firing's run input: its due time, and a heartbeat's checklist (also as the context, one line each). */
const firingInput = (workflow: Workflow, dueAt: string): StartInput => {
  if (workflow.trigger.type !== "heartbeat") return { payload: { dueAt } }
  const checklist = lines(workflow.trigger.checklist)
  return { context: checklist.join("\n"), payload: { dueAt, checklist } }
}

/** Whether the tenant may run automations now: triggers of a tenant that lost the product (or is gone) do nothing. */
const entitled = (tenantId: string) =>
  Effect.flatMap(TenantService, (tenants) =>
    Effect.match(tenants.get(tenantId), {
      onFailure: () => false,
      onSuccess: (tenant) => tenant.entitlements.includes("automations")
    })
  )

/** Starts a triggered run; a workflow deactivated or deleted meanwhile starts none. */
const startRun = (
  workflow: Workflow,
  input: StartInput,
  trigger: RunTrigger,
  idempotencyKey: string
): Effect.Effect<void, never, RunEngine> =>
  Effect.flatMap(RunEngine, (runs) =>
    workflow.steps.length === 0
      ? Effect.ignore(runs.skip(workflow.tenantId, workflow.id, trigger, SKIP_NO_STEPS, idempotencyKey))
      : runs.start(workflow.tenantId, workflow.id, input, trigger, { idempotencyKey }).pipe(
          Effect.asVoid,
          Effect.catchAll((error) =>
            Effect.logDebug(`automations trigger: no run of workflow ${workflow.id}: ${error.message}`)
          )
        )
  )

/**
 * Handles a firing of `fireQueue`: the firing of a schedule at `dueAt`, or its `deferred`-th try
 * again after the tenant was busy. The firing's key is `<scheduleId>@<dueAt>`; the run a deferred
 * firing starts holds `<scheduleId>@<dueAt>#deferred`, so each due time makes at most one run
 * (and one skipped run) whichever worker takes the job, however often.
 */
export const fire = (job: Job) =>
  Effect.gen(function* () {
    const tenantId = String(job.payload.tenantId)
    const workflowId = String(job.payload.workflowId)
    const dueAt = String(job.payload.dueAt)
    const deferred = typeof job.payload.deferred === "number" ? job.payload.deferred : 0
    const scheduleId = scheduleIdOf(workflowId)
    // A firing queued before the workflow changed: it fires only if the workflow still wants it.
    const workflow = Option.getOrUndefined(yield* (yield* WorkflowRepository).find(tenantId, workflowId))
    const spec = workflow === undefined ? undefined : scheduleOf(workflow)?.spec
    if (workflow === undefined || spec === undefined || !(yield* entitled(tenantId))) return

    const runs = yield* RunEngine
    const trigger: RunTrigger = { type: String(workflow.trigger.type), event: null }
    const key = `${scheduleId}@${dueAt}`
    if (isEmptyHeartbeat(workflow, yield* SkillRegistry)) {
      yield* Effect.ignore(runs.skip(tenantId, workflowId, trigger, SKIP_EMPTY_HEARTBEAT, key))
      return
    }
    const running = workflow.steps.length === 0 ? 0 : yield* (yield* RunRepository).countRunning(tenantId)
    if (running < BUSY_RUNS) {
      yield* startRun(workflow, firingInput(workflow, dueAt), trigger, deferred === 0 ? key : `${key}#deferred`)
      return
    }

    // Busy: the first try records the skip; each try queues the next until the limits.
    const jobs = yield* JobQueue
    const unit = yield* UnitOfWork
    const now = yield* Clock.currentTimeMillis
    const retryAt = new Date(now + DEFER_SECONDS * 1000)
    const next = nextDue(spec, new Date(dueAt), new Date(dueAt))
    const retry = deferred < MAX_DEFERS && (next === null || retryAt < next)
    yield* unit.withTransaction(
      Effect.gen(function* () {
        if (deferred === 0) {
          const holder = yield* Effect.option(runs.skip(tenantId, workflowId, trigger, busy(running), key))
          // The key held by a run: a repeated delivery of a firing that ran starts no tries.
          const skippedBusy = Option.exists(
            holder,
            (run) => run.status === "skipped" && (run.reason ?? "").startsWith("busy:")
          )
          if (!skippedBusy) return
        }
        if (retry) {
          yield* jobs.enqueue(
            fireQueue,
            { ...job.payload, deferred: deferred + 1 },
            { tenant: tenantId, key: `${key}#${deferred + 1}`, runAt: retryAt }
          )
        } else {
          yield* Effect.logInfo(`automations: the firing ${key} stays skipped, the account being busy`)
        }
      })
    )
  })

/** The tenant's active workflows each event starts, and the run's input: the event's payload. */
const startForEvents = (tenantId: string, events: ReadonlyArray<DomainEvent>) =>
  Effect.gen(function* () {
    const types = [...new Set(events.map((event) => event.type))]
    const listening = yield* (yield* WorkflowRepository).listEventTriggered(tenantId, types)
    if (listening.length === 0 || !(yield* entitled(tenantId))) return
    for (const event of events) {
      for (const workflow of listening) {
        const wanted = workflow.trigger.events
        if (!Array.isArray(wanted) || !wanted.includes(event.type)) continue
        yield* startRun(
          workflow,
          { payload: event.payload },
          { type: "event", event: event.type },
          `event:${event.id}:${workflow.id}`
        )
      }
    }
  })

/** A message an automation posted (`chat.post_message` writes as the system): it starts nothing, or a workflow could feed itself. */
const postedByAutomation = (event: DomainEvent) => {
  const message = event.payload.message
  return (
    event.type === "message.created" &&
    typeof message === "object" &&
    message !== null &&
    (message as JsonObject).authorType === "system"
  )
}

/**
 * Starts runs of the workflows whose `event` trigger names a Live Chat event, in the dispatcher's
 * unit of work: the runs and their jobs commit with the events' dispatch marks.
 */
export const eventTriggers: EventSubscriber<RunEngine | WorkflowRepository | TenantService> = {
  name: "automations.triggers",
  types: CHAT_EVENTS,
  handle: (events) => {
    const byTenant = new Map<string, Array<DomainEvent>>()
    for (const event of events) {
      if (postedByAutomation(event)) continue
      const tenantEvents = byTenant.get(event.tenantId)
      if (tenantEvents === undefined) byTenant.set(event.tenantId, [event])
      else tenantEvents.push(event)
    }
    return Effect.forEach(byTenant, ([tenantId, tenantEvents]) => startForEvents(tenantId, tenantEvents), {
      discard: true
    })
  }
}
