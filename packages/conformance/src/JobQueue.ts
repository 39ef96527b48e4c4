import { layer } from "@effect/vitest"
import { Deferred, Duration, Effect, Layer, Ref } from "effect"
import { expect } from "vitest"
import {
  JobQueue,
  TenantWeights,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"
import { enqueue, eventually, freshQueue, startWorker } from "./JobHarness.js"
import { WEIGHTS, turnsConformance } from "./JobTurns.js"

export { enqueue, eventually, freshQueue, startWorker }

/**
 * The job queue's contract, for the memory fake and every durable adapter. Delivery is at least
 * once; these tests pin what a handler may rely on. Durable adapters count retry delays in whole
 * seconds, so the suite uses whole seconds.
 */
export const jobQueueConformance = (name: string, makeLayer: () => Layer.Layer<JobQueue | UnitOfWork, unknown>): void =>
  layer(Layer.provide(makeLayer(), TenantWeights.layerFixed(WEIGHTS)), { excludeTestServices: true, timeout: "120 seconds" })(`job queue conformance: ${name}`, (it) => {
    turnsConformance(it)

    it.effect(
      "runs every enqueued job with its payload, each once",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const seen = yield* Ref.make<Array<number>>([])
          const worker = yield* startWorker(queue, 4, (job) =>
            Ref.update(seen, (all) => [...all, job.payload.n as number])
          )
          for (let n = 0; n < 20; n++) yield* enqueue(queue, { n })
          yield* eventually(
            "20 jobs ran",
            Effect.map(Ref.get(seen), (all) => all.length >= 20)
          )
          yield* Effect.sleep("500 millis")
          expect([...(yield* Ref.get(seen))].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n))
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "runs jobs enqueued together each once, one per waiting key, and none of a unit that rolled back",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const seen = yield* Ref.make<Array<number>>([])
          const jobs = yield* JobQueue
          yield* jobs.enqueueMany(queue, [])
          yield* jobs.enqueueMany(
            queue,
            Array.from({ length: 20 }, (_, n) => ({ payload: { n }, options: { key: `item-${n % 15}` } }))
          )
          yield* Effect.exit(
            withTransaction(
              Effect.zipRight(
                jobs.enqueueMany(queue, [{ payload: { n: 100 } }, { payload: { n: 101 } }]),
                Effect.fail("rolled back")
              )
            )
          )
          const worker = yield* startWorker(queue, 4, (job) =>
            Ref.update(seen, (all) => [...all, job.payload.n as number])
          )
          yield* eventually(
            "15 jobs ran",
            Effect.map(Ref.get(seen), (all) => all.length >= 15)
          )
          yield* Effect.sleep("1 second")
          // Keys 0-4 were taken by the first five jobs: the later ones with those keys were skipped.
          expect([...(yield* Ref.get(seen))].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, n) => n))
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "does not run a job before its time",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const started = yield* Ref.make<Array<number>>([])
          const worker = yield* startWorker(queue, 1, () => Ref.update(started, (all) => [...all, Date.now()]))
          const runAt = new Date(Date.now() + 2_000)
          yield* enqueue(queue, {}, { runAt })
          yield* enqueue(queue, { now: true })
          yield* eventually(
            "the due job ran",
            Effect.map(Ref.get(started), (all) => all.length >= 1)
          )
          yield* eventually(
            "the delayed job ran",
            Effect.map(Ref.get(started), (all) => all.length >= 2)
          )
          expect((yield* Ref.get(started))[1]).toBeGreaterThanOrEqual(runAt.getTime() - 50)
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "keeps one waiting job per key; once it has started, the key takes a new job",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const runs = yield* Ref.make(0)
          for (let i = 0; i < 3; i++) yield* enqueue(queue, { i }, { key: "conversation-1" })
          const worker = yield* startWorker(queue, 1, () => Ref.update(runs, (n) => n + 1))
          yield* eventually(
            "the keyed job ran",
            Effect.map(Ref.get(runs), (n) => n >= 1)
          )
          yield* Effect.sleep("1 second")
          expect(yield* Ref.get(runs)).toBe(1)
          yield* enqueue(queue, { again: true }, { key: "conversation-1" })
          yield* eventually(
            "the key's next job ran",
            Effect.map(Ref.get(runs), (n) => n >= 2)
          )
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "retries a failing job after its backoff, counting attempts, until they are spent",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue({ maxAttempts: 3, backoff: "1 second" })
          const attempts = yield* Ref.make<Array<{ attempt: number; at: number }>>([])
          const worker = yield* startWorker(queue, 1, (job) =>
            Effect.zipRight(
              Ref.update(attempts, (all) => [...all, { attempt: job.attempt, at: Date.now() }]),
              Effect.fail("declined")
            )
          )
          yield* enqueue(queue, {})
          yield* eventually(
            "three attempts",
            Effect.map(Ref.get(attempts), (all) => all.length >= 3),
            "30 seconds"
          )
          yield* Effect.sleep("5 seconds")
          const seen = yield* Ref.get(attempts)
          expect(seen.map((a) => a.attempt)).toEqual([1, 2, 3])
          // Backoff: at least 1 s before the first retry, at least 2 s before the second.
          expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950)
          expect(seen[2].at - seen[1].at).toBeGreaterThanOrEqual(1_950)
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "runs no more jobs of a queue at once than the worker's concurrency",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const state = yield* Ref.make({ now: 0, most: 0, done: 0 })
          const worker = yield* startWorker(queue, 2, () =>
            Effect.acquireUseRelease(
              Ref.update(state, (s) => ({ ...s, now: s.now + 1, most: Math.max(s.most, s.now + 1) })),
              () => Effect.sleep("300 millis"),
              () => Ref.update(state, (s) => ({ ...s, now: s.now - 1, done: s.done + 1 }))
            )
          )
          for (let i = 0; i < 6; i++) yield* enqueue(queue, { i })
          yield* eventually(
            "six jobs done",
            Effect.map(Ref.get(state), (s) => s.done >= 6)
          )
          expect((yield* Ref.get(state)).most).toBe(2)
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "drains on stop: the running job finishes, no new one starts, another worker takes the rest",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const started = yield* Deferred.make<void>()
          const finished = yield* Ref.make<Array<number>>([])
          const first = yield* startWorker(queue, 1, (job) =>
            Effect.zipRight(
              Deferred.succeed(started, undefined),
              Effect.zipRight(
                Effect.sleep("700 millis"),
                Ref.update(finished, (all) => [...all, job.payload.n as number])
              )
            )
          )
          for (let n = 0; n < 3; n++) yield* enqueue(queue, { n })
          yield* Deferred.await(started)
          yield* first.stop
          expect(yield* Ref.get(finished)).toHaveLength(1)
          const second = yield* startWorker(queue, 1, (job) =>
            Ref.update(finished, (all) => [...all, job.payload.n as number])
          )
          yield* eventually(
            "the others ran",
            Effect.map(Ref.get(finished), (all) => all.length >= 3)
          )
          expect([...(yield* Ref.get(finished))].sort()).toEqual([0, 1, 2])
          yield* second.stop
        }),
      60_000
    )

    it.effect(
      "commits jobs with the unit of work that enqueued them",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const seen = yield* Ref.make<Array<string>>([])
          const worker = yield* startWorker(queue, 1, (job) =>
            Ref.update(seen, (all) => [...all, job.payload.unit as string])
          )
          yield* Effect.exit(
            withTransaction(Effect.zipRight(enqueue(queue, { unit: "rolled back" }), Effect.fail("declined")))
          )
          yield* withTransaction(
            Effect.gen(function* () {
              yield* enqueue(queue, { unit: "committed" })
              // Not before the commit.
              yield* Effect.sleep("700 millis")
              expect(yield* Ref.get(seen)).toEqual([])
            })
          )
          yield* eventually(
            "the committed job ran",
            Effect.map(Ref.get(seen), (all) => all.length >= 1)
          )
          yield* Effect.sleep("1 second")
          expect(yield* Ref.get(seen)).toEqual(["committed"])
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "says a queue is unworked once a job has waited that long with no worker taking any, and not once one does",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const jobs = yield* JobQueue
          const unworked = jobs.unworked(queue, Duration.seconds(1))
          expect(yield* unworked).toBe(false)
          yield* enqueue(queue, { first: true })
          // Due only now: not yet waited for long.
          expect(yield* unworked).toBe(false)
          yield* eventually("the queue is unworked", unworked)
          // A job not due yet does not count.
          const later = freshQueue()
          yield* enqueue(later, {}, { runAt: new Date(Date.now() + 60_000) })
          yield* Effect.sleep("1500 millis")
          expect(yield* jobs.unworked(later, Duration.seconds(1))).toBe(false)

          const worker = yield* startWorker(queue, 1, () => Effect.void)
          yield* eventually("a worker took the job", Effect.map(unworked, (stalled) => !stalled))
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "runs a job again when its handler outlives the lease",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue({ lease: "1 second", backoff: "1 second" })
          const attempts = yield* Ref.make<Array<number>>([])
          const worker = yield* startWorker(queue, 1, (job) =>
            Effect.zipRight(
              Ref.update(attempts, (all) => [...all, job.attempt]),
              job.attempt === 1 ? Effect.never : Effect.void
            )
          )
          yield* enqueue(queue, {})
          yield* eventually(
            "the second attempt",
            Effect.map(Ref.get(attempts), (all) => all.length >= 2),
            "30 seconds"
          )
          expect((yield* Ref.get(attempts)).slice(0, 2)).toEqual([1, 2])
          yield* worker.stop
        }),
      60_000
    )
  })
