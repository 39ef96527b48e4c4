import {
  type EnqueueOptions,
  type JobHandler,
  type JobPayload,
  JobQueue,
  type JobToEnqueue,
  type QueueDefinition,
  UnitOfWork,
  type WorkOptions
} from "@servicekit/core/internal"
import { type Job as BullJob, Queue as BullQueue, Worker } from "bullmq"
import { Cause, Duration, Effect, Exit, Layer, Option, Queue, Runtime } from "effect"
import { connectFailFast } from "../redis/FailFastRedis.js"
import { openRedis } from "../redis/WatchedRedis.js"
import type { Kysely } from "kysely"
import { currentTransaction } from "../kysely/Connection.js"
import { KyselyDatabase } from "../kysely/Database.js"
import type { JobsTables } from "../kysely/jobs/Tables.js"
import { makeLeases } from "./Leases.js"

export interface BullMqOptions {
  readonly url: string
  /** Key prefix in Redis; give each deployment (and each test) its own. Default `servicekit`. */
  readonly prefix?: string | undefined
  /** How often the relay looks for outbox rows a crashed process left behind. Default 1 s. */
  readonly relayInterval?: Duration.DurationInput | undefined
}

type Stored = {
  readonly name: string
  readonly maxAttempts: number
  readonly backoffMs: number
  readonly leaseMs: number
}

const stored = (queue: QueueDefinition): Stored => ({
  name: queue.name,
  maxAttempts: queue.maxAttempts,
  backoffMs: Duration.toMillis(queue.backoff),
  leaseMs: Duration.toMillis(queue.lease)
})

/** BullMQ's own options for one job of a queue. */
const addOptions = (
  queue: Stored,
  options: { key?: string | null | undefined; runAt?: Date | null | undefined; jobId?: string }
) => ({
  attempts: queue.maxAttempts,
  backoff: { type: "exponential", delay: queue.backoffMs },
  removeOnComplete: true,
  removeOnFail: { count: 1_000 },
  ...(options.jobId === undefined ? {} : { jobId: options.jobId }),
  ...(options.key == null ? {} : { deduplication: { id: options.key } }),
  ...(options.runAt == null ? {} : { delay: Math.max(0, options.runAt.getTime() - Date.now()) })
})

/**
 * The job queue on BullMQ 6 (Redis). Outside a unit of work a job goes to Redis at once. Inside
 * one it is written to the `job_outbox` table in the unit's transaction and relayed to Redis
 * after the commit (at once, and by a periodic sweep after a crash), never a double write that
 * could lose or invent a job. The lease is BullMQ's lock: a killed worker's job is picked up again
 * by the stalled-job check. In production Redis needs `appendonly yes` and `noeviction`.
 */
