import { FanOut, JobQueue, defineQueue } from "@servicekit/core"
import { jobQueueConformance } from "@servicekit/core/conformance"
import { Deferred, Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerPgBossJobQueue, layerPostgres, layerPostgresFanOut } from "../src/index.js"
import { layerTemporaryPostgres, temporaryDatabase } from "./temporaryPostgres.js"

jobQueueConformance("pg-boss on Postgres", () =>
  layerPgBossJobQueue({ maintenanceInterval: "1 second" }).pipe(
    Layer.provideMerge(Layer.merge(layerTemporaryPostgres, FanOut.layerMemory))
  )
)

describe("pg-boss on Postgres across processes", () => {
  it(
    "wakes an idle worker of another process through LISTEN/NOTIFY, long before its next poll",
    () =>
      Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const url = yield* temporaryDatabase
            // Two instances with pools, listeners and pg-boss of their own: two processes as far as Postgres can tell.
            const instance = Layer.build(
              layerPgBossJobQueue({ pollInterval: "60 seconds" }).pipe(
                Layer.provideMerge(Layer.merge(layerPostgres({ url }), layerPostgresFanOut({ url })))
              )
            )
            const [producer, consumer] = yield* Effect.all([instance, instance])
            const queue = defineQueue("wake.across")
            const started = yield* Deferred.make<number>()
            yield* Effect.flatMap(JobQueue, (jobs) =>
              jobs.work(queue, { concurrency: 1 }, () => Deferred.succeed(started, Date.now()))
            ).pipe(Effect.provide(consumer))
            // The worker's first poll found nothing; the next one is a minute away.
            yield* Effect.sleep("1 second")
            const enqueuedAt = Date.now()
            yield* Effect.flatMap(JobQueue, (jobs) => jobs.enqueue(queue, {})).pipe(Effect.provide(producer))
            const at = yield* Deferred.await(started).pipe(
              Effect.timeoutFail({ duration: "20 seconds", onTimeout: () => new Error("not woken") })
            )
            expect(at - enqueuedAt).toBeLessThan(20_000)
          })
        )
      ),
    60_000
  )
})
