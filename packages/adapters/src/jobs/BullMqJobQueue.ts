import {
  type EnqueueOptions,
  type FanOut,
  HELD,
  type JobHandler,
  type JobPayload,
  JobQueue,
  type JobToEnqueue,
  type QueueDefinition,
  UnitOfWork,
  type WorkOptions,
  makeSlotHoldings,
  makeTurnClock,
  weightReader
} from "@servicekit/core/internal"
import { type Job as BullJob, Queue as BullQueue, Worker } from "bullmq"
import { Cause, Duration, Effect, Exit, Layer, Queue, Runtime } from "effect"
import { connectFailFast } from "../redis/FailFastRedis.js"
import { openRedis } from "../redis/WatchedRedis.js"
import { KyselyDatabase } from "../kysely/Database.js"
import type { WorkerTurns } from "./FairRounds.js"
import { type Released, makeJobBacklog } from "./JobBacklog.js"
import { firstPerKey, tenantOf, withTenant } from "./EngineJobs.js"
import { makeJobWakeUps } from "./JobWakeUps.js"
import { makeLeases } from "./Leases.js"
import { makeWorkerBuffer } from "./WorkerBuffer.js"

export interface BullMqOptions {
  readonly url: string
  /** Key prefix in Redis; give each deployment (and each test) its own. Default `servicekit`. */
  readonly prefix?: string | undefined
  /** How often an idle worker looks for jobs another process enqueued without a shared fan-out. Default 500 ms. */
  readonly pollInterval?: Duration.DurationInput | undefined
}

/** A released job's id in BullMQ: its backlog row's. */
const bullJobId = (job: Released) => `backlog-${job.id}`

/** BullMQ's own options for one released job of a queue; `lifo` puts it at the head of the line. */
const addOptions = (queue: QueueDefinition, job: Released, lifo: boolean) => ({
  lifo,
  attempts: queue.maxAttempts,
  backoff: { type: "exponential", delay: Duration.toMillis(queue.backoff) },
  removeOnComplete: true,
  removeOnFail: { count: 1_000 },
  // The backlog row's id: a release retried after a lost answer from Redis is one job.
  jobId: bullJobId(job),
  ...(job.key === null ? {} : { deduplication: { id: job.key } })
})

/**
 * The job queue on BullMQ 6 (Redis). Jobs wait in the jobs' backlog in the database, committed
 * with the unit of work that enqueued them (or on their own), until a worker with room releases
 * them, tenants in turn, to Redis: the release removes the rows and adds the jobs in one
 * transaction, so a job is never lost between the two, and while Redis is away jobs wait in the
 * backlog. The lease is BullMQ's lock: a killed worker's job is picked up again by the stalled-job
 * check. In production Redis needs `appendonly yes` and `noeviction`.
 */
