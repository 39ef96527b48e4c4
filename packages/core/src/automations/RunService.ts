import { Clock, Context, Effect, Either, Layer, Option } from "effect"
import { JobQueue, type JobToEnqueue, defineQueue } from "../jobs/JobQueue.js"
import { SkillFailed, type SkillOutput, SkillRunners } from "../module/SkillRunner.js"
import { SecretCrypto, constantTimeEqual, randomUuid } from "../platform/Crypto.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { type Unauthenticated, type ValidationFailed, invalidField, unauthenticated } from "../platform/Errors.js"
import { type Listed, listPage } from "../platform/Keyset.js"
import type { Product } from "../platform/Products.js"
import { parseTemplateText, renderTemplateText } from "../platform/TemplateText.js"
import { TenantService } from "../platform/TenantService.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import {
  ApprovalNotFound,
  ApprovalStateConflict,
  RunNotFound,
  RunStateConflict,
  WorkflowInactive,
  WorkflowNotFound
} from "./AutomationsErrors.js"
import { FlowRepository, WorkflowRepository } from "./AutomationsRepositories.js"
import { type Approval, type Run, type RunStatus, type RunTrigger, type StepResult, canMove } from "./Run.js"
import { ApprovalRepository, RunRepository } from "./RunRepositories.js"
import { findSkill } from "./Skills.js"
import type { JsonObject } from "./Workflow.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** How long an inbound hook's idempotency key answers its first run. */
export const IDEMPOTENCY_HOURS = 24
/** How long an approval waits when its step does not say. */
export const DEFAULT_APPROVAL_SECONDS = 72 * 3_600

/** "Run X is due": the run's state and its steps' results stay in ServiceKit's tables. */
export const runQueue = defineQueue("servicekit.automations.run", {
  maxAttempts: 10,
  backoff: "2 seconds",
  lease: "2 minutes"
})

export interface StartInput {
  readonly context?: string | undefined
  readonly payload?: JsonObject | undefined
}

export interface HookInput extends StartInput {
  readonly workflowId: string
  readonly event?: string | undefined
  readonly idempotencyKey?: string | undefined
}

export interface RunListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly workflowId?: string | undefined
  readonly status?: RunStatus | undefined
}

export interface ApprovalListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly status?: Approval["status"] | undefined
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Fills `{{…}}` placeholders in every string of a step's input; a placeholder that does not parse is an error. */
const render = (value: unknown, variables: JsonObject): Either.Either<unknown, string> => {
  if (typeof value === "string") {
    if (!value.includes("{{")) return Either.right(value)
    return Either.map(
      Either.mapLeft(parseTemplateText(value), (error) => `a placeholder does not parse: ${error.message}`),
      (parts) => renderTemplateText(parts, variables)
    )
  }
  if (Array.isArray(value)) return Either.all(value.map((item) => render(item, variables)))
  if (isObject(value)) {
    return Either.map(
      Either.all(
        Object.entries(value).map(([key, item]) => Either.map(render(item, variables), (done) => [key, done] as const))
      ),
      (entries) => Object.fromEntries(entries)
    )
  }
  return Either.right(value)
}

/** A step's outcome as the worker stores it. */
type Outcome =
  | { readonly kind: "done"; readonly output: SkillOutput }
  | { readonly kind: "failed"; readonly error: string }
  | {
      readonly kind: "wait"
      readonly title: string
      readonly skillId: string | null
      readonly expiresInSeconds: number
    }

/**
 * Runs of workflows: created queued (by the run endpoint, the inbound hook, triggers), followed
 * step by step by workers on the platform's queue, each step's result stored before the next
 * starts, so that a run taken over after a crash resumes at the step it was in and no finished
 * step runs again. Approvals pause a run until someone decides.
 */
