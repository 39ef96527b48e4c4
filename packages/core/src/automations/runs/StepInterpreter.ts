import { Effect, Either, Fiber, Option } from "effect"
import { SecretCrypto, randomUuid } from "../../platform/Crypto.js"
import { groupCommit } from "../../platform/GroupCommit.js"
import { ServiceKitSettings } from "../../platform/Settings.js"
import { TenantService } from "../../platform/TenantService.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { PolicyRepository, ToolProfileRepository } from "../governance/GovernanceRepositories.js"
import { mentionsVariable, render, variablesOf } from "../steps/Placeholders.js"
import type { Approval, Run, StepResult } from "../records/Run.js"
import { type RunUpdate, RunRepository } from "../records/RunRepositories.js"
import type { AgentTurn } from "../agents/AgentProtocol.js"
import { AgentTurnRepository, type StoredTurnRow } from "../agents/AgentTurnRepository.js"
import { ApprovalRepository } from "../records/ApprovalRepository.js"
import { SkillRegistry } from "../skills/Skills.js"
import type { Waitpoint } from "../records/Waitpoint.js"
import type { JsonObject } from "../records/Workflow.js"
import type { RunSetting, StepCall, StepServices } from "../steps/StepKind.js"
import { stepKindOf } from "../steps/StepKinds.js"
import { type StepOutcome, stepFailed } from "../steps/StepOutcome.js"
import { type RunQueueing, WORKER_WRITES, now } from "./RunQueue.js"
import type { Waitpoints } from "./Waitpoints.js"

/**
 * Follows a claimed run step by step, each step done by its kind (see STEP_KINDS), each step's
 * result stored before the next starts, so that a run taken over after a crash resumes at the
 * step it was in and no finished step runs again. Every write is checked against the lease the
 * worker holds: a run cancelled or taken over meanwhile is left alone.
 */
