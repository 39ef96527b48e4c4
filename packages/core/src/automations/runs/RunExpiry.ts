import type { Run } from "../records/Run.js"
import type { Workflow } from "../records/Workflow.js"

/**
 * A run's time to live, as Trigger.dev's run TTL: a run none of whose steps started within it
 * ends `expired` instead of starting late. Its workflow's `triggerJson.ttlSeconds` sets it (checked
 * when the workflow is written), else the platform's `runTtlSeconds` (0: none). It is checked when
 * a worker takes the run: the run holds its time to live as a date (`expiresAt`), so no sweep is
 * needed and a run past it costs one write.
 */

/**
 * The time to live of the workflow's runs in seconds; 0 for none. A workflow written before
 * `ttlSeconds` was checked may hold any value there: one that is not a whole number of seconds
 * counts as unset.
 */
export const ttlSecondsOf = (workflow: Workflow, platformDefault: number): number => {
  const own = workflow.trigger.ttlSeconds
  return typeof own === "number" && Number.isInteger(own) && own > 0 ? own : platformDefault
}

/** When a run created at `createdAt` expires, with a time to live of `ttlSeconds`; null for none. */
export const expiresAtOf = (createdAt: Date, ttlSeconds: number): Date | null =>
  ttlSeconds > 0 ? new Date(createdAt.getTime() + ttlSeconds * 1000) : null

/**
 * Whether a run a worker just took is to end expired: its time to live ran out before `at`, and
 * none of its steps has a stored result (a step that started keeps the run going to its end).
 */
export const hasExpired = (run: Run, at: Date): boolean =>
  run.expiresAt !== null && run.expiresAt.getTime() < at.getTime() && run.results.length === 0

/** The run ended expired at `at`: never started (so no start time), its reason naming its time to live. */
export const expiredOf = (run: Run, at: Date): Run => {
  const ttlSeconds = run.expiresAt === null ? 0 : Math.round((run.expiresAt.getTime() - run.createdAt.getTime()) / 1000)
  return {
    ...run,
    status: "expired",
    reason: `Not started within its time to live (${ttlSeconds} s).`,
    leaseUntil: null,
    startedAt: null,
    finishedAt: at,
    updatedAt: at
  }
}