export class RunService extends Context.Tag("@servicekit/core/RunService")<
  RunService,
  {
    readonly start: (
      tenantId: string,
      workflowId: string,
      input: StartInput,
      trigger: RunTrigger,
      parentRunId?: string | null
    ) => Effect.Effect<Run, ValidationFailed | WorkflowNotFound | WorkflowInactive>
    readonly hook: (
      tenantId: string,
      input: HookInput
    ) => Effect.Effect<Run, ValidationFailed | WorkflowNotFound | WorkflowInactive>
    /** The inbound hook with a webhook token: the workflow named must have that token. */
    readonly hookWithToken: (
      token: string,
      input: HookInput
    ) => Effect.Effect<Run, ValidationFailed | WorkflowNotFound | WorkflowInactive | Unauthenticated>
    readonly get: (tenantId: string, id: string) => Effect.Effect<Run, RunNotFound>
    readonly list: (tenantId: string, query: RunListQuery) => Effect.Effect<Listed<Run>, ValidationFailed>
    readonly cancel: (tenantId: string, id: string) => Effect.Effect<Run, RunNotFound | RunStateConflict>
    readonly retry: (tenantId: string, id: string) => Effect.Effect<Run, RunNotFound | RunStateConflict>
    readonly listApprovals: (
      tenantId: string,
      query: ApprovalListQuery
    ) => Effect.Effect<Listed<Approval>, ValidationFailed>
    readonly decide: (
      tenantId: string,
      id: string,
      decision: "approve" | "reject",
      note: string | undefined
    ) => Effect.Effect<Approval, ApprovalNotFound | ApprovalStateConflict>
    /** Follows a due run as far as it goes: the handler of `runQueue`. */
    readonly process: (tenantId: string, runId: string) => Effect.Effect<void, unknown, any>
    /** Ends approvals whose time ran out, failing their runs. */
    readonly expireApprovals: Effect.Effect<number>
    /** Queues the runs whose worker died (their lease ran out), to be taken over where they stopped. */
    readonly resumeStalled: Effect.Effect<number>
  }
