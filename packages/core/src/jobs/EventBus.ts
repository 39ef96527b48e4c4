import { Context, Data, Effect, Layer, Option, Queue, type Scope } from "effect"
import { UnitOfWork, withTransaction } from "../platform/UnitOfWork.js"
import { type DomainEvent, EventOutbox } from "./EventOutbox.js"
import { JobQueue, defineQueue } from "./JobQueue.js"

/**
 * Reacts to events as the dispatcher hands them on, inside the dispatcher's unit of work: it
 * writes rows or enqueues jobs in that unit (a webhook delivery, an automation run), so that
 * marking the event dispatched and its consequences commit together. Slow or outside work
 * belongs in the jobs it enqueues.
 */
export interface EventSubscriber<R = any> {
  /** For logs, e.g. `webhooks`. */
  readonly name: string
  /** Event types it wants; `*` for all. */
  readonly types: ReadonlyArray<string>
  /**
   * Its events of one dispatched batch, in order (never empty): one call per batch, so that a
   * subscriber can write what many events cause in a few statements.
   */
  readonly handle: (events: ReadonlyArray<DomainEvent>) => Effect.Effect<void, unknown, R>
}

/** A subscriber's batch handler that handles the events one by one, in order. */
export const eachEvent =
  <R>(handle: (event: DomainEvent) => Effect.Effect<void, unknown, R>) =>
  (events: ReadonlyArray<DomainEvent>): Effect.Effect<void, unknown, R> =>
    Effect.forEach(events, handle, { discard: true })

/** The dispatcher's queue: one job at a time says "events are waiting". */
export const dispatchQueue = defineQueue("servicekit.events.dispatch", {
  maxAttempts: 10,
  backoff: "1 second",
  lease: "2 minutes"
})

/** Events per unit of work: a backlog goes out in few transactions, each holding the role briefly. */
const BATCH = 500

/** Another process is dispatching: this job retries after its backoff, in case new events came in after that one's last look. */
class DispatcherBusy extends Data.TaggedError("DispatcherBusy")<{}> {}

/**
 * How often each worker process wakes the dispatcher whatever happened: events whose wake was lost
 * (their process stopped right after committing them) wait at most this long.
 */
const SWEEP_INTERVAL = "30 seconds"

/** How long a wake waits for other commits to join it: the most it adds to an event's dispatch. */
const WAKE_PAUSE = "5 millis"

/** Asks for a dispatch; a job already waiting takes this request too. */
const wakeDispatcher: Effect.Effect<void, never, JobQueue> = Effect.flatMap(JobQueue, (jobs) =>
  Effect.catchAllCause(jobs.enqueue(dispatchQueue, {}, { key: "dispatch" }), (cause) =>
    Effect.logWarning("could not wake the event dispatcher; its sweep will", cause)
  )
)

/**
 * Publishes domain events: the outbox row commits with the caller's unit of work, and once it has
 * committed the dispatcher is woken. Wakes are coalesced: the commits of a few milliseconds share
 * one, which is enough, since a dispatch that starts after a commit sees its events, and a job
 * already waiting absorbs the wake. The outbox is the truth; a wake lost with its process is made
 * up by the workers' sweep.
 */
export class EventBus extends Context.Tag("@servicekit/core/EventBus")<
  EventBus,
  {
    readonly publish: (events: ReadonlyArray<DomainEvent>) => Effect.Effect<void>
    /**
     * Whether anything would hear each event of `asked` (a tenant's event type): a subscriber of
     * its type that always hears it, or one whose `hearing` says so. An emitter whose events are
     * often heard by no one (a run's end) asks first, and writes neither the event nor a unit of
     * work for it when nothing would.
     */
    readonly heard: (asked: ReadonlyArray<AskedEvent>) => Effect.Effect<ReadonlyArray<boolean>>
    /**
     * Tells the bus which of its events subscriber `name` hears (its subscriptions): registered by
     * the subscriber's module as its services are built. A subscriber that registers none hears
     * every event of its types.
     */
    readonly hearing: (name: string, hears: EventHearing) => Effect.Effect<void>
  }
