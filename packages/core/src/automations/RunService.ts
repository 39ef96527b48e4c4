import { Clock, Context, Effect, Either, Fiber, Layer, Option, Runtime, type Scope } from "effect"
import { JobQueue, type JobToEnqueue, defineQueue } from "../jobs/JobQueue.js"
import { SkillFailed, SkillPending } from "../module/SkillRunner.js"
import { SecretCrypto, constantTimeEqual, randomUuid } from "../platform/Crypto.js"
import { hookTokenDigest } from "./HookToken.js"
import {
  type GroupCommitOptions,
  committersOn,
  groupCommit,
  toEveryAsker,
  toFirstAskers
} from "../platform/GroupCommit.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { type Slots, makeSlots } from "../platform/Slots.js"
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
import { type WorkflowKey, WorkflowRepository } from "./AutomationsRepositories.js"
import {
  type Approval,
  type Run,
  type RunStatus,
  type RunTrigger,
  type StepResult,
  WAITING_STEP_STATUSES,
  canMove
} from "./Run.js"
import { ApprovalRepository, type RunKey, RunRepository } from "./RunRepositories.js"
import { SkillRegistry } from "./Skills.js"
import { verdictOf } from "./Governance.js"
import { waitOutcome } from "./WaitStep.js"
import { runAgentStep } from "./AgentStep.js"
import { DEFAULT_APPROVAL_SECONDS, type StepOutcome, approvalTitle, stepFailed, waitForSkill } from "./StepOutcome.js"
import { PolicyRepository, ToolProfileRepository, profileOfStep } from "./GovernanceRepositories.js"
import type { JsonObject, Workflow } from "./Workflow.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** The runs API requests start are read and stored in groups (see groupCommit)... */
const STARTS = { max: 100, committers: 4 }
/** ...as are the workers' claims and their writes of a run's progress, each a statement for many runs. */
const WORKER_WRITES = { max: 50, committers: 2 }

/** How long an inbound hook's idempotency key answers its first run. */
export const IDEMPOTENCY_HOURS = 24
export { DEFAULT_APPROVAL_SECONDS }

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

