import { type Duration, Effect, Exit, Schedule, Scope } from "effect"
import { defineQueue, type Job, JobQueue, type QueueDefinition } from "@servicekit/core/internal"

/** A queue of its own for each test: the suites of several adapters may share one database or Redis. */
export const freshQueue = (options: Parameters<typeof defineQueue>[1] = {}) =>
  defineQueue(`conformance.${globalThis.crypto.randomUUID().slice(0, 8)}`, {
    backoff: "1 second",
    lease: "30 seconds",
    ...options
  })

/** Polls until `check` holds; fails the test with `what` after `within`. */
export const eventually = <R>(
  what: string,
  check: Effect.Effect<boolean, never, R>,
  within: Duration.DurationInput = "20 seconds"
) =>
  Effect.repeat(check, { until: (done) => done, schedule: Schedule.spaced("50 millis") }).pipe(
    Effect.timeoutFail({ duration: within, onTimeout: () => new Error(`timed out waiting until ${what}`) }),
    Effect.orDie,
    Effect.asVoid
  )

/** Runs a worker in a scope of its own; closing the scope drains it. */
export const startWorker = <R>(
  queue: QueueDefinition,
  concurrency: number,
  handle: (job: Job) => Effect.Effect<void, unknown, R>
) =>
  Effect.gen(function* () {
    const scope = yield* Scope.make()
    yield* Effect.flatMap(JobQueue, (jobs) => jobs.work(queue, { concurrency }, handle)).pipe(Scope.extend(scope))
    return { stop: Scope.close(scope, Exit.void) }
  })

export const enqueue = (
  queue: QueueDefinition,
  payload: Record<string, unknown>,
  options?: { key?: string; runAt?: Date; tenant?: string }
) => Effect.flatMap(JobQueue, (jobs) => jobs.enqueue(queue, payload, options))
