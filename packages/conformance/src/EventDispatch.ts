import { layer } from "@effect/vitest"
import { Effect, Exit, Layer, Ref, Schedule, Scope } from "effect"
import { expect } from "vitest"
import {
  defineQueue,
  eachEvent,
  type DomainEvent,
  EventBus,
  EventOutbox,
  type EventSubscriber,
  JobQueue,
  runDispatcher,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"

const uuid = () => globalThis.crypto.randomUUID()

const event = (type: string, aggregate: string, n: number): DomainEvent => ({
  id: uuid(),
  tenantId: "00000000-0000-4000-8000-000000000001",
  aggregate,
  type,
  payload: { n },
  occurredAt: new Date()
})

/** Gives up within 20 seconds: before the dispatcher's 30-second sweep, so deliveries must come from the wakes. */
const eventually = <R>(what: string, check: Effect.Effect<boolean, never, R>) =>
  Effect.repeat(check, { until: (done) => done, schedule: Schedule.spaced("50 millis") }).pipe(
    Effect.timeoutFail({ duration: "20 seconds", onTimeout: () => new Error(`timed out waiting until ${what}`) }),
    Effect.orDie,
    Effect.asVoid
  )

/** Runs the dispatcher for `subscribers` in a scope of its own, as a worker process would. */
const startDispatcher = <R>(subscribers: ReadonlyArray<EventSubscriber<R>>) =>
  Effect.gen(function* () {
    const scope = yield* Scope.make()
    yield* runDispatcher(subscribers).pipe(Scope.extend(scope))
    return Scope.close(scope, Exit.void)
  })

const publish = (events: ReadonlyArray<DomainEvent>) => Effect.flatMap(EventBus, (bus) => bus.publish(events))

/**
 * Events from publishing to subscribers, through the outbox and the job queue: for the memory
 * fakes and every durable adapter. Each test uses event types of its own.
 */
export const eventDispatchConformance = (
  name: string,
  makeLayer: () => Layer.Layer<EventOutbox | JobQueue | UnitOfWork, unknown>
): void =>
  layer(EventBus.layer.pipe(Layer.provideMerge(makeLayer())), { excludeTestServices: true, timeout: "120 seconds" })(
    `event dispatch conformance: ${name}`,
    (it) => {
      it.effect(
        "delivers each committed event, in order, and none of a unit that rolled back",
        () =>
          Effect.gen(function* () {
            const type = `test.${uuid().slice(0, 8)}`
            const seen = yield* Ref.make<Array<string>>([])
            const stop = yield* startDispatcher([
              {
                name: "recorder",
                types: [type],
                handle: eachEvent((e) => Ref.update(seen, (all) => [...all, `${e.aggregate}#${e.payload.n}`]))
              }
            ])
            for (let n = 1; n <= 5; n++) yield* withTransaction(publish([event(type, "a", n), event(type, "b", n)]))
            yield* Effect.exit(
              withTransaction(Effect.zipRight(publish([event(type, "a", 99)]), Effect.fail("declined")))
            )
            yield* eventually(
              "ten events",
              Effect.map(Ref.get(seen), (all) => all.length >= 10)
            )
            yield* Effect.sleep("1 second")
            const all = yield* Ref.get(seen)
            expect(all).toHaveLength(10)
            expect(all.filter((e) => e.startsWith("a#"))).toEqual(["a#1", "a#2", "a#3", "a#4", "a#5"])
            expect(all.filter((e) => e.startsWith("b#"))).toEqual(["b#1", "b#2", "b#3", "b#4", "b#5"])
            yield* stop
          }),
        60_000
      )

      it.effect(
        "dispatches events that were committed without waking the dispatcher once a worker starts",
        () =>
          Effect.gen(function* () {
            const type = `test.${uuid().slice(0, 8)}`
            const seen = yield* Ref.make<Array<number>>([])
            // As a process that stopped between committing its events and waking the dispatcher leaves them.
            yield* withTransaction(Effect.flatMap(EventOutbox, (outbox) => outbox.append([event(type, "d", 1)])))
            const stop = yield* startDispatcher([
              {
                name: "recorder",
                types: [type],
                handle: eachEvent((e) => Ref.update(seen, (all) => [...all, e.payload.n as number]))
              }
            ])
            yield* eventually(
              "the waiting event",
              Effect.map(Ref.get(seen), (all) => all.length >= 1)
            )
            expect(yield* Ref.get(seen)).toEqual([1])
            yield* stop
          }),
        60_000
      )

      it.effect(
        "retries after a failing subscriber, in order, at least once",
        () =>
          Effect.gen(function* () {
            const type = `test.${uuid().slice(0, 8)}`
            const seen = yield* Ref.make<Array<number>>([])
            const failures = yield* Ref.make(0)
            const stop = yield* startDispatcher([
              {
                name: "flaky",
                types: [type],
                handle: eachEvent((e) =>
                  e.payload.n === 2
                    ? Effect.flatMap(
                        Ref.getAndUpdate(failures, (n) => n + 1),
                        (failed) =>
                          failed === 0
                            ? Effect.fail("first delivery of #2 fails")
                            : Ref.update(seen, (all) => [...all, 2])
                      )
                    : Ref.update(seen, (all) => [...all, e.payload.n as number])
                )
              }
            ])
            yield* withTransaction(publish([event(type, "a", 1), event(type, "a", 2), event(type, "a", 3)]))
            yield* eventually(
              "all three delivered",
              Effect.map(Ref.get(seen), (all) => all.includes(3))
            )
            const all = yield* Ref.get(seen)
            // #1 may come twice (its batch was rolled back with #2); #2 and #3 come in order, after it.
            expect(all.filter((n) => n !== 1)).toEqual([2, 3])
            expect(all.indexOf(1)).toBeLessThan(all.indexOf(2))
            expect(yield* Ref.get(failures)).toBe(2)
            yield* stop
          }),
        60_000
      )

      it.effect(
        "commits a subscriber's jobs with the dispatch: each runs once",
        () =>
          Effect.gen(function* () {
            const type = `test.${uuid().slice(0, 8)}`
            const deliveries = defineQueue(`deliveries.${uuid().slice(0, 8)}`)
            const delivered = yield* Ref.make<Array<number>>([])
            const stop = yield* startDispatcher([
              {
                name: "webhooks",
                types: [type],
                handle: eachEvent((e) =>
                  Effect.flatMap(JobQueue, (jobs) => jobs.enqueue(deliveries, { n: e.payload.n }))
                )
              }
            ])
            const scope = yield* Scope.make()
            yield* Effect.flatMap(JobQueue, (jobs) =>
              jobs.work(deliveries, { concurrency: 2 }, (job) =>
                Ref.update(delivered, (all) => [...all, job.payload.n as number])
              )
            ).pipe(Scope.extend(scope))
            yield* withTransaction(publish([1, 2, 3].map((n) => event(type, "c", n))))
            yield* eventually(
              "three deliveries",
              Effect.map(Ref.get(delivered), (all) => all.length >= 3)
            )
            yield* Effect.sleep("1 second")
            expect([...(yield* Ref.get(delivered))].sort()).toEqual([1, 2, 3])
            yield* Scope.close(scope, Exit.void)
            yield* stop
          }),
        60_000
      )
    }
  )