>() {
  static readonly layer = Layer.effect(
    RunService,
    Effect.gen(function* () {
      const workflows = yield* WorkflowRepository
      const flows = yield* FlowRepository
      const runs = yield* RunRepository
      const approvals = yield* ApprovalRepository
      const tenants = yield* TenantService
      const runners = yield* SkillRunners
      const jobs = yield* JobQueue
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const { runLeaseMs } = yield* ServiceKitSettings
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const findRun = (tenantId: string, id: string) =>
        Effect.flatMap(runs.find(tenantId, id), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new RunNotFound())
        )
      /** "The run is due", one waiting job per run. */
      const jobOf = (run: Run): JobToEnqueue => ({
        payload: { tenantId: run.tenantId, runId: run.id },
        options: { key: `run:${run.id}` }
      })
      const due = (run: Run) => jobs.enqueueMany(runQueue, [jobOf(run)])
      const conflict = (run: Run, to: RunStatus) =>
        new RunStateConflict({ message: `A ${run.status} run cannot become ${to}.` })

      /** A new queued run of the workflow as it now stands. */
      const newRun = (
        tenantId: string,
        workflowId: string,
        input: StartInput,
        trigger: RunTrigger,
        parentRunId: string | null,
        idempotencyKey: string | null
      ) =>
        Effect.gen(function* () {
          const workflow = yield* Effect.flatMap(workflows.find(tenantId, workflowId), (found) =>
            Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new WorkflowNotFound())
          )
          if (!workflow.active)
            return yield* Effect.fail(new WorkflowInactive({ message: "The workflow is not active." }))
          if (workflow.steps.length === 0) {
            return yield* Effect.fail(new WorkflowInactive({ message: "The workflow has no steps to run." }))
          }
          const flow = yield* flows.find(tenantId, workflow.flowId)
          const at = yield* now
          const run: Run = {
            id: randomUuid(crypto),
            tenantId,
            workflowId,
            flowId: workflow.flowId,
            revision: Option.match(flow, { onNone: () => 1, onSome: (f) => f.revision }),
            steps: workflow.steps,
            status: "queued",
            trigger,
            context: input.context ?? "",
            payload: input.payload ?? {},
            parentRunId,
            idempotencyKey,
            results: [],
            reason: null,
            leaseUntil: null,
            createdAt: at,
            startedAt: null,
            finishedAt: null,
            updatedAt: at
          }
          return run
        })

      /** What a step's placeholders may name: the run's input and the results of the steps before `index`. */
      const variablesOf = (run: Run, index: number, policy: string): JsonObject => {
        const before = run.results.filter((result) => result.index < index && result.status === "succeeded")
        const variables: Record<string, unknown> = {
          context: run.context,
          payload: run.payload,
          event: { type: run.trigger.event ?? run.trigger.type },
          policy,
          last: { outputText: before.at(-1)?.outputText ?? "" }
        }
        for (const result of before) variables[`step${result.index}`] = result.output
        return variables
      }

      /** What one step does; nothing here is stored. */
      const perform = (run: Run, index: number, attempt: number, entitlements: ReadonlyArray<Product>) =>
        Effect.gen(function* (): Generator<any, Outcome, any> {
          const step = run.steps[index]!
          const rendered = render(step, variablesOf(run, index, ""))
          if (Either.isLeft(rendered)) return { kind: "failed", error: rendered.left }
          const filled = rendered.right as JsonObject
          switch (step.type) {
            case "log": {
              const message = typeof filled.message === "string" ? filled.message : ""
              return { kind: "done", output: { output: { message }, outputText: message } }
            }
            case "approval": {
              const seconds =
                typeof step.expiresInSeconds === "number" ? step.expiresInSeconds : DEFAULT_APPROVAL_SECONDS
              return { kind: "wait", title: String(filled.title), skillId: null, expiresInSeconds: seconds }
            }
            case "skill": {
              const skillId = String(step.skillId)
              const definition = findSkill(skillId)
              const missing = definition?.requires.find((product) => !entitlements.includes(product))
              if (missing !== undefined) {
                return {
                  kind: "failed",
                  error: `The skill ${skillId} needs the ${missing} product, which the account is not entitled to.`
                }
              }
              const runner = runners.get(skillId)
              if (runner === undefined) {
                return {
                  kind: "failed",
                  error: `The skill ${skillId} cannot run on this platform (no implementation is installed).`
                }
              }
              const called = yield* Effect.either(
                runner.run({
                  tenantId: run.tenantId,
                  runId: run.id,
                  stepIndex: index,
                  attempt,
                  idempotencyKey: `${run.id}:${index}:${attempt}`,
                  input: isObject(filled.input) ? filled.input : {}
                })
              )
              return Either.match(called, {
                onLeft: (error): Outcome => ({
                  kind: "failed",
                  error: error instanceof SkillFailed ? error.message : String(error)
                }),
                onRight: (output): Outcome => ({ kind: "done", output })
              })
            }
            default:
              return {
                kind: "failed",
                error: `A ${String(step.type)} step needs a product feature this platform has not installed.`
              }
          }
        }).pipe(
          Effect.catchAllDefect((defect) =>
            Effect.succeed<Outcome>({ kind: "failed", error: `The step failed unexpectedly: ${String(defect)}` })
          )
        )

      /** Stores `next` if the worker still holds `held`; false when the run was cancelled or taken over meanwhile. */
      const store = (held: Run, next: Run) => runs.update(next, ["running"], held.leaseUntil)

      const follow = (claimed: Run) =>
        Effect.gen(function* () {
          const tenant = yield* Effect.either(tenants.get(claimed.tenantId))
          const entitlements = Either.isRight(tenant) ? tenant.right.entitlements : []
          let run = claimed
          for (let index = 0; index < run.steps.length; index++) {
            const previous = run.results.find((result) => result.index === index)
            if (previous?.status === "succeeded" || previous?.status === "skipped") continue
            const at = yield* now
            const attempt = (previous?.attempt ?? 0) + (previous?.status === "waiting_approval" ? 0 : 1)
            const leaseUntil = new Date(at.getTime() + runLeaseMs)
            // An approved approval step is done; anything else starts (again).
            if (previous?.status === "waiting_approval") {
              const done: StepResult = {
                ...previous,
                status: "succeeded",
                output: { approved: true },
                outputText: "approved",
                finishedAt: at
              }
              const next: Run = { ...run, results: upsert(run.results, done), leaseUntil, updatedAt: at }
              if (!(yield* store(run, next))) return
              run = next
              continue
            }
            const step = run.steps[index]!
            const started: StepResult = {
              index,
              type: String(step.type),
              name: typeof step.name === "string" ? step.name : null,
              status: "running",
              output: null,
              outputText: null,
              error: null,
              attempt,
              startedAt: at,
              finishedAt: null
            }
            const running: Run = { ...run, results: upsert(run.results, started), leaseUntil, updatedAt: at }
            if (!(yield* store(run, running))) return
            run = running
            const outcome = yield* perform(run, index, attempt, entitlements)
            const ended = yield* now
            if (outcome.kind === "done") {
              const done: StepResult = {
                ...started,
                status: "succeeded",
                output: outcome.output.output,
                outputText: outcome.output.outputText,
                finishedAt: ended
              }
              const next: Run = {
                ...run,
                results: upsert(run.results, done),
                leaseUntil: new Date(ended.getTime() + runLeaseMs),
                updatedAt: ended
              }
              if (!(yield* store(run, next))) return
              run = next
              continue
            }
            if (outcome.kind === "failed") {
              const failed: StepResult = { ...started, status: "failed", error: outcome.error, finishedAt: ended }
              yield* store(run, {
                ...run,
                status: "failed",
                results: upsert(run.results, failed),
                reason: `Step ${index} failed: ${outcome.error}`,
                leaseUntil: null,
                finishedAt: ended,
                updatedAt: ended
              })
              return
            }
            // Waits for a person: the approval and the paused run commit together.
            const waiting: StepResult = { ...started, status: "waiting_approval", finishedAt: null }
            const approval: Approval = {
              id: randomUuid(crypto),
              tenantId: run.tenantId,
              runId: run.id,
              workflowId: run.workflowId,
              stepIndex: index,
              title: outcome.title,
              skillId: outcome.skillId,
              status: "pending",
              note: null,
              expiresAt: new Date(ended.getTime() + outcome.expiresInSeconds * 1000),
              decidedAt: null,
              createdAt: ended,
              updatedAt: ended
            }
            yield* unit.withTransaction(
              Effect.flatMap(
                store(run, {
                  ...run,
                  status: "waiting_approval",
                  results: upsert(run.results, waiting),
                  leaseUntil: null,
                  updatedAt: ended
                }),
                (stored) => (stored ? approvals.insert(approval) : Effect.void)
              )
            )
            return
          }
          const at = yield* now
          yield* store(run, { ...run, status: "succeeded", leaseUntil: null, finishedAt: at, updatedAt: at })
        })

      const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE

      const hook = (tenantId: string, input: HookInput) =>
        Effect.gen(function* () {
          if (
            input.idempotencyKey !== undefined &&
            (input.idempotencyKey.length === 0 || input.idempotencyKey.length > 255)
          ) {
            return yield* Effect.fail(invalidField("idempotencyKey", "must be 1 to 255 characters"))
          }
          const trigger: RunTrigger = { type: "webhook", event: input.event ?? null }
          const run = yield* newRun(tenantId, input.workflowId, input, trigger, null, input.idempotencyKey ?? null)
          if (run.idempotencyKey === null) {
            return yield* unit.withTransaction(Effect.as(Effect.zipRight(runs.insert(run), due(run)), run))
          }
          const keptSince = new Date(run.createdAt.getTime() - IDEMPOTENCY_HOURS * 3_600_000)
          return yield* unit.withTransaction(
            Effect.flatMap(runs.insertKeyed(run, keptSince), (stored) =>
              stored.id === run.id ? Effect.as(due(run), run) : Effect.succeed(stored)
            )
          )
        })

      return {
        start: (tenantId, workflowId, input, trigger, parentRunId = null) =>
          Effect.flatMap(newRun(tenantId, workflowId, input, trigger, parentRunId, null), (run) =>
            unit.withTransaction(Effect.as(Effect.zipRight(runs.insert(run), due(run)), run))
          ),
        hook,
        hookWithToken: (token, input) =>
          Effect.gen(function* () {
            const candidates = yield* workflows.findEverywhere(input.workflowId)
            // Every candidate is compared, so the time taken does not tell which one came close.
            const matching = candidates.filter((workflow) => {
              const webhook = workflow.trigger.webhook
              const expected = isObject(webhook) && typeof webhook.token === "string" ? webhook.token : ""
              return constantTimeEqual(expected, token) && expected !== ""
            })
            if (matching.length !== 1) {
              return yield* Effect.fail(
                unauthenticated("invalid_automation_token", "The automation token does not match the workflow's.")
              )
            }
            return yield* hook(matching[0]!.tenantId, input)
          }),
        get: findRun,
        list: (tenantId, query) =>
          listPage(
            { limit: pageSize(query.limit), cursor: query.cursor },
            (cursor) => runs.find(tenantId, cursor),
            (page) => runs.list(tenantId, { ...page, workflowId: query.workflowId, status: query.status })
          ),
        cancel: (tenantId, id) =>
          Effect.gen(function* () {
            const run = yield* findRun(tenantId, id)
            if (!canMove(run.status, "cancelled")) return yield* Effect.fail(conflict(run, "cancelled"))
            const at = yield* now
            const cancelled: Run = {
              ...run,
              status: "cancelled",
              reason: "Cancelled.",
              leaseUntil: null,
              finishedAt: at,
              updatedAt: at
            }
            if (!(yield* runs.update(cancelled, [run.status]))) return yield* Effect.fail(conflict(run, "cancelled"))
            return cancelled
          }),
        retry: (tenantId, id) =>
          Effect.gen(function* () {
            const run = yield* findRun(tenantId, id)
            if (!canMove(run.status, "queued")) return yield* Effect.fail(conflict(run, "queued"))
            const at = yield* now
            const queued: Run = {
              ...run,
              status: "queued",
              reason: null,
              leaseUntil: null,
              finishedAt: null,
              updatedAt: at
            }
            const moved = yield* unit.withTransaction(
              Effect.flatMap(runs.update(queued, ["failed", "cancelled"]), (stored) =>
                stored ? Effect.as(due(queued), true) : Effect.succeed(false)
              )
            )
            if (!moved) return yield* Effect.fail(conflict(run, "queued"))
            return queued
          }),
        listApprovals: (tenantId, query) =>
          listPage(
            { limit: pageSize(query.limit), cursor: query.cursor },
            (cursor) => approvals.find(tenantId, cursor),
            (page) => approvals.list(tenantId, { ...page, status: query.status })
          ),
        decide: (tenantId, id, decision, note) =>
          unit.withTransaction(
            Effect.gen(function* () {
              const approval = yield* Effect.flatMap(approvals.find(tenantId, id), (found) =>
                Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new ApprovalNotFound())
              )
              const at = yield* now
              if (approval.status === "pending" && approval.expiresAt <= at) {
                return yield* Effect.fail(
                  new ApprovalStateConflict({
                    code: "approval_expired",
                    message: "The approval expired before it was decided."
                  })
                )
              }
              const decided = yield* approvals.decide(tenantId, id, {
                status: decision === "approve" ? "approved" : "rejected",
                note: note ?? null,
                at
              })
              if (Option.isNone(decided)) {
                return yield* Effect.fail(
                  new ApprovalStateConflict({
                    code: "approval_decided",
                    message: `The approval was ${approval.status} already.`
                  })
                )
              }
              // An approval's run is never deleted.
              const run = yield* Effect.orDie(findRun(tenantId, approval.runId))
              if (run.status === "waiting_approval") {
                const next: Run =
                  decision === "approve"
                    ? { ...run, status: "queued", updatedAt: at }
                    : {
                        ...run,
                        status: "failed",
                        reason: `Step ${approval.stepIndex} was rejected${note ? `: ${note}` : "."}`,
                        results: run.results.map((r) =>
                          r.index === approval.stepIndex
                            ? { ...r, status: "failed" as const, error: "Rejected.", finishedAt: at }
                            : r
                        ),
                        finishedAt: at,
                        updatedAt: at
                      }
                if (yield* runs.update(next, ["waiting_approval"])) {
                  if (next.status === "queued") yield* due(next)
                }
              }
              return decided.value
            })
          ),
        process: (tenantId, runId) =>
          Effect.gen(function* () {
            const at = yield* now
            const claimed = yield* runs.claim(tenantId, runId, at, new Date(at.getTime() + runLeaseMs))
            if (Option.isSome(claimed)) yield* follow(claimed.value)
          }),
        resumeStalled: Effect.gen(function* () {
          const stalled = yield* runs.stalled(yield* now, 100)
          yield* jobs.enqueueMany(runQueue, stalled.map(jobOf))
          return stalled.length
        }),
        expireApprovals: Effect.gen(function* () {
          const at = yield* now
          const expired = yield* approvals.expired(at, 100)
          for (const approval of expired) {
            yield* unit.withTransaction(
              Effect.gen(function* () {
                const decided = yield* approvals.decide(approval.tenantId, approval.id, {
                  status: "expired",
                  note: null,
                  at
                })
                if (Option.isNone(decided)) return
                const run = yield* runs.find(approval.tenantId, approval.runId)
                if (Option.isSome(run) && run.value.status === "waiting_approval") {
                  yield* runs.update(
                    {
                      ...run.value,
                      status: "failed",
                      reason: `The approval of step ${approval.stepIndex} expired.`,
                      finishedAt: at,
                      updatedAt: at
                    },
                    ["waiting_approval"]
                  )
                }
              })
            )
          }
          return expired.length
        })
      }
    })
  )
}

const upsert = (results: ReadonlyArray<StepResult>, result: StepResult) =>
  [...results.filter((other) => other.index !== result.index), result].sort((a, b) => a.index - b.index)
