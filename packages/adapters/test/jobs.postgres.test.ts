import {
  EventBus,
  type EventSubscriber,
  FanOut,
  JobQueue,
  Scheduler,
  defineQueue,
  dispatchEvents,
  dispatchQueue,
  eachEvent,
  runScheduler,
  withTransaction
} from "@servicekit/core/internal"
import { eventDispatchConformance, jobQueueConformance, schedulerConformance } from "@servicekit/conformance"
import { Deferred, Effect, Layer, Schedule } from "effect"
import { describe, expect, it } from "vitest"
import { type PgBossOptions, layerPgBossJobQueue, layerPostgres, layerPostgresFanOut } from "../src/index.js"
import { layerTemporaryPostgres, temporaryDatabase } from "./temporaryPostgres.js"

const pgBossOnPostgres = () =>
  layerPgBossJobQueue({ maintenanceInterval: "1 second" }).pipe(
    Layer.provideMerge(Layer.merge(layerTemporaryPostgres, FanOut.layerMemory))
  )

jobQueueConformance("pg-boss on Postgres", pgBossOnPostgres)
eventDispatchConformance("pg-boss on Postgres", pgBossOnPostgres)
schedulerConformance("pg-boss on Postgres", pgBossOnPostgres)

/**
 * What one process on `url` runs, with pools, listeners and pg-boss of its own: two of them are
 * two processes as far as Postgres can tell.
 */
const processOn = (url: string, options: PgBossOptions = {}) =>
  Layer.build(
    Layer.mergeAll(EventBus.layer, Scheduler.layer).pipe(
      Layer.provideMerge(
        layerPgBossJobQueue(options).pipe(
          Layer.provideMerge(Layer.merge(layerPostgres({ url }), layerPostgresFanOut({ url })))
        )
      )
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
            const [producer, consumer] = yield* Effect.all([
              processOn(url, { pollInterval: "60 seconds" }),
              processOn(url)
            ])
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

describe("event dispatch on Postgres across processes", () => {
  it(
    "hands each event to one dispatcher at a time: two processes deliver every event once, in order",
    () =>
      Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const url = yield* temporaryDatabase
            const [first, second] = yield* Effect.all([processOn(url), processOn(url)])
            const seen: Array<number> = []
            const subscriber: EventSubscriber<never> = {
              name: "recorder",
              types: ["test.ordered"],
              handle: eachEvent((e) => Effect.sync(() => void seen.push(e.payload.n as number)))
            }
            for (const context of [first, second]) {
              yield* Effect.flatMap(JobQueue, (jobs) =>
                jobs.work(dispatchQueue, { concurrency: 1 }, () => dispatchEvents([subscriber]))
              ).pipe(Effect.provide(context))
            }
            const publishFrom = (context: typeof first, n: number) =>
              withTransaction(
                Effect.flatMap(EventBus, (bus) =>
                  bus.publish([
                    {
                      id: globalThis.crypto.randomUUID(),
                      tenantId: globalThis.crypto.randomUUID(),
                      aggregate: "order",
                      type: "test.ordered",
                      payload: { n },
                      occurredAt: new Date()
                    }
                  ])
                )
              ).pipe(Effect.provide(context))
            for (let n = 1; n <= 40; n++) yield* publishFrom(n % 2 === 0 ? first : second, n)
            yield* Effect.repeat(
              Effect.sync(() => seen.length >= 40),
              { until: (done) => done, schedule: Schedule.spaced("100 millis") }
            ).pipe(
              Effect.timeoutFail({
                duration: "30 seconds",
                onTimeout: () => new Error(`only ${seen.length} of 40 delivered`)
              })
            )
            yield* Effect.sleep("1 second")
            expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
          })
        )
      ),
    60_000
  )
})

describe("schedules on Postgres across processes", () => {
  it(
    "fires each due time once while two processes run schedulers and workers",
    () =>
      Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const url = yield* temporaryDatabase
            const processes = yield* Effect.all([processOn(url), processOn(url)])
            const queue = defineQueue("schedules.across")
            const fired: Array<string> = []
            for (const context of processes) {
              yield* Effect.flatMap(JobQueue, (jobs) =>
                jobs.work(queue, { concurrency: 2 }, (job) =>
                  Effect.sync(() => void fired.push(job.payload.dueAt as string))
                )
              ).pipe(Effect.provide(context))
              yield* Effect.forkScoped(Effect.provide(runScheduler, context))
            }
            yield* Effect.flatMap(Scheduler, (scheduler) =>
              scheduler.upsert({
                id: "across",
                tenantId: globalThis.crypto.randomUUID(),
                spec: { everySeconds: 1 },
                queue,
                payload: {}
              })
            ).pipe(Effect.provide(processes[0]))
            yield* Effect.sleep("5 seconds")
            expect(fired.length).toBeGreaterThanOrEqual(3)
            expect(new Set(fired).size).toBe(fired.length)
          })
        )
      ),
    60_000
  )
})

describe("pg-boss on Postgres with a small pool", () => {
  it(
    "takes more concurrent first enqueues into a new queue than the pool has connections",
    () =>
      Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const url = yield* temporaryDatabase
            const context = yield* Layer.build(
              layerPgBossJobQueue().pipe(
                Layer.provideMerge(Layer.merge(layerPostgres({ url, max: 2 }), FanOut.layerMemory))
              )
            )
            const queue = defineQueue(`fresh.${crypto.randomUUID().slice(0, 8)}`)
            // Each unit holds one of the two connections while it creates the queue.
            const enqueued = yield* Effect.all(
              Array.from({ length: 4 }, (_, i) =>
                withTransaction(Effect.flatMap(JobQueue, (jobs) => jobs.enqueue(queue, { i })))
              ),
              { concurrency: "unbounded" }
            ).pipe(Effect.provide(context), Effect.timeout("20 seconds"), Effect.either)
            expect(enqueued._tag).toBe("Right")
          })
        )
      ),
    60_000
  )
})
