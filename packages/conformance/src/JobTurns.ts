import { Deferred, Duration, Effect, Ref } from "effect"
import { expect } from "vitest"
import { HELD, JobQueue, type QueueDefinition } from "@servicekit/core/internal"
import { enqueue, eventually, freshQueue, startWorker } from "./JobHarness.js"

/**
 * The weights the suite's queue runs with: one tenant weighs three times the default, another is
 * held (as a suspended tenant is) until a test gives it a weight again.
 */
export const WEIGHTS: Record<string, number> = { "tenant-heavy": 3, "tenant-held": HELD }

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
                // Two seconds: the buffer's estimate of what ends within two release rounds stays
                // under one job even when a loaded machine's rounds take hundreds of ms.
                yield* n < 2 ? Effect.sleep("2 seconds") : Deferred.await(release)
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

    it.effect(
      "holds a held tenant's jobs where they wait, not counted as unworked, and runs each once when it has a weight again",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const jobs = yield* JobQueue
          const started = yield* Ref.make<Array<string>>([])
          yield* flood(queue, "tenant-held", 6)
          yield* flood(queue, "tenant-free", 6)
          const worker = yield* startWorker(queue, 2, (job) =>
            Ref.update(started, (all) => [...all, `${job.payload.tenant}:${job.payload.n}`])
          )
          yield* eventually(
            "the free tenant's jobs ran",
            Effect.map(Ref.get(started), (all) => all.length >= 6)
          )
          // Well past the unworked threshold, the held jobs still wait, and nothing is stalled.
          yield* Effect.sleep("2 seconds")
          expect((yield* Ref.get(started)).every((one) => one.startsWith("tenant-free:"))).toBe(true)
          expect(yield* jobs.unworked(queue, Duration.seconds(1))).toBe(false)
          // A weight again: every held job runs, once.
          WEIGHTS["tenant-held"] = 1
          yield* Effect.ensuring(
            eventually(
              "the held tenant's jobs ran",
              Effect.map(Ref.get(started), (all) => all.length >= 12)
            ),
            Effect.sync(() => void (WEIGHTS["tenant-held"] = HELD))
          )
          yield* Effect.sleep("300 millis")
          const held = (yield* Ref.get(started)).filter((one) => one.startsWith("tenant-held:"))
          expect(held.sort()).toEqual(Array.from({ length: 6 }, (_, n) => `tenant-held:${n}`).sort())
          yield* worker.stop
        }),
      60_000
    )

    it.effect(
      "holds a job whose tenant is held after it was enqueued, even one already handed towards a worker",
      () =>
        Effect.gen(function* () {
          const queue = freshQueue()
          const release = yield* Deferred.make<void>()
          const started = yield* Ref.make<Array<string>>([])
          const worker = yield* startWorker(queue, 1, (job) =>
            Effect.zipRight(
              Ref.update(started, (all) => [...all, job.payload.tenant as string]),
              job.payload.tenant === "tenant-busy" ? Deferred.await(release) : Effect.void
            )
          )
          // The worker's one slot is taken; the late tenant's job waits for it (in Redis, on BullMQ).
          yield* flood(queue, "tenant-busy", 1)
          yield* eventually("the slot taken", Effect.map(Ref.get(started), (all) => all.length === 1))
          yield* flood(queue, "tenant-late", 1)
          yield* Effect.sleep("1 second")
          WEIGHTS["tenant-late"] = HELD
          yield* Effect.ensuring(
            Effect.gen(function* () {
              yield* Deferred.succeed(release, undefined)
              yield* Effect.sleep("1500 millis")
              expect(yield* Ref.get(started)).toEqual(["tenant-busy"])
              WEIGHTS["tenant-late"] = 1
              yield* eventually("the late job ran", Effect.map(Ref.get(started), (all) => all.length === 2))
            }),
            Effect.sync(() => void delete WEIGHTS["tenant-late"])
          )
          yield* Effect.sleep("300 millis")
          expect(yield* Ref.get(started)).toEqual(["tenant-busy", "tenant-late"])
          yield* worker.stop
        }),
      60_000
    )
}