export const makeStepInterpreter = (queueing: RunQueueing, waitpoints: Waitpoints) =>
  Effect.gen(function* () {
    const runs = yield* RunRepository
    const approvals = yield* ApprovalRepository
    const turnRows = yield* AgentTurnRepository
    const tenants = yield* TenantService
    const policies = yield* PolicyRepository
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto
    const { runLeaseMs, worker, outboundAllowPrivate } = yield* ServiceKitSettings
    const services: StepServices = {
      skills: yield* SkillRegistry,
      profiles: yield* ToolProfileRepository,
      approvals,
      outboundAllowPrivate
    }

    /**
     * What one step does, as its kind does it. Nothing here is stored, but for an agent step's
     * turns, which it stores through `checkpoint` as it goes, resuming from those of `previous`.
     */
    const perform = (
      run: Run,
      index: number,
      attempt: number,
      setting: RunSetting,
      approved: boolean,
      previous: StepResult | undefined,
      checkpoint: StepCall["checkpoint"]
    ) =>
      Effect.gen(function* (): Generator<any, StepOutcome, any> {
        const step = run.steps[index]!
        const rendered = render(step, variablesOf(run, index, setting.policy))
        if (Either.isLeft(rendered)) return stepFailed(rendered.left)
        const kind = stepKindOf(step.type)
        if (kind === undefined) {
          return stepFailed(`A ${String(step.type)} step needs a product feature this platform has not installed.`)
        }
        const filled = rendered.right as JsonObject
        return yield* kind.execute({ run, index, step, filled, attempt, setting, approved, previous, checkpoint, services })
      }).pipe(
        Effect.catchAllDefect((defect) => Effect.succeed(stepFailed(`The step failed unexpectedly: ${String(defect)}`)))
      )

    /**
     * The workers' writes of a moment, in one statement; with the agent turns of those written,
     * in one more, in the same unit of work (a worker that lost its run writes no turn).
     */
    const updateGrouped = yield* groupCommit(
      (updates: ReadonlyArray<RunUpdate & { readonly turns: ReadonlyArray<StoredTurnRow> }>) => {
        if (updates.every((update) => update.turns.length === 0)) return runs.updateMany(updates)
        return unit.withTransaction(
          Effect.tap(runs.updateMany(updates), (written) =>
            turnRows.saveMany(updates.flatMap((update, i) => (written[i] ? update.turns : [])))
          )
        )
      },
      queueing.committersFor(WORKER_WRITES)
    )

    /**
     * Stores `next` with the results of `steps` (and the agent turns given) if the worker still
     * holds `held`; false when the run was cancelled or taken over meanwhile. Grouped with other
     * workers' writes, unless inside a unit of work (`alone`).
     */
    const store = (
      held: Run,
      next: Run,
      steps: ReadonlyArray<number>,
      alone = false,
      turns: ReadonlyArray<StoredTurnRow> = []
    ) =>
      alone
        ? runs.update(next, ["running"], held.leaseUntil, steps)
        : updateGrouped({ run: next, from: ["running"], leaseUntil: held.leaseUntil, steps, turns })

    /** Follows a run this worker claimed as far as it goes: to its end, a wait, or the loss of its lease. */
    const follow = (claimed: Run) =>
      Effect.gen(function* () {
        // Read only when a step needs them, so a run of plain steps costs no extra queries.
        const kinds = claimed.steps.map((step) => stepKindOf(step.type))
        const usesSkills = kinds.some((kind) => kind?.readsEntitlements)
        const tenant = usesSkills ? yield* Effect.either(tenants.get(claimed.tenantId)) : undefined
        const usesPolicy =
          kinds.some((kind) => kind?.readsPolicy) || claimed.steps.some((step) => mentionsVariable(step, "policy"))
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
        // The steps whose results changed since the last write: a write stores only theirs.
        let unwritten = new Set<number>()
        const upsert = (results: ReadonlyArray<StepResult>, result: StepResult) => {
          unwritten.add(result.index)
          return withResult(results, result)
        }
        // One write at a time: each compares the lease the one before wrote.
        const writing = yield* Effect.makeSemaphore(1)
        const persist = (next: Run, alone = false, turns: ReadonlyArray<StoredTurnRow> = []) =>
          writing.withPermits(1)(
            Effect.suspend(() => {
              const steps = [...unwritten]
              return Effect.map(store(stored, next, steps, alone, turns), (written) => {
                if (written) {
                  stored = run = next
                  unwritten = new Set()
                }
                return written
              })
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
                  return Effect.map(store(stored, next, []), (written) => {
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
          if (resumed && stepKindOf(step.type)?.endsWhenApproved) {
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
          const sideEffects = stepKindOf(step.type)?.sideEffects ?? false
          const running: Run = { ...run, results: upsert(run.results, started), leaseUntil, updatedAt: at }
          if (sideEffects) {
            if (!(yield* persist(running))) return
          } else run = running
          // An agent stores its state and its changed turns as it goes, each write extending the lease.
          const stepKey = { tenantId: run.tenantId, runId: run.id, stepIndex: index, runAttempt: run.attempt }
          const checkpoint = (output: unknown, turns: ReadonlyArray<AgentTurn> = []) =>
            Effect.flatMap(now, (at) =>
              persist(
                {
                  ...run,
                  results: upsert(run.results, { ...started, output }),
                  leaseUntil: new Date(at.getTime() + runLeaseMs),
                  updatedAt: at
                },
                false,
                turns.map((turn) => ({ key: stepKey, turn }))
              )
            )
          const keeping = sideEffects ? yield* Effect.fork(keepLease) : undefined
          const outcome = yield* perform(run, index, attempt, setting, started.approved, previous, checkpoint).pipe(
            Effect.ensuring(keeping === undefined ? Effect.void : Fiber.interrupt(keeping))
          )
          if (outcome.kind === "lost") return
          const ended = yield* now
          // An agent's turns since its last checkpoint go with the outcome's write.
          const turnsOf = (outcome.turns ?? []).map((turn) => ({ key: stepKey, turn }))
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
              if (!(yield* persist(next, false, turnsOf))) return
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
            yield* persist(
              {
                ...run,
                status: "failed",
                results: upsert(run.results, failed),
                reason: `Step ${index} failed: ${outcome.error}`,
                leaseUntil: null,
                finishedAt: ended,
                updatedAt: ended
              },
              false,
              turnsOf
            )
            return
          }
          // Waits, holding no worker, blocked on a waitpoint: the run stored waiting, its waitpoint
          // and the job at the waitpoint's due time (an agent's turns, the approval) commit together.
          const blockOn = (waiting: Run, waitpoint: Waitpoint, approval?: Approval) =>
            unit.withTransaction(
              Effect.flatMap(persist(waiting, true), (written) =>
                written
                  ? Effect.all([
                      turnRows.saveMany(turnsOf),
                      approval === undefined ? Effect.void : approvals.insert(approval),
                      waitpoints.block(waitpoint)
                    ]).pipe(Effect.as(true))
                  : Effect.succeed(false)
              )
            )
          const waitpointOf = (kind: Waitpoint["kind"], resourceId: string | null, dueAt: Date): Waitpoint => ({
            id: randomUuid(crypto),
            tenantId: run.tenantId,
            runId: run.id,
            stepIndex: index,
            kind,
            status: "waiting",
            resourceId,
            dueAt,
            createdAt: ended,
            completedAt: null
          })
          if (outcome.kind === "pending") {
            // A node's result completes the waitpoint (`wake`); its due time, if none comes first
            // (or the wait is over). A result that came before the run was stored as waiting finds
            // no waitpoint to complete: `ready` catches it.
            const waitpoint = waitpointOf(outcome.waitsOn.kind, outcome.waitsOn.resourceId, outcome.until)
            const parked: Run = {
              ...run,
              status: outcome.status,
              results: upsert(run.results, { ...started, status: outcome.status, output: outcome.output }),
              leaseUntil: null,
              updatedAt: ended
            }
            if ((yield* blockOn(parked, waitpoint)) && (yield* outcome.ready)) {
              yield* waitpoints.release(waitpoint, "completed")
            }
            return
          }
          // Waits for a person: the approval commits with the paused run and its waitpoint.
          const waiting: StepResult = {
            ...started,
            status: "waiting_approval",
            output: outcome.output ?? null,
            finishedAt: null
          }
          const expiresAt = new Date(ended.getTime() + outcome.expiresInSeconds * 1000)
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
            expiresAt,
            decidedAt: null,
            createdAt: ended,
            updatedAt: ended
          }
          const paused: Run = {
            ...run,
            status: "waiting_approval",
            results: upsert(run.results, waiting),
            leaseUntil: null,
            updatedAt: ended
          }
          yield* blockOn(paused, waitpointOf("approval", approval.id, expiresAt), approval)
          return
        }
        // Every step was done before (a run taken over after its last write): it only ends.
        if (stored.status === "running") {
          const at = yield* now
          yield* persist({ ...run, status: "succeeded", leaseUntil: null, finishedAt: at, updatedAt: at })
        }
      })

    return { follow }
  })

export type StepInterpreter = Effect.Effect.Success<ReturnType<typeof makeStepInterpreter>>

/** `results` with `result` in its step's place. */
const withResult = (results: ReadonlyArray<StepResult>, result: StepResult) =>
  [...results.filter((other) => other.index !== result.index), result].sort((a, b) => a.index - b.index)
