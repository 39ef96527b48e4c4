import { Clock, Context, Duration, Effect, Exit, Fiber, Layer, Queue, Scope } from "effect"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { HELD, PLATFORM_TURN, makeFairLine, makeSlotHoldings, weightReader } from "./FairTurns.js"

/** How soon a worker looks again at jobs it found held. */
const HELD_RECHECK = Duration.millis(250)

/**
 * Durable background work behind one port. ServiceKit's own tables hold the truth (run state,
 * outbox rows, schedules); a job only says "item X is due", keyed by X, so a lost or repeated
 * job costs a lookup, never a wrong result. Delivery is at least once: a handler must be
 * idempotent, and side effects take idempotency keys derived from (item, step, attempt).
 * Every job belongs to a tenant, and workers take a queue's due jobs tenant by tenant, in
 * proportion to their weights (see FairTurns.ts), never first in, first out across tenants.
 */

/** A JSON object: what a job carries. */
export type JobPayload = { readonly [key: string]: unknown }

/** A job as a worker receives it. */
export interface Job {
  readonly id: string
  readonly queue: string
  readonly payload: JobPayload
  /** 1 on the first run, counting up with each retry. */
  readonly attempt: number
}

/** A queue as producers and workers both know it: its name, and how its jobs are retried and leased. */
export interface QueueDefinition {
  readonly name: string
  /** Runs in all, the first included: 1 means no retry. */
  readonly maxAttempts: number
  /** Wait before the first retry; it doubles with each further one. */
  readonly backoff: Duration.Duration
  /** How long a worker may hold a job: a job held longer (its worker died or hung) is run again. */
  readonly lease: Duration.Duration
}

const QUEUE_NAME = /^[a-z0-9][a-z0-9_.-]{0,49}$/

/** Defines a queue: 5 attempts, retries after 1 s, 2 s, 4 s ..., a 5-minute lease unless said otherwise. */
export const defineQueue = (
  name: string,
  options: {
    readonly maxAttempts?: number
    readonly backoff?: Duration.DurationInput
    readonly lease?: Duration.DurationInput
  } = {}
): QueueDefinition => {
  if (!QUEUE_NAME.test(name)) throw new Error(`Queue name "${name}" must match ${QUEUE_NAME}`)
  const maxAttempts = options.maxAttempts ?? 5
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new Error(`Queue ${name}: maxAttempts must be a positive integer`)
  return {
    name,
    maxAttempts,
    backoff: Duration.decode(options.backoff ?? "1 second"),
    lease: Duration.decode(options.lease ?? "5 minutes")
  }
}

/** The wait before retry number `attempt` (the run after attempt `attempt` failed). */
export const retryDelay = (queue: QueueDefinition, attempt: number): Duration.Duration =>
  Duration.times(queue.backoff, 2 ** Math.min(16, attempt - 1))

export interface EnqueueOptions {
  /** The tenant whose turn the job takes; the platform's own turn when left out. */
  readonly tenant?: string | undefined
  /** While a job with this key waits in the queue, enqueueing another one with it does nothing. */
  readonly key?: string | undefined
  /** Not to run before this time. */
  readonly runAt?: Date | undefined
}

/** One job of an `enqueueMany`. */
export interface JobToEnqueue {
  readonly payload: JobPayload
  readonly options?: EnqueueOptions | undefined
}

export interface WorkOptions {
  /** Jobs of this queue this worker runs at once. */
  readonly concurrency: number
}

export type JobHandler<R> = (job: Job) => Effect.Effect<void, unknown, R>