export const layerBullMqJobQueue = (config: BullMqOptions): Layer.Layer<JobQueue, never, KyselyDatabase | UnitOfWork> =>
  Layer.scoped(
    JobQueue,
    Effect.gen(function* () {
      const database = yield* KyselyDatabase
      const unit = yield* UnitOfWork
      const leases = yield* makeLeases()
      const prefix = config.prefix ?? "servicekit"
      // Enqueuing never waits on Redis: while it is away, jobs wait in the outbox table.
      const producer = yield* connectFailFast(config.url, { commandTimeoutMs: 2_000 })
      const queues = new Map<string, BullQueue>()
      yield* Effect.addFinalizer(() => Effect.promise(() => Promise.all([...queues.values()].map((q) => q.close()))))
      const queueOf = (name: string) => {
        let found = queues.get(name)
        if (found === undefined) {
          found = new BullQueue(name, { connection: producer, prefix })
          // Unheard, BullMQ prints each error with its stack; the outage log says what matters.
          found.on("error", () => {})
          queues.set(name, found)
        }
        return found
      }

      // BullMQ waits for a connection that has never been ready: such a client is not asked at all.
      const add = (queue: Stored, payload: JobPayload, opts: Parameters<typeof addOptions>[1]) =>
        producer.status === "ready"
          ? Effect.tryPromise({
              try: () => queueOf(queue.name).add("job", payload, addOptions(queue, opts) as never),
              catch: (error) => error
            })
          : Effect.fail(new Error(`the connection is ${producer.status}`))

      /** Hands committed outbox rows to Redis, oldest first; rows another relay holds are skipped. */
      const relayOnce = Effect.tryPromise({
        catch: (error) => error,
        try: () =>
          (database.db as Kysely<JobsTables>).transaction().execute(async (trx) => {
            const rows = await trx
              .selectFrom("job_outbox")
              .selectAll()
              .orderBy("id")
              .limit(100)
              .forUpdate()
              .skipLocked()
              .execute()
            // One round trip per queue: a relay that added rows one by one held up every job behind it.
            const byQueue = new Map<string, Array<(typeof rows)[number]>>()
            for (const row of rows) byQueue.set(row.queue.name, [...(byQueue.get(row.queue.name) ?? []), row])
            for (const [name, queued] of byQueue) {
              await queueOf(name).addBulk(
                queued.map((row) => ({
                  name: "job",
                  data: row.payload,
                  // The row id as job id: a row relayed twice (a crash before its delete) is one job while it waits.
                  opts: addOptions(row.queue, { key: row.key, runAt: row.run_at, jobId: `outbox-${row.id}` }) as never
                }))
              )
            }
            if (rows.length > 0)
              await trx
                .deleteFrom("job_outbox")
                .where(
                  "id",
                  "in",
                  rows.map((row) => row.id)
                )
                .execute()
            return rows.length
          })
      })
      const relaySignal = yield* Queue.sliding<void>(1)
      const relayLoop = Effect.forever(
        Effect.zipRight(
          Effect.timeout(Queue.take(relaySignal), config.relayInterval ?? "1 second").pipe(Effect.ignore),
          // The outbox keeps the jobs while Redis is away; the sweep resumes when it answers.
          Effect.suspend(() =>
            producer.status === "ready"
              ? Effect.repeat(relayOnce, { while: (count) => count === 100 }).pipe(
                  // Redis or the database away: their outage logs say so, and the next sweep tries again.
                  Effect.catchAll((error) => Effect.logDebug("jobs not relayed yet", String(error)))
                )
              : Effect.void
          )
        )
      )
      yield* Effect.forkScoped(relayLoop)

      const relaySoon = Queue.offer(relaySignal, undefined)
      /** Writes jobs to the outbox, in one statement. */
      const keepInOutbox = (db: Kysely<any>, queue: QueueDefinition, jobs: ReadonlyArray<JobToEnqueue>) =>
        Effect.promise(() =>
          (db as Kysely<JobsTables>)
            .insertInto("job_outbox")
            .values(
              jobs.map((job) => ({
                queue: JSON.stringify(stored(queue)),
                payload: JSON.stringify(job.payload),
                key: job.options?.key ?? null,
                run_at: job.options?.runAt ?? null
              }))
            )
            .execute()
        )

      // A command that timed out may still have reached Redis: then the job also waits in the
      // outbox and runs twice at most, which handlers (at least once, like every retry) allow.
      const enqueue = (queue: QueueDefinition, payload: JobPayload, options: EnqueueOptions = {}) =>
        Effect.flatMap(currentTransaction(database), (trx) =>
          Option.match(trx, {
            onNone: () =>
              add(stored(queue), payload, options).pipe(
                Effect.catchAll(() =>
                  Effect.zipRight(keepInOutbox(database.db, queue, [{ payload, options }]), relaySoon)
                ),
                Effect.asVoid
              ),
            onSome: (open) =>
              Effect.zipRight(keepInOutbox(open, queue, [{ payload, options }]), unit.afterCommit(relaySoon))
          })
        )

      const work = <R>(queue: QueueDefinition, options: WorkOptions, handle: JobHandler<R>) =>
        Effect.gen(function* () {
          // The caller's runtime carries the handler's requirements: no per-job provide.
          const runFork = Runtime.runFork(yield* Effect.runtime<R>())
          const leaseMs = Duration.toMillis(queue.lease)
          const process = async (job: BullJob) => {
            // Once started, the job no longer holds its key: a new enqueue means new work.
            if (job.deduplicationId !== undefined) await job.removeDeduplicationKey()
            const received = {
              id: job.id ?? "",
              queue: queue.name,
              payload: job.data,
              attempt: Math.max(1, job.attemptsStarted)
            }
            const fiber = runFork(handle(received))
            leases.hold(fiber, queue.lease)
            const exit = await new Promise<Exit.Exit<void, unknown>>((resolve) => fiber.addObserver(resolve))
            if (Exit.isFailure(exit)) {
              throw Exit.isInterrupted(exit) ? new Error("job outlived its lease") : Cause.squash(exit.cause)
            }
          }
          const connection = yield* openRedis(config.url, { maxRetriesPerRequest: null })
          yield* Effect.acquireRelease(
            Effect.sync(() => {
              const worker = new Worker(queue.name, process, {
                connection,
                prefix,
                concurrency: Math.max(1, options.concurrency),
                lockDuration: leaseMs,
                stalledInterval: Math.min(leaseMs, 30_000),
                maxStalledCount: queue.maxAttempts
              })
              worker.on("error", () => {})
              return worker
            }),
            // close() waits for the running jobs: the graceful drain; the connection closes after it.
            (worker) => Effect.promise(() => worker.close())
          )
        })

      /**
       * The queue's longest-waiting due job (the tail of its wait list, the head of its delayed
       * set, which no worker promotes while none runs), judged against `after`, and then whether
       * any worker is connected to it. A Redis that refuses CLIENT LIST cannot tell: false.
       */
      const unworked = (queue: QueueDefinition, after: Duration.Duration) =>
        producer.status !== "ready"
          ? Effect.succeed(false)
          : Effect.tryPromise(async () => {
              const bull = queueOf(queue.name)
              const since = Date.now() - Duration.toMillis(after)
              const oldest = [
                ...(await bull.getJobs(["wait"], 0, 0, true)),
                ...(await bull.getJobs(["delayed"], 0, 0, true))
              ]
              if (!oldest.some((job) => job.timestamp + (job.delay ?? 0) <= since)) return false
              return (await bull.getWorkersCount()) === 0
            }).pipe(Effect.orElseSucceed(() => false))

      return JobQueue.of({
        enqueue,
        // Each job through the same path: an outbox row in a unit of work, else straight to Redis.
        // In a unit of work all of them in one outbox insert; else each straight to Redis, as enqueue does.
        enqueueMany: (queue, jobs) =>
          jobs.length === 0
            ? Effect.void
            : Effect.flatMap(currentTransaction(database), (trx) =>
                Option.match(trx, {
                  onNone: () =>
                    Effect.forEach(jobs, (job) => enqueue(queue, job.payload, job.options), { discard: true }),
                  onSome: (open) => Effect.zipRight(keepInOutbox(open, queue, jobs), unit.afterCommit(relaySoon))
                })
              ),
        work,
        unworked
      })
    })
  )