>() {
  /** A bus that knows no subscriber: every event counts as heard. */
  static readonly layer: Layer.Layer<EventBus, never, EventOutbox | JobQueue | UnitOfWork> = Layer.suspend(() =>
    EventBus.layerFor(undefined)
  )

  /** The bus of a kit whose dispatcher hands events to `subscribers` (their names and types). */
  static readonly layerFor = (
    subscribers: ReadonlyArray<Pick<EventSubscriber, "name" | "types">> | undefined
  ): Layer.Layer<EventBus, never, EventOutbox | JobQueue | UnitOfWork> => Layer.scoped(
    EventBus,
    Effect.gen(function* () {
      const outbox = yield* EventOutbox
      const unit = yield* UnitOfWork
      const wakes = yield* Queue.dropping<void>(1)
      // Wakes asked for, and the count that the last finished wake covered.
      let asked = 0
      let covered = 0
      const wakeNow = Effect.suspend(() => {
        const covering = asked
        return Effect.map(wakeDispatcher, () => void (covered = Math.max(covered, covering)))
      })
      // A process that stops (a script, a serverless function) wakes the dispatcher on its way out.
      yield* Effect.addFinalizer(() => Effect.suspend(() => (covered < asked ? wakeNow : Effect.void)))
      const wakeOnce = Queue.take(wakes).pipe(
        Effect.zipRight(Effect.sleep(WAKE_PAUSE)),
        Effect.zipRight(Queue.takeAll(wakes)),
        Effect.zipRight(wakeNow)
      )
      yield* Effect.forkScoped(Effect.forever(wakeOnce))
      const wake = Effect.suspend(() => {
        asked++
        return Effect.asVoid(Queue.offer(wakes, undefined))
      })
      const hearings = new Map<string, EventHearing>()
      const listenersOf = (type: string) =>
        (subscribers ?? []).filter((subscriber) => subscriber.types.includes("*") || subscriber.types.includes(type))
      return {
        publish: (events) =>
          events.length === 0 ? Effect.void : Effect.zipRight(outbox.append(events), unit.afterCommit(wake)),
        heard: (asked) => {
          if (subscribers === undefined || asked.length === 0) return Effect.succeed(asked.map(() => true))
          const answers: Array<boolean> = asked.map(() => false)
          // The questions each registered hearing answers: those no subscriber hears unasked.
          const questions = new Map<EventHearing, Array<number>>()
          asked.forEach((event, i) => {
            const listeners = listenersOf(event.type)
            if (listeners.some((listener) => !hearings.has(listener.name))) {
              answers[i] = true
              return
            }
            for (const listener of listeners) {
              const hears = hearings.get(listener.name)!
              const indexes = questions.get(hears) ?? []
              indexes.push(i)
              questions.set(hears, indexes)
            }
          })
          return Effect.as(
            Effect.forEach(
              questions,
              ([hears, indexes]) =>
                Effect.map(hears(indexes.map((i) => asked[i]!)), (heard) =>
                  indexes.forEach((i, n) => (answers[i] ||= heard[n]!))
                ),
              { discard: true }
            ),
            answers
          )
        },
        hearing: (name, hears) => Effect.sync(() => void hearings.set(name, hears))
      }
    })
  )
}

/** An event type of a tenant, as `EventBus.heard` is asked about it. */
export interface AskedEvent {
  readonly tenantId: string
  readonly type: string
}

/** Which of `asked` a subscriber hears, in order. */
export type EventHearing = (asked: ReadonlyArray<AskedEvent>) => Effect.Effect<ReadonlyArray<boolean>>

/**
 * Dispatches waiting events to `subscribers` until none is left: the handler of `dispatchQueue`.
 * Each batch is one unit of work holding the dispatcher's role, so events go out in order, once
 * their subscribers' writes commit with the marks; a failing subscriber rolls its batch back and
 * the job retries it (at least once, in order).
 */
export const dispatchEvents = <R>(
  subscribers: ReadonlyArray<EventSubscriber<R>>
): Effect.Effect<void, unknown, R | EventOutbox | UnitOfWork> =>
  Effect.flatMap(EventOutbox, (outbox) => {
    const deliver = (events: ReadonlyArray<DomainEvent>): Effect.Effect<void, unknown, R> =>
      Effect.forEach(
        subscribers,
        (subscriber) => {
          const wanted = events.filter(
            (event) => subscriber.types.includes("*") || subscriber.types.includes(event.type)
          )
          return wanted.length === 0
            ? Effect.void
            : Effect.mapError(subscriber.handle(wanted), (cause) => ({
                subscriber: subscriber.name,
                events: wanted.map((event) => event.id),
                cause
              }))
        },
        { discard: true }
      )
    const batch = withTransaction(
      Effect.flatMap(outbox.claim(BATCH), (claimed) =>
        Option.match(claimed, {
          onNone: (): Effect.Effect<number, unknown, R> => Effect.fail(new DispatcherBusy()),
          onSome: (events) =>
            Effect.as(
              Effect.zipRight(deliver(events), outbox.markDispatched(events.map((event) => event.sequence))),
              events.length
            )
        })
      )
    )
    return Effect.asVoid(Effect.repeat(batch, { while: (count) => count === BATCH }))
  })

/**
 * The dispatcher of a worker process until the scope closes: it takes `dispatchQueue`'s jobs and
 * wakes itself at start and every SWEEP_INTERVAL, for events that are waiting without a wake.
 */
export const runDispatcher = <R>(
  subscribers: ReadonlyArray<EventSubscriber<R>>
): Effect.Effect<void, never, R | JobQueue | EventOutbox | UnitOfWork | Scope.Scope> =>
  Effect.gen(function* () {
    const jobs = yield* JobQueue
    yield* jobs.work(dispatchQueue, { concurrency: 1 }, () => dispatchEvents(subscribers))
    yield* Effect.forkScoped(Effect.forever(Effect.zipRight(wakeDispatcher, Effect.sleep(SWEEP_INTERVAL))))
  })