export class JobQueue extends Context.Tag("@servicekit/core/JobQueue")<
  JobQueue,
  {
    /**
     * Stores a job. Inside a unit of work it commits with the unit: workers never see a job whose
     * unit rolled back, and a job is never lost once its unit has committed.
     */
    readonly enqueue: (queue: QueueDefinition, payload: JobPayload, options?: EnqueueOptions) => Effect.Effect<void>
    /**
     * Stores several jobs of one queue, each as `enqueue` would, in one write where the engine
     * allows it (a request that creates many items queues their jobs at once).
     */
    readonly enqueueMany: (queue: QueueDefinition, jobs: ReadonlyArray<JobToEnqueue>) => Effect.Effect<void>
    /**
     * Runs `handle` for the queue's jobs until the scope closes. Closing stops taking jobs and
     * waits for the running ones to end. A handler that fails, dies or outlives the lease is
     * retried after the queue's backoff until its attempts are spent.
     */
    readonly work: <R>(
      queue: QueueDefinition,
      options: WorkOptions,
      handle: JobHandler<R>
    ) => Effect.Effect<void, never, R | Scope.Scope>
    /**
     * Whether the queue is left unworked: one of its jobs has been due for `after` or longer and no
     * worker, in any process sharing the queue, has taken one of its jobs within `after`. False
     * when the backend cannot tell.
     */
    readonly unworked: (queue: QueueDefinition, after: Duration.Duration) => Effect.Effect<boolean>
  }
