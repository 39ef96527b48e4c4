import { Context, Duration, Effect, Layer, Ref } from "effect"
import { ServiceKitSettings } from "../platform/Settings.js"
import { JobQueue, type QueueDefinition } from "./JobQueue.js"

/**
 * Watches for background work nobody does: jobs due for the configured while on the platform's
 * queues and no worker, in any process, taking any. An embedding app that never starts its
 * workers would otherwise answer `queued` forever in silence. The watch logs one warning naming
 * both ways to run workers when that starts, and one line when it ends; readiness reports it.
 */
export class WorkerWatch extends Context.Tag("@servicekit/core/WorkerWatch")<
  WorkerWatch,
  {
    /** What to tell an operator while jobs wait for workers; undefined while they are taken. */
    readonly stall: Effect.Effect<string | undefined>
  }
>() {
  /** Checks `queues` every third of the configured while, from when the kit is built until it is disposed. */
  static readonly layer = (
    queues: ReadonlyArray<QueueDefinition>
  ): Layer.Layer<WorkerWatch, never, JobQueue | ServiceKitSettings> =>
    Layer.scoped(
      WorkerWatch,
      Effect.gen(function* () {
        const jobs = yield* JobQueue
        const after = Duration.millis((yield* ServiceKitSettings).workerStallMs)
        const stall = yield* Ref.make<string | undefined>(undefined)
        const check = Effect.gen(function* () {
          const unworked = yield* Effect.filter(queues, (queue) => jobs.unworked(queue, after))
          const now = unworked.length === 0 ? undefined : stallMessage(after, unworked)
          const before = yield* Ref.getAndSet(stall, now)
          if (now !== undefined && before === undefined) yield* Effect.logWarning(now)
          if (now === undefined && before !== undefined) yield* Effect.logInfo("Background workers are taking jobs again.")
        })
        const checked = Effect.catchAllCause(check, (cause) => Effect.logDebug("the worker watch could not check", cause))
        yield* Effect.forkScoped(Effect.forever(Effect.zipRight(pause(Duration.toMillis(after) / 3), checked)))
        return { stall: Ref.get(stall) }
      })
    )
}

/**
 * A pause on the wall clock rather than the Effect Clock: under a test clock that moves forward on
 * every sleep this loop would spin, moving time for everything else. It keeps no process alive.
 */
const pause = (ms: number) =>
  Effect.async<void>((resume) => {
    const timer = setTimeout(() => resume(Effect.void), ms)
    timer.unref?.()
    return Effect.sync(() => clearTimeout(timer))
  })

const stallMessage = (after: Duration.Duration, queues: ReadonlyArray<QueueDefinition>) =>
  `Jobs have been due for ${Duration.format(after)} and no worker has taken any (${queues.map((queue) => queue.name).join(", ")}): ` +
  "start the background workers with `await kit.startWorkers()` in this app, or run `npx servicekit worker` " +
  "processes beside it. Until then email, webhooks and automation runs stay queued."
