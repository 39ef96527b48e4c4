import { Clock, Effect } from "effect"
import { JobQueue, type JobToEnqueue, defineQueue } from "../../jobs/JobQueue.js"
import { type GroupCommitOptions, committersOn } from "../../platform/GroupCommit.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import type { Run } from "../records/Run.js"

/** "Run X is due": the run's state and its steps' results stay in ServiceKit's tables. */
export const runQueue = defineQueue("servicekit.automations.run", {
  maxAttempts: 10,
  backoff: "2 seconds",
  lease: "2 minutes"
})

/** The runs API requests start are read and stored in groups (see groupCommit)... */
export const STARTS = { max: 100, committers: 4 }
/** ...as are the workers' claims and their writes of a run's progress, each a statement for many runs. */
export const WORKER_WRITES = { max: 50, committers: 2 }

export const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** "The run is due", one waiting job per run. */
export const jobOf = (run: Run): JobToEnqueue => ({
  payload: { tenantId: run.tenantId, runId: run.id },
  options: { tenant: run.tenantId, key: `run:${run.id}` }
})

/** Making runs due on the run queue, as the engine's parts share it. */
export const makeRunQueue = Effect.gen(function* () {
  const jobs = yield* JobQueue
  const unit = yield* UnitOfWork

  const due = (run: Run) => jobs.enqueueMany(runQueue, [jobOf(run)])

  /** A group commit's options with its committers taking connections of the unit of work. */
  const committersFor = (options: GroupCommitOptions) => ({
    ...options,
    committers: committersOn(unit, options.committers)
  })

  return { due, committersFor }
})

export type RunQueueing = Effect.Effect.Success<typeof makeRunQueue>
