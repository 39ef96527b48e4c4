import { layer } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer, Option, Ref, Schedule, Scope } from "effect"
import { expect } from "vitest"
import {
  defineQueue,
  JobQueue,
  runScheduler,
  type ScheduleDefinition,
  Scheduler,
  ScheduleStore,
  type UnitOfWork
} from "@servicekit/core/internal"

const uuid = () => globalThis.crypto.randomUUID()

const eventually = <R>(what: string, check: Effect.Effect<boolean, never, R>) =>
  Effect.repeat(check, { until: (done) => done, schedule: Schedule.spaced("100 millis") }).pipe(
    Effect.timeoutFail({ duration: "30 seconds", onTimeout: () => new Error(`timed out waiting until ${what}`) }),
    Effect.orDie,
    Effect.asVoid
  )

/** A queue of the test's own, a worker recording each firing's due time, and the schedule's id. */
const setUp = Effect.gen(function* () {
  const queue = defineQueue(`schedules.${uuid().slice(0, 8)}`)
  const fired = yield* Ref.make<Array<string>>([])
  const scope = yield* Scope.make()
  yield* Effect.flatMap(JobQueue, (jobs) =>
    jobs.work(queue, { concurrency: 4 }, (job) => Ref.update(fired, (all) => [...all, job.payload.dueAt as string]))
  ).pipe(Scope.extend(scope))
  const schedule = (spec: ScheduleDefinition["spec"]): ScheduleDefinition => ({
    id: `test:${uuid()}`,
    tenantId: uuid(),
    spec,
    queue,
    payload: { workflow: "w1" }
  })
  return { fired, schedule, stop: Scope.close(scope, Exit.void) }
})

/**
 * Schedules: each due time fires once, whatever number of schedulers run. For the memory fakes
 * and every durable adapter; intervals tick with second precision.
 */
export const schedulerConformance = (
  name: string,
  makeLayer: () => Layer.Layer<ScheduleStore | JobQueue | UnitOfWork, unknown>
): void =>
  layer(Scheduler.layer.pipe(Layer.provideMerge(makeLayer())), { excludeTestServices: true, timeout: "120 seconds" })(
    `scheduler conformance: ${name}`,
    (it) => {
      it.effect(
        "fires an interval schedule once per due time, on its grid, even with two schedulers running",
        () =>
          Effect.gen(function* () {
            const { fired, schedule, stop } = yield* setUp
            const every = schedule({ everySeconds: 1 })
            yield* Effect.flatMap(Scheduler, (scheduler) => scheduler.upsert(every))
            const schedulers = yield* Effect.all([Effect.fork(runScheduler), Effect.fork(runScheduler)])
            yield* eventually(
              "three firings",
              Effect.map(Ref.get(fired), (all) => all.length >= 3)
            )
            yield* Effect.forEach(schedulers, Fiber.interrupt)
            yield* Effect.sleep("1 second")
            const dueTimes = [...(yield* Ref.get(fired))].map((at) => Date.parse(at)).sort((a, b) => a - b)
            expect(new Set(dueTimes).size).toBe(dueTimes.length)
            // On the one-second grid: a tick delayed past a due time skips it rather than doubling it.
            for (let i = 1; i < dueTimes.length; i++) {
              expect(dueTimes[i] - dueTimes[i - 1]).toBeGreaterThan(0)
              expect((dueTimes[i] - dueTimes[i - 1]) % 1_000).toBe(0)
            }
            yield* stop
          }),
        60_000
      )

      it.effect(
        "fires a one-shot schedule once at its time, then never again; a removed schedule stops",
        () =>
          Effect.gen(function* () {
            const { fired, schedule, stop } = yield* setUp
            const scheduler = yield* Scheduler
            const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1_000)
            const once = schedule({ at })
            const removed = schedule({ everySeconds: 1 })
            yield* scheduler.upsert(once)
            yield* scheduler.upsert(removed)
            yield* scheduler.remove(removed.id)
            const loop = yield* Effect.fork(runScheduler)
            yield* eventually(
              "the one-shot fired",
              Effect.map(Ref.get(fired), (all) => all.length >= 1)
            )
            yield* Effect.sleep("2500 millis")
            yield* Fiber.interrupt(loop)
            expect(yield* Ref.get(fired)).toEqual([at.toISOString()])
            const stored = yield* Effect.flatMap(ScheduleStore, (store) => store.find(once.id))
            expect(Option.map(stored, (s) => s.nextDueAt)).toEqual(Option.some(null))
            yield* stop
          }),
        60_000
      )

      it.effect("refuses a spec it could never fire", () =>
        Effect.gen(function* () {
          const { schedule, stop } = yield* setUp
          const scheduler = yield* Scheduler
          for (const spec of [
            { everySeconds: 0 },
            { everySeconds: 1.5 },
            { cron: "*/5 * * * * *" },
            { cron: "nonsense" }
          ]) {
            expect(Exit.isFailure(yield* Effect.exit(scheduler.upsert(schedule(spec))))).toBe(true)
          }
          yield* stop
        })
      )

      it.effect("prunes firings past a time, and never fires a due time its schedule moved past or of a removed schedule", () =>
        Effect.gen(function* () {
          const store = yield* ScheduleStore
          const id = `test:${uuid()}`
          const due = [1, 2, 3].map((minute) => new Date(Date.UTC(2030, 0, 1, 0, minute)))
          yield* store.upsert({ id, tenantId: uuid(), spec: { everySeconds: 60 }, queue: defineQueue("schedules.prune"), payload: {}, nextDueAt: due[0]! })
          expect(yield* store.fire(id, due[0]!, due[1]!)).toBe(true)
          expect(yield* store.fire(id, due[0]!, due[1]!)).toBe(false)
          // Every firing recorded until a day from now goes, this one with the others.
          const before = new Date(Date.now() + 86_400_000)
          expect(yield* store.pruneFirings(before, 1)).toBe(1)
          while ((yield* store.pruneFirings(before, 100)) > 0) {}
          expect(yield* store.pruneFirings(before, 100)).toBe(0)
          // Its firing gone, the due time it moved past still does not fire again; the next does.
          expect(yield* store.fire(id, due[0]!, due[1]!)).toBe(false)
          expect(yield* store.fire(id, due[1]!, due[2]!)).toBe(true)
          expect(Option.map(yield* store.find(id), (schedule) => schedule.nextDueAt)).toEqual(Option.some(due[2]))
          // A firing recorded now is kept by a prune of those before an hour ago.
          expect(yield* store.pruneFirings(new Date(Date.now() - 3_600_000), 100)).toBe(0)
          expect(yield* store.fire(id, due[1]!, due[2]!)).toBe(false)
          yield* store.remove(id)
          expect(yield* store.fire(id, due[2]!, null)).toBe(false)
        })
      )
    }
  )