/** How a run comes about, beyond its input. */
export interface StartOptions {
  /** The run that spawned it (subagent.spawn). */
  readonly parentRunId?: string | null | undefined
  /**
   * Makes the start idempotent for 24 hours: a second start with the key answers the first run
   * (an inbound hook's key, a trigger's firing).
   */
  readonly idempotencyKey?: string | null | undefined
  /** Started with a test key, or by a test run: a test run (its emails go to the test mailbox). */
  readonly test?: boolean | undefined
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

/** What a run's steps see of their tenant, read when a worker takes the run. */
interface RunSetting {
  readonly entitlements: ReadonlyArray<Product>
  /** The standing orders, for `{{policy}}`. */
  readonly policy: string
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
      options?: StartOptions
    ) => Effect.Effect<Run, ValidationFailed | WorkflowNotFound | WorkflowInactive>
    /**
     * A manual run an API request starts, outside any unit of work of the caller's: stored with
     * the starts that arrive meanwhile, together (group commit).
     */
    readonly request: (
      tenantId: string,
      workflowId: string,
      input: StartInput,
      options?: Pick<StartOptions, "test">
    ) => Effect.Effect<Run, ValidationFailed | WorkflowNotFound | WorkflowInactive>
    /**
     * Records a firing that did not run (the tenant was busy, an empty heartbeat): a run that is
     * skipped from the start, with the reason. Idempotent by `idempotencyKey` like `start`.
     */
    readonly skip: (
      tenantId: string,
      workflowId: string,
      trigger: RunTrigger,
      reason: string,
      idempotencyKey: string | null
    ) => Effect.Effect<Run, WorkflowNotFound>
    readonly hook: (
      tenantId: string,
      input: HookInput,
      options?: Pick<StartOptions, "test">
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
    /**
     * While the scope lasts (this process runs the run workers, in the scope's context), the runs
     * that API requests start here are followed here at once, up to `concurrency` at a time,
     * without a job: each is stored reserved for this process (a lease); should the process die
     * first, the resume sweep queues it once the lease runs out. Closing takes no more and waits
     * for the runs taken.
     */
    readonly followStartsHere: (concurrency: number) => Effect.Effect<void, never, Scope.Scope>
    /** Ends approvals whose time ran out, failing their runs. */
    readonly expireApprovals: Effect.Effect<number>
    /**
     * Queues a run waiting for a node again, once the node answered (see SkillPending); false
     * when the run waits no more.
     */
    readonly wake: (tenantId: string, runId: string) => Effect.Effect<boolean>
    /**
     * Queues the runs whose worker died (their lease ran out), to be taken over where they stopped,
     * those whose starting process died before taking them (their reservation ran out), and those
     * whose node's time is up.
     */
    readonly resumeStalled: Effect.Effect<number>
  }
>() {
  static readonly layer = Layer.scoped(
    RunService,
    Effect.gen(function* () {
      const workflows = yield* WorkflowRepository
      const runs = yield* RunRepository
      const approvals = yield* ApprovalRepository
      const tenants = yield* TenantService
      const skills = yield* SkillRegistry
      const policies = yield* PolicyRepository
      const profiles = yield* ToolProfileRepository
      const jobs = yield* JobQueue
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const { runLeaseMs, worker } = yield* ServiceKitSettings
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const committersFor = (options: GroupCommitOptions) => ({
        ...options,
        committers: committersOn(unit, options.committers)
      })

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

      /** Queues a run waiting for a node again; false when it waits no more (woken already, cancelled). */
      const wake = (tenantId: string, runId: string) =>
        Effect.gen(function* () {
          const found = yield* runs.find(tenantId, runId)
          if (Option.isNone(found) || found.value.status !== "waiting_node") return false
          const at = yield* now
          const queued: Run = { ...found.value, status: "queued", leaseUntil: null, updatedAt: at }
          return yield* unit.withTransaction(
            Effect.flatMap(runs.update(queued, ["waiting_node"]), (moved) =>
              moved ? Effect.as(due(queued), true) : Effect.succeed(false)
            )
          )
        })

      /** The workflows that API requests start, read together: one statement for a moment's starts. */
      const readWorkflow = yield* groupCommit(
        (keys: ReadonlyArray<WorkflowKey>) =>
          Effect.map(workflows.findMany(keys), (found) => toEveryAsker(keys, found)),
        committersFor(STARTS)
      )
      /**
       * `grouped` for callers outside any unit of work; one inside reads alone, in its unit (a
       * grouped read would wait outside it, for a connection the unit may hold).
       */
      const findWorkflow = (tenantId: string, workflowId: string, grouped = false) =>
        Effect.flatMap(
          grouped ? readWorkflow({ tenantId, id: workflowId }) : workflows.find(tenantId, workflowId),
          (found) => (Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new WorkflowNotFound()))
        )

      /** A new queued run of the workflow as it now stands. */
      const runOf = (workflow: Workflow, input: StartInput, trigger: RunTrigger, options: StartOptions) =>
        Effect.gen(function* () {
          const at = yield* now
          const run: Run = {
            id: randomUuid(crypto),
            tenantId: workflow.tenantId,
            workflowId: workflow.id,
            flowId: workflow.flowId,
            revision: workflow.revision,
            steps: workflow.steps,
            status: "queued",
            attempt: 1,
            trigger,
            context: input.context ?? "",
            payload: input.payload ?? {},
            parentRunId: options.parentRunId ?? null,
            test: options.test ?? false,
            idempotencyKey: options.idempotencyKey ?? null,
            results: [],
            reason: null,
            leaseUntil: null,
            heldBy: null,
            takeovers: [],
            createdAt: at,
            startedAt: null,
            finishedAt: null,
            updatedAt: at
          }
          return run
        })

      /** A new queued run of an active workflow with steps. */
      const newRun = (
        tenantId: string,
        workflowId: string,
        input: StartInput,
        trigger: RunTrigger,
        options: StartOptions,
        grouped = false
      ) =>
        Effect.gen(function* () {
          const workflow = yield* findWorkflow(tenantId, workflowId, grouped)
          if (!workflow.active)
            return yield* Effect.fail(new WorkflowInactive({ message: "The workflow is not active." }))
          if (workflow.steps.length === 0) {
            return yield* Effect.fail(new WorkflowInactive({ message: "The workflow has no steps to run." }))
          }
          return yield* runOf(workflow, input, trigger, options)
        })

      /** While this process runs the run workers (`followStartsHere`): its room for runs it starts, and their runtime. */
      let here: { readonly slots: Slots; readonly runtime: Runtime.Runtime<any> } | undefined

      /**
       * Follows a run this process started and reserved, for as long as a job of the run queue may
       * take, giving its slot back when done. One that fails or outlasts that is queued as a job,
       * which takes the run on (at once, or once the run's lease runs out).
       */
      const followStarted = (run: Run, slots: Slots) =>
        processRun(run.tenantId, run.id).pipe(
          Effect.timeoutFail({ duration: runQueue.lease, onTimeout: () => "outlasted the run queue's lease" }),
          Effect.catchAllCause((cause) =>
            Effect.zipRight(
              Effect.logWarning(`Run ${run.id} stopped; it is queued to go on.`, cause),
              Effect.exit(due(run))
            )
          ),
          Effect.ensuring(Effect.sync(() => slots.give(1)))
        )

      /**
       * Group commit of the runs API requests start: the starts that arrive while the committers
       * are busy are stored together, in one insert and one enqueue. Those this process has room
       * to follow are stored reserved for it (a lease) instead of queued as jobs, and followed at
       * once after the commit.
       */
      const startGrouped = yield* groupCommit(
        // A slot taken is given back if the write fails or is interrupted (a reservation it may
        // have stored all the same is swept), or else handed to its run's follower, uninterrupted.
        (started: ReadonlyArray<Run>) =>
          Effect.uninterruptibleMask((restore) =>
            Effect.gen(function* () {
              const followers = here
              const taken = followers?.slots.take(started.length) ?? 0
              const stored = started.map((run, i) =>
                i < taken ? { ...run, leaseUntil: new Date(run.createdAt.getTime() + runLeaseMs) } : run
              )
              const queued = stored.slice(taken).map(jobOf)
              // Runs without jobs are one statement, atomic without a transaction of its own.
              yield* restore(
                queued.length === 0
                  ? runs.insertMany(stored)
                  : unit.withTransaction(Effect.zipRight(runs.insertMany(stored), jobs.enqueueMany(runQueue, queued)))
              ).pipe(Effect.onError(() => Effect.sync(() => followers?.slots.give(taken))))
              if (followers !== undefined) {
                for (const run of stored.slice(0, taken))
                  Runtime.runFork(followers.runtime)(followStarted(run, followers.slots))
              }
              return stored
            })
          ),
        committersFor(STARTS)
      )

      /** Stores a new run (once per idempotency key) and, when it is queued, makes it due; answers the run that holds the key. */
      const insertRun = (run: Run) => {
        const ifQueued = (stored: Run) =>
          stored.status === "queued" ? Effect.as(due(stored), stored) : Effect.succeed(stored)
        if (run.idempotencyKey === null) return unit.withTransaction(Effect.zipRight(runs.insert(run), ifQueued(run)))
        const keptSince = new Date(run.createdAt.getTime() - IDEMPOTENCY_HOURS * 3_600_000)
        return unit.withTransaction(
          Effect.flatMap(runs.insertKeyed(run, keptSince), (stored) =>
            stored.id === run.id ? ifQueued(run) : Effect.succeed(stored)
          )
        )
      }

      /** The steps before `index` that succeeded. */
      const succeededBefore = (run: Run, index: number) =>
        run.results.filter((result) => result.index < index && result.status === "succeeded")
      /** `{{last.outputText}}`: the text of the last step before `index` that succeeded. */
      const lastOutputText = (run: Run, index: number) => succeededBefore(run, index).at(-1)?.outputText ?? ""

      /** What a step's placeholders may name: the run's input and the results of the steps before `index`. */
      const variablesOf = (run: Run, index: number, policy: string): JsonObject => {
        const before = succeededBefore(run, index)
        const variables: Record<string, unknown> = {
          context: run.context,
          payload: run.payload,
          event: { type: run.trigger.event ?? run.trigger.type },
          policy,
          last: { outputText: lastOutputText(run, index) }
        }
        for (const result of before) variables[`step${result.index}`] = result.output
        return variables
      }

      /**
       * What one step does. Nothing here is stored, but for an agent step's turns, which it stores
       * through `checkpoint` as it goes, resuming from those of `previous`.
       */
      const perform = (
        run: Run,
        index: number,
        attempt: number,
        setting: RunSetting,
        approved: boolean,
        previous: StepResult | undefined,
        checkpoint: (output: unknown) => Effect.Effect<boolean>
      ) =>
        Effect.gen(function* (): Generator<any, StepOutcome, any> {
          const step = run.steps[index]!
          const rendered = render(step, variablesOf(run, index, setting.policy))
          if (Either.isLeft(rendered)) return stepFailed(rendered.left)
          const filled = rendered.right as JsonObject
          switch (step.type) {
            case "log": {
              const message = typeof filled.message === "string" ? filled.message : ""
              return { kind: "done", output: { output: { message }, outputText: message } }
            }
            case "approval": {
              const seconds =
                typeof step.expiresInSeconds === "number" ? step.expiresInSeconds : DEFAULT_APPROVAL_SECONDS
              return {
                kind: "wait",
                title: approvalTitle(filled, index),
                skillId: null,
                input: null,
                expiresInSeconds: seconds
              }
            }
            case "wait": {
              const at = yield* now
              const startedAt = run.results.find((result) => result.index === index)?.startedAt ?? at
              return waitOutcome(step, previous, startedAt, at)
            }
            case "skill":
              return yield* callSkill(run, index, attempt, setting, approved, filled)
            // A deliver step is channel.deliver with its content, by default what the step before said.
            case "deliver": {
              const content = typeof filled.content === "string" ? filled.content : lastOutputText(run, index)
              const input = { channelId: filled.channelId, content }
              return yield* callSkill(run, index, attempt, setting, approved, {
                type: "skill",
                skillId: "channel.deliver",
                input,
                ...(typeof filled.toolProfile === "string" ? { toolProfile: filled.toolProfile } : {})
              })
            }
            case "agent": {
              if (!setting.entitlements.includes("ai_agent")) {
                return stepFailed("An agent step needs the ai_agent product, which the account is not entitled to.")
              }
              return yield* runAgentStep({
                run,
                index,
                step: filled,
                entitlements: setting.entitlements,
                policy: setting.policy,
                previous,
                checkpoint,
                decision: (approvalId) =>
                  Effect.map(approvals.find(run.tenantId, approvalId), (found) =>
                    Option.isSome(found) ? found.value.status : undefined
                  )
              })
            }
            default:
              return stepFailed(`A ${String(step.type)} step needs a product feature this platform has not installed.`)
          }
        }).pipe(
          Effect.catchAllDefect((defect) =>
            Effect.succeed(stepFailed(`The step failed unexpectedly: ${String(defect)}`))
          )
        )

      /**
       * A skill step: the skill must be known, entitled, installed and allowed by the step's tool
       * profile; a gated skill waits for an approval first; its filled-in input is checked again.
       */
      const callSkill = (
        run: Run,
        index: number,
        attempt: number,
        setting: RunSetting,
        approved: boolean,
        step: JsonObject
      ) =>
        Effect.gen(function* (): Generator<any, StepOutcome, any> {
          const skillId = String(step.skillId)
          const skill = skills.find(skillId)
          const runner = skills.runner(skillId)
          if (skill === undefined || runner === undefined) {
            return stepFailed(`The skill ${skillId} cannot run on this platform (no implementation is installed).`)
          }
          const missing = skill.requires.find((product) => !setting.entitlements.includes(product))
          if (missing !== undefined) {
            return stepFailed(
              `The skill ${skillId} needs the ${missing} product, which the account is not entitled to.`
            )
          }
          const found = yield* Effect.either(profileOfStep(profiles, run.tenantId, step))
          if (Either.isLeft(found)) return stepFailed(found.left)
          const profile = found.right
          const verdict = verdictOf(profile, skill)
          if (verdict === "denied") {
            return stepFailed(`The tool profile ${profile!.name} does not allow the skill ${skillId}.`)
          }
          // Built-in skills were checked when the workflow was written (their runners check what
          // placeholders filled in); an embedder's skill gets its input as its schema parses it.
          const filled = isObject(step.input) ? step.input : {}
          // The approval shows the input filled in, which is what runs: the run's input and the
          // results of the steps before do not change while it waits.
          if (verdict === "approval" && !approved) return waitForSkill(skillId, { input: filled })
          const input = yield* Effect.either(skill.parsesPlaceholders ? Effect.succeed(filled) : skill.parse(filled))
          if (Either.isLeft(input)) {
            const first = input.left[0]
            return stepFailed(
              `The input is invalid: ${first?.field ? `${first.field} ` : ""}${first?.reason ?? ""}`.trim()
            )
          }
          const called = yield* Effect.either(
            runner.run({
              tenantId: run.tenantId,
              runId: run.id,
              stepIndex: index,
              attempt,
              idempotencyKey: `${run.id}:${index}:${run.attempt}`,
              test: run.test,
              input: input.right as JsonObject
            })
          )
          return Either.match(called, {
            onLeft: (error): StepOutcome =>
              error instanceof SkillPending
                ? {
                    kind: "pending",
                    status: "waiting_node",
                    until: error.until,
                    ready: error.ready,
                    output: error.output
                  }
                : error instanceof SkillFailed
                  ? stepFailed(error.message, error.output ?? null)
                  : stepFailed(String(error)),
            onRight: (output): StepOutcome => ({ kind: "done", output })
          })
        })

      /** Claims due runs for this process's workers, the claims of a moment together. */
      const claimGrouped = yield* groupCommit(
        (keys: ReadonlyArray<RunKey>) =>
          Effect.flatMap(now, (at) =>
            Effect.map(runs.claimMany(keys, at, new Date(at.getTime() + runLeaseMs), worker), (claimed) =>
              toFirstAskers(keys, claimed)
            )
          ),
        committersFor(WORKER_WRITES)
      )
      const updateGrouped = yield* groupCommit(runs.updateMany, committersFor(WORKER_WRITES))

      /**
       * Stores `next` if the worker still holds `held`; false when the run was cancelled or taken
       * over meanwhile. Grouped with other workers' writes, unless inside a unit of work (`alone`).
       */
      const store = (held: Run, next: Run, alone = false) =>
        alone
          ? runs.update(next, ["running"], held.leaseUntil)
          : updateGrouped({ run: next, from: ["running"], leaseUntil: held.leaseUntil })

      const follow = (claimed: Run) =>
        Effect.gen(function* () {
          // Read only when a step needs them, so a run of plain steps costs no extra queries.
          const steps = JSON.stringify(claimed.steps)
          const usesSkills = steps.includes('"skill"') || steps.includes('"agent"') || steps.includes('"deliver"')
          const tenant = usesSkills ? yield* Effect.either(tenants.get(claimed.tenantId)) : undefined
          const usesPolicy = steps.includes("policy") || steps.includes('"agent"')
          const policy = usesPolicy ? yield* policies.find(claimed.tenantId) : Option.none()
          const setting: RunSetting = {
            entitlements: tenant !== undefined && Either.isRight(tenant) ? tenant.right.entitlements : [],
            policy: Option.match(policy, { onNone: () => "", onSome: (found) => found.standingOrders })
          }
          // `run` is the run as this worker follows it; `stored`, as last written (its lease is the
          // worker's hold). Log and approval steps do nothing outside the run, so their results are
          // written with the next write: after a crash they are simply done again. A skill's start
          // and its result are each written before anything else happens.
          let run = claimed
          let stored = claimed
          // One write at a time: each compares the lease the one before wrote.
          const writing = yield* Effect.makeSemaphore(1)
          const persist = (next: Run, alone = false) =>
            writing.withPermits(1)(
              Effect.map(store(stored, next, alone), (written) => {
                if (written) stored = run = next
                return written
              })
            )
          /**
           * Extends the hold on the run every quarter of the lease while a step lasts (a slow
           * partner, a slow model), so that no other worker takes it over, though a write or two
           * is slow; false once the run is lost. A write under way is never cut off, or the next
           * one would compare a stale lease.
           */
          const keepLease = Effect.sleep(runLeaseMs / 4).pipe(
            Effect.zipRight(
              Effect.uninterruptible(
                writing.withPermits(1)(
                  Effect.flatMap(now, (at) => {
                    const next: Run = { ...stored, leaseUntil: new Date(at.getTime() + runLeaseMs), updatedAt: at }
                    return Effect.map(store(stored, next), (written) => {
                      if (written) {
                        stored = next
                        run = { ...run, leaseUntil: next.leaseUntil, updatedAt: at }
                      }
                      return written
                    })
                  })
                )
              )
            ),
            Effect.repeat({ while: (written) => written })
          )
          for (let index = 0; index < run.steps.length; index++) {
            const previous = run.results.find((result) => result.index === index)
            if (previous?.status === "succeeded" || previous?.status === "skipped") continue
            const at = yield* now
            const step = run.steps[index]!
            const last = index === run.steps.length - 1
            // A run waiting for an approval is queued again only once it is approved; one waiting
            // for a node, once the node answered or its time is up, and one waiting for a timer, once its
            // time is up: they go on with the same try.
            const resumed = previous?.status === "waiting_approval"
            const answered = previous?.status === "waiting_node" || previous?.status === "waiting_timer"
            const attempt = (previous?.attempt ?? 0) + (resumed || answered ? 0 : 1)
            const leaseUntil = new Date(at.getTime() + runLeaseMs)
            // An approved approval step is done; anything else starts (again).
            if (resumed && step.type === "approval") {
              const done: StepResult = {
                ...previous!,
                approved: true,
                status: "succeeded",
                output: { approved: true },
                outputText: "approved",
                finishedAt: at
              }
              run = { ...run, results: upsert(run.results, done), leaseUntil, updatedAt: at }
              continue
            }
            const started: StepResult = {
              index,
              type: String(step.type),
              name: typeof step.name === "string" ? step.name : null,
              status: "running",
              output: null,
              outputText: null,
              error: null,
              attempt,
              // A gated skill approved before its worker died, or before it waited for a node, needs no second approval.
              approved: resumed || ((previous?.status === "running" || answered) && previous.approved),
              worker,
              startedAt: at,
              finishedAt: null
            }
            const sideEffects = step.type === "skill" || step.type === "agent" || step.type === "deliver"
            const running: Run = { ...run, results: upsert(run.results, started), leaseUntil, updatedAt: at }
            if (sideEffects) {
              if (!(yield* persist(running))) return
            } else run = running
            // An agent stores its turns as it goes, each write extending the lease.
            const checkpoint = (output: unknown) =>
              Effect.flatMap(now, (at) =>
                persist({
                  ...run,
                  results: upsert(run.results, { ...started, output }),
                  leaseUntil: new Date(at.getTime() + runLeaseMs),
                  updatedAt: at
                })
              )
            const keeping = sideEffects ? yield* Effect.fork(keepLease) : undefined
            const outcome = yield* perform(run, index, attempt, setting, started.approved, previous, checkpoint).pipe(
              Effect.ensuring(keeping === undefined ? Effect.void : Fiber.interrupt(keeping))
            )
            if (outcome.kind === "lost") return
            const ended = yield* now
            if (outcome.kind === "done") {
              const done: StepResult = {
                ...started,
                status: "succeeded",
                output: outcome.output.output,
                outputText: outcome.output.outputText,
                finishedAt: ended
              }
              const next: Run = last
                ? {
                    ...run,
                    status: "succeeded",
                    results: upsert(run.results, done),
                    leaseUntil: null,
                    finishedAt: ended,
                    updatedAt: ended
                  }
                : {
                    ...run,
                    results: upsert(run.results, done),
                    leaseUntil: new Date(ended.getTime() + runLeaseMs),
                    updatedAt: ended
                  }
              if (last || sideEffects) {
                if (!(yield* persist(next))) return
              } else run = next
              continue
            }
            if (outcome.kind === "failed") {
              const failed: StepResult = {
                ...started,
                status: "failed",
                output: outcome.output,
                error: outcome.error,
                finishedAt: ended
              }
              yield* persist({
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
            if (outcome.kind === "pending") {
              // Waits for a node or a timer, holding no worker: a node's result queues the run again
              // (`wake`), and a job at `until` takes it up in case none comes (or once the wait is
              // over). A result that came before the run was stored as waiting would find nothing to
              // wake: `ready` catches it.
              const parked: Run = {
                ...run,
                status: outcome.status,
                results: upsert(run.results, { ...started, status: outcome.status, output: outcome.output }),
                leaseUntil: outcome.until,
                updatedAt: ended
              }
              const timeUp: JobToEnqueue = {
                ...jobOf(run),
                options: { key: `run:${run.id}:until:${outcome.until.getTime()}`, runAt: outcome.until }
              }
              const written = yield* unit.withTransaction(
                Effect.flatMap(persist(parked, true), (written) =>
                  written ? Effect.as(jobs.enqueueMany(runQueue, [timeUp]), true) : Effect.succeed(false)
                )
              )
              if (written && (yield* outcome.ready)) yield* wake(run.tenantId, run.id)
              return
            }
            // Waits for a person: the approval and the paused run commit together.
            const waiting: StepResult = {
              ...started,
              status: "waiting_approval",
              output: outcome.output ?? null,
              finishedAt: null
            }
            const approval: Approval = {
              id: outcome.approvalId ?? randomUuid(crypto),
              tenantId: run.tenantId,
              runId: run.id,
              workflowId: run.workflowId,
              stepIndex: index,
              title: outcome.title,
              skillId: outcome.skillId,
              input: outcome.input,
              status: "pending",
              note: null,
              expiresAt: new Date(ended.getTime() + outcome.expiresInSeconds * 1000),
              decidedAt: null,
              createdAt: ended,
              updatedAt: ended
            }
            yield* unit.withTransaction(
              Effect.flatMap(
                persist(
                  {
                    ...run,
                    status: "waiting_approval",
                    results: upsert(run.results, waiting),
                    leaseUntil: null,
                    updatedAt: ended
                  },
                  true
                ),
                (written) => (written ? approvals.insert(approval) : Effect.void)
              )
            )
            return
          }
          // Every step was done before (a run taken over after its last write): it only ends.
          if (stored.status === "running") {
            const at = yield* now
            yield* persist({ ...run, status: "succeeded", leaseUntil: null, finishedAt: at, updatedAt: at })
          }
        })

      const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE

      const hook = (tenantId: string, input: HookInput, options: Pick<StartOptions, "test"> = {}) =>
        Effect.gen(function* () {
          if (
            input.idempotencyKey !== undefined &&
            (input.idempotencyKey.length === 0 || input.idempotencyKey.length > 255)
          ) {
            return yield* Effect.fail(invalidField("idempotencyKey", "must be 1 to 255 characters"))
          }
          const trigger: RunTrigger = { type: "webhook", event: input.event ?? null }
          const run = yield* newRun(
            tenantId,
            input.workflowId,
            input,
            trigger,
            { idempotencyKey: input.idempotencyKey, test: options.test },
            true
          )
          return yield* run.idempotencyKey === null ? startGrouped(run) : insertRun(run)
        })

      /** Claims a due run and follows it as far as it goes, unless another worker holds it or it ended. */
      const processRun = (tenantId: string, runId: string) =>
        Effect.gen(function* () {
          const claimed = yield* claimGrouped({ tenantId, id: runId })
          if (Option.isSome(claimed)) yield* follow(claimed.value)
        })

      return {
        start: (tenantId, workflowId, input, trigger, options = {}) =>
          Effect.flatMap(newRun(tenantId, workflowId, input, trigger, options), insertRun),
        request: (tenantId, workflowId, input, options = {}) =>
          Effect.flatMap(
            newRun(tenantId, workflowId, input, { type: "manual", event: null }, { test: options.test }, true),
            startGrouped
          ),
        skip: (tenantId, workflowId, trigger, reason, idempotencyKey) =>
          Effect.gen(function* () {
            const run = yield* runOf(yield* findWorkflow(tenantId, workflowId), {}, trigger, { idempotencyKey })
            return yield* insertRun({ ...run, status: "skipped", reason, finishedAt: run.createdAt })
          }),
        hook,
        hookWithToken: (token, input) =>
          Effect.gen(function* () {
            const candidates = yield* workflows.findEverywhere(input.workflowId)
            const digest = yield* crypto.sha256Hex(token)
            // Every candidate is compared, so the time taken does not tell which one came close.
            const matching = candidates.filter((workflow) => {
              const expected = hookTokenDigest(workflow.trigger) ?? ""
              return constantTimeEqual(expected, digest) && expected !== ""
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
            // The approval it waited for closes with it: deciding it later changes nothing.
            const moved = yield* unit.withTransaction(
              Effect.flatMap(runs.update(cancelled, [run.status]), (stored) =>
                stored ? Effect.as(approvals.cancelPending(tenantId, id, at), true) : Effect.succeed(false)
              )
            )
            if (!moved) return yield* Effect.fail(conflict(run, "cancelled"))
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
              attempt: run.attempt + 1,
              // A step that was waiting (an approval, a node, a timer) starts again: an approval of
              // the earlier try does not carry over to this one.
              results: run.results.filter((result) => !WAITING_STEP_STATUSES.has(result.status)),
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
                // An agent hears of a rejected call and goes on; any other rejected step fails the run.
                const agent = run.steps[approval.stepIndex]?.type === "agent"
                const next: Run =
                  decision === "approve" || agent
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
        process: processRun,
        followStartsHere: (concurrency) =>
          Effect.gen(function* () {
            const slots = yield* makeSlots(concurrency)
            const mine = { slots, runtime: (yield* Effect.runtime<never>()) as Runtime.Runtime<any> }
            here = mine
            yield* Effect.addFinalizer(() =>
              Effect.suspend(() => {
                if (here === mine) here = undefined
                return slots.close
              })
            )
          }),
        wake,
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
