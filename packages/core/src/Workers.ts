import { Effect, type Scope } from "effect"
import type { Composition } from "./Composition.js"
import { dispatchQueue, runDispatcher } from "./jobs/EventBus.js"
import { JobQueue, type QueueDefinition } from "./jobs/JobQueue.js"
import { runScheduler } from "./jobs/Scheduler.js"
import { ServiceKitSettings } from "./platform/Settings.js"
import type { Ports } from "./Ports.js"
import type { Services } from "./Services.js"

/** The queues the workers take jobs from, which the worker watch looks at. */
export const workedQueues = (composition: Composition): ReadonlyArray<QueueDefinition> => [
  dispatchQueue,
  ...composition.workers.map((worker) => worker.queue)
]

/**
 * Every background worker: the scheduler, the event dispatcher, each module's workers and sweeps. They
 * run until the scope closes; closing stops taking jobs and waits for the running ones.
 */
export const runWorkers = (composition: Composition): Effect.Effect<void, never, Scope.Scope | Services | Ports> =>
  Effect.gen(function* () {
    const jobs = yield* JobQueue
    yield* Effect.forkScoped(runScheduler)
    yield* runDispatcher(composition.subscribers)
    for (const worker of composition.workers) {
      // Closed after the worker (scopes close last in, first out), which stops taking jobs first.
      if (worker.eager !== undefined) yield* worker.eager(worker.concurrency)
      yield* jobs.work(worker.queue, { concurrency: worker.concurrency }, worker.handle)
    }
    const settings = yield* ServiceKitSettings
    for (const work of composition.periodic) {
      const once = Effect.catchAllCause(work.run, (cause) => Effect.logWarning(`${work.name} failed`, cause))
      yield* Effect.forkScoped(Effect.forever(Effect.zipRight(once, Effect.sleep(work.every(settings)))))
    }
  })
