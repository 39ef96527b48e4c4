import { Effect, Option, Runtime, type Scope } from "effect"
import { JobQueue } from "../../jobs/JobQueue.js"
import { groupCommit, toFirstAskers } from "../../platform/GroupCommit.js"
import { ServiceKitSettings } from "../../platform/Settings.js"
import { readTenantsFresh } from "../../platform/Tenants.js"
import { type Slots, makeSlots } from "../../platform/Slots.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import type { Run } from "../records/Run.js"
import { PARKED_SWEEP_MS } from "../records/RunCaps.js"
import { type RunKey, RunRepository, type RunUpdate } from "../records/RunRepositories.js"
import { expiredOf, hasExpired } from "./RunExpiry.js"
import { type RunQueueing, STARTS, WORKER_WRITES, jobOf, now, runQueue } from "./RunQueue.js"
import type { StepInterpreter } from "./StepInterpreter.js"
import type { Waitpoints } from "./Waitpoints.js"

/**
 * Who follows a run: a worker claims it (a lease, extended while it follows the run), the process
 * that started it follows it at once when it has room (the local follow), and the resume sweep
 * queues again those whose holder died (a waiting run holds nothing: see Waitpoints.ts). Claims and starts are each stored in groups.
 */
export const makeRunClaims = (queueing: RunQueueing, interpreter: StepInterpreter, waitpoints: Waitpoints) =>
  Effect.gen(function* () {
    const runs = yield* RunRepository
    const jobs = yield* JobQueue
    const unit = yield* UnitOfWork
    const { maxRunningRunsPerTenant, runLeaseMs, worker } = yield* ServiceKitSettings
    const { due, committersFor } = queueing
    // Each tenant's cap on its running runs: its own, else the platform's default.
    const capsOf = yield* readTenantsFresh((tenant) => tenant?.maxRunningRuns ?? maxRunningRunsPerTenant)

    /** While this process runs the run workers (`followStartsHere`): its room for runs it starts, and their runtime. */
    let here: { readonly slots: Slots; readonly runtime: Runtime.Runtime<any> } | undefined

    /**
     * Claims due runs for this process's workers, the claims of a moment together, within their
     * tenants' caps (those past a cap are parked: see RunCaps.ts).
     */
    const claimGrouped = yield* groupCommit(
      (keys: ReadonlyArray<RunKey>) =>
        Effect.all([now, capsOf([...new Set(keys.map((key) => key.tenantId))])]).pipe(
          Effect.flatMap(([at, caps]) =>
            Effect.map(runs.claimMany(keys, at, new Date(at.getTime() + runLeaseMs), worker, caps), (claimed) => {
              noteUnclaimed(keys, claimed, at.getTime())
              return toFirstAskers(keys, claimed)
            })
          )
        ),
      committersFor(WORKER_WRITES)
    )

    /**
     * When this process's claims last left a run of each tenant unclaimed (parked, most likely).
     * On a database only this process uses (`unit.serial`: PGlite, memory) that is every claim,
     * so a run's end wakes parked runs only for a tenant with some; the resume sweep wakes a
     * long-parked run at least every PARKED_SWEEP_MS, and claiming it again keeps its tenant noted.
     */
    const unclaimedAt = new Map<string, number>()
    const noteUnclaimed = (keys: ReadonlyArray<RunKey>, claimed: ReadonlyArray<Run>, at: number) => {
      if (claimed.length === keys.length) return
      const taken = new Set(claimed.map((run) => run.id))
      // Forgetting all is safe (the sweep wakes what is parked) and keeps the map bounded.
      if (unclaimedAt.size >= 10_000) unclaimedAt.clear()
      for (const key of keys) if (!taken.has(key.id)) unclaimedAt.set(key.tenantId, at)
    }
    const mayHaveParked = (tenantId: string, at: number) => {
      if (!unit.serial) return true
      const noted = unclaimedAt.get(tenantId)
      if (noted !== undefined && at - noted < 2 * PARKED_SWEEP_MS) return true
      unclaimedAt.delete(tenantId)
      return false
    }

    /** Ends claimed runs whose time to live ran out, each while its claim holds: a moment's writes in one statement. */
    const expireGrouped = yield* groupCommit(
      (updates: ReadonlyArray<RunUpdate>) => runs.updateMany(updates),
      committersFor(WORKER_WRITES)
    )

    /** Makes due the parked runs `woken` (see RunCaps.ts); answers how many. */
    const makeDue = (woken: ReadonlyArray<Run>) =>
      Effect.as(woken.length === 0 ? Effect.void : jobs.enqueueMany(runQueue, woken.map(jobOf)), woken.length)

    /** Wakes a moment's tenants' parked runs in one write, one for each run that stopped. */
    const wakeGrouped = yield* groupCommit(
      (tenantIds: ReadonlyArray<string>) =>
        Effect.as(Effect.flatMap(runs.wakeParked(tenantIds), makeDue), tenantIds.map(() => undefined)),
      committersFor(WORKER_WRITES)
    )

    /**
     * Once a run stops running here, the room it leaves wakes its tenant's oldest parked run (one
     * whose concurrency key has room). A wake-up lost with this process is the resume sweep's.
     */
    const wakeAfter = (run: Run) =>
      Effect.gen(function* () {
        const cap = (yield* capsOf([run.tenantId])).get(run.tenantId) ?? 0
        if ((cap === 0 && run.concurrency === null) || !mayHaveParked(run.tenantId, (yield* now).getTime())) return
        yield* wakeGrouped(run.tenantId)
      }).pipe(Effect.catchAllCause((cause) => Effect.logWarning(`Parked runs of tenant ${run.tenantId} wait for the sweep.`, cause)))

    /**
     * Claims a due run and follows it as far as it goes, unless another worker holds it or it
     * ended; a job at a waitpoint's due time (`waitpointId`) first acts on the waitpoint. A run
     * whose time to live ran out before any of its steps started ends expired instead.
     */
    const processRun = (tenantId: string, runId: string, waitpointId?: string) =>
      Effect.gen(function* () {
        if (waitpointId !== undefined) yield* waitpoints.takeUp(tenantId, waitpointId)
        const claimed = yield* claimGrouped({ tenantId, id: runId })
        if (Option.isNone(claimed)) return
        const run = claimed.value
        const at = yield* now
        const go = hasExpired(run, at)
          ? expireGrouped({ run: expiredOf(run, at), from: ["running"], leaseUntil: run.leaseUntil, steps: [] })
          : interpreter.follow(run)
        yield* Effect.ensuring(go, wakeAfter(run))
      })

    /**
     * Follows a run this process started and reserved, for as long as a job of the run queue may
     * take, giving its slot back when done. One that fails or outlasts that is queued as a job,
     * which takes the run on (at once, or once the run's lease runs out).
     */
    const followStarted = (run: Run, slots: Slots) =>
      processRun(run.tenantId, run.id).pipe(
        Effect.timeoutFail({ duration: runQueue.lease, onTimeout: () => "outlasted the run queue's lease" }),
        Effect.catchAllCause((cause) =>
          Effect.zipRight(Effect.logWarning(`Run ${run.id} stopped; it is queued to go on.`, cause), Effect.exit(due(run)))
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
              for (const run of stored.slice(0, taken)) Runtime.runFork(followers.runtime)(followStarted(run, followers.slots))
            }
            return stored
          })
        ),
      committersFor(STARTS)
    )

    return {
      process: processRun,
      startGrouped,
      followStartsHere: (concurrency: number): Effect.Effect<void, never, Scope.Scope> =>
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
      resumeStalled: Effect.gen(function* () {
        const at = yield* now
        const stalled = yield* runs.stalled(at, 100)
        yield* jobs.enqueueMany(runQueue, stalled.map(jobOf))
        const woken = yield* makeDue(yield* runs.wakeLongParked(new Date(at.getTime() - PARKED_SWEEP_MS), 100))
        return stalled.length + woken
      })
    }
  })

export type RunClaims = Effect.Effect.Success<ReturnType<typeof makeRunClaims>>
