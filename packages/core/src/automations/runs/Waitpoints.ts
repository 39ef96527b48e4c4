import { Effect, Option } from "effect"
import { JobQueue } from "../../jobs/JobQueue.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { ApprovalRepository } from "../records/ApprovalRepository.js"
import { type Run, WAITING_RUN_STATUSES } from "../records/Run.js"
import { RunRepository } from "../records/RunRepositories.js"
import { type Waitpoint, WaitingWork } from "../records/Waitpoint.js"
import { WaitpointRepository } from "../records/WaitpointRepository.js"
import { type RunQueueing, now, runQueue } from "./RunQueue.js"

/** How many overdue waitpoints one sweep takes on. */
const SWEEP_BATCH = 100

/** Kinds the engine itself completes; every other kind is work a skill started elsewhere. */
const ENGINE_KINDS: ReadonlySet<string> = new Set(["approval", "timer"])

/**
 * The one wait primitive. A run that waits is stored in its waiting status together with its
 * waitpoint (and a job at the waitpoint's due time); whatever ends the wait closes the waitpoint
 * and, through `release`, queues the run again, or fails it. The run keeps no wait of its own:
 * its `leaseUntil` is only ever a worker's lease.
 */
export const makeWaitpoints = (queueing: RunQueueing) =>
  Effect.gen(function* () {
    const waitpoints = yield* WaitpointRepository
    const runs = yield* RunRepository
    const approvals = yield* ApprovalRepository
    const jobs = yield* JobQueue
    const unit = yield* UnitOfWork
    const work = yield* WaitingWork
    const { due } = queueing

    /** A job that takes the waitpoint up at its due time, should nothing complete it first. */
    const jobAtDueTime = (waitpoint: Waitpoint) => ({
      payload: { tenantId: waitpoint.tenantId, runId: waitpoint.runId, waitpointId: waitpoint.id },
      options: {
        tenant: waitpoint.tenantId,
        key: `run:${waitpoint.runId}:until:${waitpoint.dueAt.getTime()}`,
        runAt: waitpoint.dueAt
      }
    })

    /** Stores the waitpoint the run (stored waiting in the same unit of work) blocks on, with its due-time job. */
    const block = (waitpoint: Waitpoint) =>
      Effect.zipRight(waitpoints.insert(waitpoint), jobs.enqueueMany(runQueue, [jobAtDueTime(waitpoint)]))

    /**
     * Closes the waitpoint as `status` and moves its run on as `next` says (changing the results
     * of `steps` only), if the run still waits for it; whether it did. A waitpoint closed already
     * changes nothing.
     */
    const close = (
      waitpoint: Waitpoint,
      status: "completed" | "timed_out",
      next: (run: Run, at: Date) => Run,
      steps: ReadonlyArray<number> = []
    ) =>
      Effect.gen(function* () {
        const at = yield* now
        const closed = yield* waitpoints.close(waitpoint.tenantId, waitpoint.id, status, at)
        if (Option.isNone(closed)) return Option.none<Run>()
        const found = yield* runs.find(waitpoint.tenantId, waitpoint.runId)
        if (Option.isNone(found) || !WAITING_RUN_STATUSES.includes(found.value.status)) return Option.none<Run>()
        const moved = next(found.value, at)
        return (yield* runs.update(moved, [found.value.status], undefined, steps)) ? Option.some(moved) : Option.none<Run>()
      })

    /**
     * Closes the waitpoint as `status` and queues its run again, if it still waits for it: the
     * path every requeue of a waiting run takes. `queue: false` leaves the job out, for a caller
     * that follows the run itself next. Whether the run was queued.
     */
    const release = (
      waitpoint: Waitpoint,
      status: "completed" | "timed_out",
      options: { readonly queue: boolean } = { queue: true }
    ) =>
      unit.withTransaction(
        Effect.gen(function* () {
          const queued = yield* close(waitpoint, status, (run, at) => ({
            ...run,
            status: "queued",
            leaseUntil: null,
            updatedAt: at
          }))
          if (Option.isSome(queued) && options.queue) yield* due(queued.value)
          return Option.isSome(queued)
        })
      )

    /** Closes the waitpoint and fails its run, if it still waits for it, with `reason` (and the step's error). */
    const fail = (waitpoint: Waitpoint, status: "completed" | "timed_out", reason: string, stepError: string | null) =>
      Effect.map(
        close(
          waitpoint,
          status,
          (run, at) => ({
            ...run,
            status: "failed",
            reason,
            results:
              stepError === null
                ? run.results
                : run.results.map((result) =>
                    result.index === waitpoint.stepIndex
                      ? { ...result, status: "failed" as const, error: stepError, finishedAt: at }
                      : result
                  ),
            leaseUntil: null,
            finishedAt: at,
            updatedAt: at
          }),
          stepError === null ? [] : [waitpoint.stepIndex]
        ),
        Option.isSome
      )

    /** The run's waitpoint for the approval `approvalId`, while it waits. */
    const ofApproval = (tenantId: string, runId: string, approvalId: string) =>
      Effect.map(waitpoints.waiting(tenantId, runId), (open) =>
        Option.fromNullable(
          open.find((waitpoint) => waitpoint.kind === "approval" && waitpoint.resourceId === approvalId)
        )
      )

    /**
     * Acts on a waitpoint whose due time came: an approval expires (its run fails); any other wait
     * times out and its run goes on.
     */
    const timeUp = (waitpoint: Waitpoint, options: { readonly queue: boolean } = { queue: true }) =>
      waitpoint.kind === "approval"
        ? unit.withTransaction(
            Effect.gen(function* () {
              const at = yield* now
              if (waitpoint.resourceId !== null) {
                yield* approvals.decide(waitpoint.tenantId, waitpoint.resourceId, { status: "expired", note: null, at })
              }
              return yield* fail(waitpoint, "timed_out", `The approval of step ${waitpoint.stepIndex} expired.`, null)
            })
          )
        : release(waitpoint, "timed_out", options)

    return {
      block,
      release,
      ofApproval,
      /** Fails the run waiting on an approval that was rejected. */
      reject: (waitpoint: Waitpoint, reason: string) => fail(waitpoint, "completed", reason, "Rejected."),
      /**
       * The work a skill started elsewhere for the run (a node's command) came to an end: its run
       * goes on. False when the run waits for no such work (woken already, cancelled).
       */
      wake: (tenantId: string, runId: string) =>
        Effect.gen(function* () {
          let woken = false
          for (const waitpoint of yield* waitpoints.waiting(tenantId, runId)) {
            if (!ENGINE_KINDS.has(waitpoint.kind) && (yield* release(waitpoint, "completed"))) woken = true
          }
          return woken
        }),
      /**
       * The job at a waitpoint's due time: acts on it if it is still waiting and due, queuing no
       * job for its run, which the caller follows next.
       */
      takeUp: (tenantId: string, waitpointId: string) =>
        Effect.gen(function* () {
          const found = yield* waitpoints.find(tenantId, waitpointId)
          if (Option.isNone(found) || found.value.status !== "waiting" || found.value.dueAt > (yield* now)) return
          yield* timeUp(found.value, { queue: false })
        }),
      /** Acts on every waitpoint past its due time whose job was late or lost; how many it took. */
      sweep: Effect.gen(function* () {
        const overdue = yield* waitpoints.overdue(yield* now, SWEEP_BATCH)
        for (const waitpoint of overdue) yield* timeUp(waitpoint)
        return overdue.length
      }),
      /**
       * Inside the cancelling unit of work: closes the run's waitpoints and ends the work outside
       * it they stood for (approvals close as `cancelled`, a node's command fails).
       */
      cancelRun: (tenantId: string, runId: string, at: Date) =>
        Effect.gen(function* () {
          yield* approvals.cancelPending(tenantId, runId, at)
          for (const waitpoint of yield* waitpoints.cancelAll(tenantId, runId, at)) {
            if (!ENGINE_KINDS.has(waitpoint.kind)) yield* work.cancel(waitpoint, at)
          }
        })
    }
  })

export type Waitpoints = Effect.Effect.Success<ReturnType<typeof makeWaitpoints>>