>() {
  /** In memory, in this process only: the fake every durable adapter is held to (conformance). */
  static readonly layerMemory: Layer.Layer<JobQueue, never, UnitOfWork> = Layer.scoped(
    JobQueue,
    Effect.gen(function* () {
      const unit = yield* UnitOfWork
      const scope = yield* Effect.scope
      const weightsOf = yield* weightReader
      // A waiting job, the dedupe key it holds and the tenant whose turn it takes.
      type Entry = { readonly job: Job; readonly key: string | undefined; readonly tenant: string }
      // Per queue: its due jobs in turn, and one token per due job for the workers to wait on.
      type Line = { readonly due: ReturnType<typeof makeFairLine<Entry>>; readonly tokens: Queue.Queue<void> }
      const lines = new Map<string, Line>()
      const waitingKeys = new Map<string, Set<string>>()
      // When each job that is due and not yet taken became due, and when a worker last took one, by queue.
      const dueSince = new Map<string, Map<Entry, number>>()
      const lastTaken = new Map<string, number>()
      let sequence = 0

      const lineOf = (name: string) => {
        let found = lines.get(name)
        if (found === undefined)
          lines.set(name, (found = { due: makeFairLine<Entry>(), tokens: Effect.runSync(Queue.unbounded<void>()) }))
        return found
      }
      const keysOf = (name: string) => {
        let found = waitingKeys.get(name)
        if (found === undefined) waitingKeys.set(name, (found = new Set()))
        return found
      }

      const dueOf = (name: string) => {
        let found = dueSince.get(name)
        if (found === undefined) dueSince.set(name, (found = new Map()))
        return found
      }
      /** Hands a due job to the queue's workers. */
      const offer = (entry: Entry) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          dueOf(entry.job.queue).set(entry, now)
          const line = lineOf(entry.job.queue)
          line.due.push(entry.tenant, entry)
          return Queue.offer(line.tokens, undefined)
        })

      /**
       * Waits for a due job of the queue, then hands the next one in turn to `use`: once the wait
       * is over, nothing interrupts the hand-over, so that no job is taken and dropped. When only
       * held tenants' jobs wait, the token goes back a moment later and `use` gets undefined.
       */
      const takeThen = (
        name: string,
        slots: { readonly holding: ReadonlyMap<string, number>; readonly count: number },
        use: (entry: Entry | undefined) => Effect.Effect<void>
      ) => {
        const line = lineOf(name)
        return Effect.uninterruptibleMask((restore) =>
          Effect.zipRight(
            restore(Queue.take(line.tokens)),
            Effect.flatMap(weightsOf(line.due.tenants()), (weights) =>
              Effect.flatMap(Clock.currentTimeMillis, (now) => {
                const entry = line.due.take((tenant) => weights.get(tenant) ?? 1, slots)
                if (entry === undefined) {
                  const again = Effect.zipRight(Effect.sleep(HELD_RECHECK), Queue.offer(line.tokens, undefined))
                  return Effect.zipRight(Effect.forkIn(again, scope), use(undefined))
                }
                dueOf(name).delete(entry)
                lastTaken.set(name, now)
                return use(entry)
              })
            )
          )
        )
      }

      /** Offers the job at `at` (ms), from a timer in the layer's scope when that is later than now. */
      const deliverAt = (entry: Entry, at: number) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          at <= now
            ? offer(entry)
            : Effect.asVoid(Effect.forkIn(Effect.zipRight(Effect.sleep(at - now), offer(entry)), scope))
        )

      const enqueue = (queue: QueueDefinition, payload: JobPayload, options: EnqueueOptions = {}) =>
        unit.afterCommit(
          Effect.suspend(() => {
            const keys = keysOf(queue.name)
            if (options.key !== undefined) {
              if (keys.has(options.key)) return Effect.void
              keys.add(options.key)
            }
            const job: Job = { id: `job-${++sequence}`, queue: queue.name, payload, attempt: 1 }
            const entry = { job, key: options.key, tenant: options.tenant ?? PLATFORM_TURN }
            return Effect.flatMap(Clock.currentTimeMillis, (now) => deliverAt(entry, options.runAt?.getTime() ?? now))
          })
        )

      const work = <R>(queue: QueueDefinition, options: WorkOptions, handle: JobHandler<R>) =>
        Effect.gen(function* () {
          const concurrency = Math.max(1, options.concurrency)
          const slots = yield* Effect.makeSemaphore(concurrency)
          // The slots each tenant's jobs hold: no tenant fills them while another's jobs wait.
          const holdings = makeSlotHoldings()
          const running = new Set<Fiber.RuntimeFiber<void>>()
          const context = yield* Effect.context<R>()
          const settle = ({ job, tenant }: Entry, exit: Exit.Exit<void, unknown>) => {
            if (Exit.isSuccess(exit)) return Effect.void
            if (job.attempt >= queue.maxAttempts) {
              return Effect.logWarning(
                `job ${job.id} of ${queue.name} failed for good after ${job.attempt} attempts`,
                exit.cause
              )
            }
            return Effect.flatMap(Clock.currentTimeMillis, (now) =>
              deliverAt(
                { job: { ...job, attempt: job.attempt + 1 }, key: undefined, tenant },
                now + Duration.toMillis(retryDelay(queue, job.attempt))
              )
            )
          }
          const run = (entry: Entry) => {
            // Once started, the job no longer holds its key: a new enqueue means new work.
            if (entry.key !== undefined) keysOf(queue.name).delete(entry.key)
            return handle(entry.job).pipe(
              Effect.timeoutFail({
                duration: queue.lease,
                onTimeout: () => new Error(`job outlived its lease of ${Duration.format(queue.lease)}`)
              }),
              Effect.provide(context),
              Effect.exit,
              Effect.flatMap((exit) => settle(entry, exit)),
              Effect.ensuring(Effect.zipRight(Effect.sync(() => holdings.ended(entry.tenant)), slots.release(1)))
            )
          }
          const loop = Effect.forever(
            Effect.zipRight(
              slots.take(1),
              takeThen(queue.name, { holding: holdings.counts, count: concurrency }, (entry) =>
                // The hand-over is uninterruptible; the job itself is not (its lease interrupts it).
                entry === undefined ? slots.release(1) : Effect.flatMap(
                  Effect.zipRight(
                    Effect.sync(() => holdings.took(entry.tenant)),
                    Effect.forkDaemon(Effect.interruptible(run(entry)))
                  ),
                  (fiber) =>
                    Effect.sync(() => {
                      running.add(fiber)
                      fiber.addObserver(() => running.delete(fiber))
                    })
                )
              )
            )
          )
          const taker = yield* Effect.forkDaemon(loop)
          // Graceful drain: stop taking, then wait for what runs.
          yield* Effect.addFinalizer(() => Effect.zipRight(Fiber.interrupt(taker), Fiber.awaitAll([...running])))
        })

      return JobQueue.of({
        enqueue,
        enqueueMany: (queue, jobs) =>
          Effect.forEach(jobs, (job) => enqueue(queue, job.payload, job.options), { discard: true }),
        work,
        // Held tenants' jobs wait on purpose: they do not make a queue unworked.
        unworked: (queue, after) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) => {
            const since = now - Duration.toMillis(after)
            if ((lastTaken.get(queue.name) ?? Number.NEGATIVE_INFINITY) > since) return Effect.succeed(false)
            const long = [...dueOf(queue.name)].flatMap(([entry, dueAt]) => (dueAt <= since ? [entry.tenant] : []))
            return Effect.map(weightsOf([...new Set(long)]), (weights) => [...weights.values()].some((w) => w !== HELD))
          })
      })
    })
  )
}