export const layerBullMqJobQueue = (
  config: BullMqOptions
): Layer.Layer<JobQueue, never, KyselyDatabase | UnitOfWork | FanOut> =>
  Layer.scoped(
    JobQueue,
    Effect.gen(function* () {
      const database = yield* KyselyDatabase
      const unit = yield* UnitOfWork
      const wakeUps = yield* makeJobWakeUps
      const weightsOf = yield* weightReader
      const backlog = makeJobBacklog(database)
      const leases = yield* makeLeases()
      const prefix = config.prefix ?? "servicekit"
      const pollInterval = Duration.decode(config.pollInterval ?? "500 millis")
      // Releasing never waits on Redis: while it is away, jobs wait in the backlog.
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
      // Rows a process of the previous version leaves in the job outbox during an upgrade.
      yield* Effect.forkScoped(
        Effect.forever(
          Effect.zipRight(
            Effect.catchAllCause(backlog.adoptOutbox, (cause) => Effect.logDebug("job outbox not read", cause)),
            Effect.sleep("30 seconds")
          )
        )
      )

      const enqueueMany = (queue: QueueDefinition, jobs: ReadonlyArray<JobToEnqueue>) =>
        jobs.length === 0
          ? Effect.void
          : Effect.zipRight(backlog.hold(queue, firstPerKey(jobs)), unit.afterCommit(wakeUps.wake(queue.name)))

      // BullMQ waits for a connection that has never been ready: such a client is not asked at all,
      // and the release rolls back. The first job of each tenant `idle` here goes to the head of
      // the line: its turn has come, and it waits for no other tenant's buffered jobs.
      const deliver = async (queue: QueueDefinition, jobs: ReadonlyArray<Released>, idle: (tenant: string) => boolean) => {
        if (producer.status !== "ready") throw new Error(`the connection is ${producer.status}`)
        const ahead = new Set<string>()
        await queueOf(queue.name).addBulk(
          jobs.map((job) => {
            const first = !ahead.has(job.tenant) && idle(job.tenant)
            if (first) ahead.add(job.tenant)
            return { name: "job", data: withTenant(job.payload, job.tenant), opts: addOptions(queue, job, first) as never }
          })
        )
        return jobs.map((job) => ({ id: bullJobId(job), tenant: job.tenant }))
      }

      const work = <R>(queue: QueueDefinition, options: WorkOptions, handle: JobHandler<R>) =>
        Effect.gen(function* () {
          // The caller's runtime carries the handler's requirements: no per-job provide.
          const runFork = Runtime.runFork(yield* Effect.runtime<R>())
          const concurrency = Math.max(1, options.concurrency)
          const leaseMs = Duration.toMillis(queue.lease)
          const waker = yield* wakeUps.listen(queue.name)
          // This worker's turns: its clock, where its next round starts in the ring of tenants, the
          // slots its tenants' jobs hold here (jobs another worker process runs are its own), and
          // the jobs it released that wait in Redis.
          const holdings = makeSlotHoldings()
          const buffer = makeWorkerBuffer()
          const turns: WorkerTurns = {
            at: undefined,
            clock: makeTurnClock(),
            slots: { count: concurrency, holding: holdings.counts }
          }
          let running = 0
          // Jobs ended since `since`, and the pace they end at (jobs a second), for the releaser.
          let pace = { ended: 0, since: Date.now(), perSecond: 0 }
          const process = async (job: BullJob) => {
            const { payload, tenant } = tenantOf(job.data)
            // Released before its tenant was held (suspended): back to the backlog, its key with it,
            // to wait there with the tenant's other jobs. It did not run: no attempt is spent.
            if ((await Effect.runPromise(weightsOf([tenant]))).get(tenant) === HELD) {
              buffer.started(job.id ?? "")
              const key = job.deduplicationId
              if (key !== undefined) await job.removeDeduplicationKey()
              return Effect.runPromise(backlog.hold(queue, [{ payload, options: { tenant, key } }]))
            }
            const startedAt = Date.now()
            running++
            holdings.took(tenant)
            buffer.started(job.id ?? "")
            try {
              // Once started, the job no longer holds its key: a new enqueue means new work.
              if (job.deduplicationId !== undefined) await job.removeDeduplicationKey()
              const attempt = Math.max(1, job.attemptsStarted)
              const fiber = runFork(handle({ id: job.id ?? "", queue: queue.name, payload, attempt }))
              leases.hold(fiber, queue.lease)
              const exit = await new Promise<Exit.Exit<void, unknown>>((resolve) => fiber.addObserver(resolve))
              if (Exit.isFailure(exit)) {
                throw Exit.isInterrupted(exit) ? new Error("job outlived its lease") : Cause.squash(exit.cause)
              }
            } finally {
              running--
              holdings.ended(tenant)
              buffer.ended(tenant, Date.now() - startedAt)
              pace.ended++
              // Release again once a quarter of the slots is free: in batches, not a round per job.
              if (concurrency - running >= Math.ceil(concurrency / 4)) Queue.unsafeOffer(waker, undefined)
            }
          }
          const connection = yield* openRedis(config.url, { maxRetriesPerRequest: null })
          yield* Effect.acquireRelease(
            Effect.sync(() => {
              const worker = new Worker(queue.name, process, {
                connection,
                prefix,
                concurrency,
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
          // The releaser: when woken (jobs enqueued, slots freed) or at each poll, releases as many
          // jobs as the worker has free slots, and a buffer besides, so that the worker never idles
          // between rounds: what it ends in two rounds' time (both measured), at least one and at
          // most ten batches (its concurrency). Slow jobs thus keep a job or two waiting in Redis,
          // and a tenant whose turn comes waits behind about a round's worth of work. With the
          // buffer full a round still has room for one job: one of a tenant within its part of the
          // slots (see slotAllowances), which would otherwise wait for a quarter of them to free.
          let roundMs = 10
          const releaseRound = Effect.gen(function* () {
            if (producer.status !== "ready") return
            const now = Date.now()
            if (now - pace.since >= 100) {
              const measured = (pace.ended * 1_000) / (now - pace.since)
              pace = { ended: 0, since: now, perSecond: (pace.perSecond + measured) / 2 }
            }
            const spare = Math.min(10 * concurrency, Math.max(1, Math.ceil((pace.perSecond * 2 * roundMs) / 1_000)))
            const waiting = yield* Effect.tryPromise(() => queueOf(queue.name).getWaitingCount())
            buffer.waiting(waiting)
            turns.slots = { count: concurrency, holding: holdings.counts, buffer: buffer.share(spare, roundMs) }
            const room = Math.max(1, concurrency - running + spare - waiting)
            const released = yield* backlog.release(queue, room, turns, weightsOf, (jobs) =>
              deliver(queue, jobs, (tenant) => !holdings.counts.has(tenant) && !buffer.queued.has(tenant)).then(buffer.released)
            )
            if (released > 0) roundMs = (roundMs + (Date.now() - now)) / 2
          }).pipe(Effect.catchAllCause((cause) => Effect.logDebug("jobs not released yet", cause)))
          yield* Effect.forkScoped(
            Effect.forever(Effect.zipRight(releaseRound, Effect.timeout(Queue.take(waker), pollInterval).pipe(Effect.ignore)))
          )
        })

      /**
       * Whether jobs have waited in the backlog for `after` with no worker connected to the queue.
       * A Redis away or refusing CLIENT LIST cannot tell: no.
       */
      const unworked = (queue: QueueDefinition, after: Duration.Duration) =>
        Effect.flatMap(backlog.waitedSince(queue, after), (waited) =>
          !waited || producer.status !== "ready"
            ? Effect.succeed(false)
            : Effect.tryPromise(async () => (await queueOf(queue.name).getWorkersCount()) === 0).pipe(
                Effect.orElseSucceed(() => false)
              )
        ).pipe(Effect.catchAllDefect(() => Effect.succeed(false)))

      return JobQueue.of({
        enqueue: (queue: QueueDefinition, payload: JobPayload, options?: EnqueueOptions) =>
          enqueueMany(queue, [{ payload, options }]),
        enqueueMany,
        work,
        unworked
      })
    })
  )

