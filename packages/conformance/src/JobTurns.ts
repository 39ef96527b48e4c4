import { Deferred, Effect, Ref } from "effect"
import { expect } from "vitest"
import { JobQueue, type QueueDefinition } from "@servicekit/core/internal"
import { enqueue, eventually, freshQueue, startWorker } from "./JobHarness.js"

/** The weights the suite's queue runs with: one tenant weighs three times the default. */
export const WEIGHTS = { "tenant-heavy": 3 }

/** `count` jobs of a tenant, numbered, in one enqueue. */
const flood = (queue: QueueDefinition, tenant: string, count: number) =>
  Effect.flatMap(JobQueue, (jobs) =>
    jobs.enqueueMany(
      queue,
      Array.from({ length: count }, (_, n) => ({ payload: { tenant, n }, options: { tenant } }))
    )
  )

/** The job queue's turns: tenants take turns, by tenant, in proportion to their weights (WEIGHTS). */
export const turnsConformance = (it: { readonly effect: (name: string, test: () => Effect.Effect<void, unknown, any>, timeout?: number) => void }): void => {
    it.effect(
      "takes jobs tenant by tenant: one tenant's job waits for about a round, not for another tenant's backlog",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const started = yield* Ref.make<Array<string>>([])
          yield* flood(queue, "tenant-flood", 400)
          // The flood's later jobs, then the quiet tenant's one, enqueued once the flood waits.
          yield* enqueue(queue, { tenant: "tenant-quiet" }, { tenant: "tenant-quiet" })
          const worker = yield* startWorker(queue, 4, (job) =>
            Effect.zipRight(
              Ref.update(started, (all) => [...all, job.payload.tenant as string]),
              Effect.sleep("5 millis")
            )
          )
          yield* eventually(
            "every job ran",
            Effect.map(Ref.get(started), (all) => all.length >= 401)
          )
          const order = yield* Ref.get(started)
          // Within the first round of the worker's four slots, though 400 jobs were queued before it.
          expect(order.indexOf("tenant-quiet")).toBeGreaterThanOrEqual(0)
          expect(order.indexOf("tenant-quiet")).toBeLessThan(8)
          // A tenant alone has every turn: the flood ran whole.
          expect(order.filter((tenant) => tenant === "tenant-flood")).toHaveLength(400)
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "counts turns by tenant, however many keys or payloads the tenant spreads its jobs over",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const started = yield* Ref.make<Array<string>>([])
          const jobs = yield* JobQueue
          // One tenant's 300 jobs over 100 keys (its workflows, its endpoints), then two of another's.
          yield* jobs.enqueueMany(
            queue,
            Array.from({ length: 300 }, (_, n) => ({
              payload: { tenant: "tenant-sybil", n },
              options: { tenant: "tenant-sybil", key: `workflow-${n % 100}:${n}` }
            }))
          )
          yield* flood(queue, "tenant-quiet", 2)
          const worker = yield* startWorker(queue, 2, (job) =>
            Effect.zipRight(
              Ref.update(started, (all) => [...all, job.payload.tenant as string]),
              Effect.sleep("5 millis")
            )
          )
          yield* eventually(
            "the quiet tenant's jobs ran",
            Effect.map(Ref.get(started), (all) => all.filter((tenant) => tenant === "tenant-quiet").length >= 2)
          )
          const order = yield* Ref.get(started)
          // The two quiet jobs alternate with the sybil's: both within the first few turns.
          expect(order.lastIndexOf("tenant-quiet")).toBeLessThan(8)
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "shares turns by weight: a tenant of weight 3 takes three jobs for each one of a weight-1 tenant",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const started = yield* Ref.make<Array<string>>([])
          yield* flood(queue, "tenant-light", 200)
          yield* flood(queue, "tenant-heavy", 200)
          const worker = yield* startWorker(queue, 2, (job) =>
            Effect.zipRight(
              Ref.update(started, (all) => [...all, job.payload.tenant as string]),
              Effect.sleep("5 millis")
            )
          )
          yield* eventually(
            "120 jobs ran",
            Effect.map(Ref.get(started), (all) => all.length >= 120)
          )
          const first = (yield* Ref.get(started)).slice(0, 120)
          const heavy = first.filter((tenant) => tenant === "tenant-heavy").length
          const light = first.filter((tenant) => tenant === "tenant-light").length
          // 90 and 30 at an exact three to one; rounds of a worker's room may shift a few.
          expect(heavy).toBeGreaterThanOrEqual(80)
          expect(heavy).toBeLessThanOrEqual(96)
          expect(light).toBe(120 - heavy)
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "shares a worker's slots: a tenant whose jobs are slow holds no more than its part while another's wait",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const release = yield* Deferred.make<void>()
          const started = yield* Ref.make<Array<string>>([])
          const ended = yield* Ref.make<Array<string>>([])
          const slow = yield* Ref.make(0)
          // The slow tenant's jobs hold their slots until released, but for two that end on their own.
          const worker = yield* startWorker(queue, 4, (job) =>
            Effect.gen(function* () {
              const tenant = job.payload.tenant as string
              yield* Ref.update(started, (all) => [...all, tenant])
              if (tenant === "tenant-slow") {
                const n = yield* Ref.getAndUpdate(slow, (count) => count + 1)
                yield* n < 2 ? Effect.sleep("300 millis") : Deferred.await(release)
              }
              yield* Ref.update(ended, (all) => [...all, tenant])
            })
          )
          // Alone, the slow tenant takes every slot.
          yield* flood(queue, "tenant-slow", 4)
          yield* eventually(
            "the slow tenant in every slot",
            Effect.map(Ref.get(started), (all) => all.length === 4)
          )
          // Both tenants' jobs at once, so that no round sees the slow tenant waiting alone.
          yield* Effect.flatMap(JobQueue, (jobs) =>
            jobs.enqueueMany(queue, [
              ...Array.from({ length: 10 }, (_, n) => ({ payload: { tenant: "tenant-slow", n }, options: { tenant: "tenant-slow" } })),
              ...Array.from({ length: 20 }, (_, n) => ({ payload: { tenant: "tenant-fast", n }, options: { tenant: "tenant-fast" } }))
            ])
          )
          // Two of its jobs end: the two slots go to the fast tenant, which keeps them while it has
          // jobs waiting, as the slow one holds its part (two of four) meanwhile.
          yield* eventually(
            "the fast tenant's jobs ran",
            Effect.map(Ref.get(ended), (all) => all.filter((tenant) => tenant === "tenant-fast").length === 20)
          )
          // No slow job started before the fast tenant's last one did.
          expect((yield* Ref.get(started)).slice(0, 24)).toEqual([
            ...Array.from({ length: 4 }, () => "tenant-slow"),
            ...Array.from({ length: 20 }, () => "tenant-fast")
          ])
          // Once the fast tenant's jobs ran out, the slow one has the free slots again.
          yield* Deferred.succeed(release, undefined)
          yield* eventually(
            "every slow job ran",
            Effect.map(Ref.get(ended), (all) => all.filter((tenant) => tenant === "tenant-slow").length === 14)
          )
          yield* worker.stop
        }),
      60_000
    )
}
