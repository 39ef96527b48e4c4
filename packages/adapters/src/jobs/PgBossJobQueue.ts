import { randomUUID } from "node:crypto"
import {
  type EnqueueOptions,
  type JobToEnqueue,
  type FanOut,
  HELD,
  type Job,
  type JobHandler,
  type JobPayload,
  JobQueue,
  type QueueDefinition,
  UnitOfWork,
  type WorkOptions,
  makeSlotHoldings,
  makeTurnClock,
  weightReader
} from "@servicekit/core/internal"
import { Duration, Effect, Exit, Fiber, Layer, Option, Queue, Runtime } from "effect"
import { CompiledQuery, type Kysely } from "kysely"
import PgBoss from "pg-boss"
import { currentTransaction } from "../kysely/Connection.js"
import { makeLeases } from "./Leases.js"
import { KyselyDatabase, type KyselyConnection } from "../kysely/Database.js"
import { type WorkerTurns, makeFairRounds, run } from "./FairRounds.js"
import { firstPerKey, tenantOf, withTenant } from "./EngineJobs.js"
import { makeJobWakeUps } from "./JobWakeUps.js"

export interface PgBossOptions {
  /** How often an idle worker looks for jobs another process enqueued; its own process wakes it at once. Default 500 ms (pg-boss's minimum). */
  readonly pollInterval?: Duration.DurationInput | undefined
  /** How often expired leases are returned to their queues, among pg-boss's other maintenance. Default 15 s. */
  readonly maintenanceInterval?: Duration.DurationInput | undefined
}

const wholeSeconds = (duration: Duration.Duration) => Math.max(1, Math.ceil(Duration.toSeconds(duration)))

/** pg-boss's executor over a Kysely connection (the unit of work's transaction). */
const executorOf = (trx: Kysely<any>): PgBoss.Db => ({
  executeSql: (text, values) =>
    trx.executeQuery(CompiledQuery.raw(text, values ?? [])).then((result) => ({ rows: [...result.rows] }))
})

/**
 * Creates pg-boss's tables unless they exist. pg-boss serialises installers on an advisory lock,
 * but the one that waited can still fail on `CREATE SCHEMA IF NOT EXISTS`, because Postgres
 * checked for the schema before the other committed: processes starting together on an empty
 * database then fail at random. The loser finds the tables there and goes on.
 */
const install = (database: KyselyConnection, schema: string): Effect.Effect<void> => {
  const installed = Effect.promise(() =>
    database.execute(`SELECT to_regclass($1) IS NOT NULL AS installed`, [`${schema}.version`])
  ).pipe(Effect.map(({ rows }) => rows[0].installed === true))
  const tables = Effect.flatMap(installed, (done) =>
    done
      ? Effect.void
      : Effect.catchAllDefect(
          Effect.promise(() => database.execute(PgBoss.getConstructionPlans(schema))),
          (defect) => Effect.flatMap(installed, (raced) => (raced ? Effect.void : Effect.die(defect)))
        )
  )
  // The index the workers' rounds walk: each queue's waiting jobs by tenant, oldest first. On the
  // partitioned job table, so that every queue's partition has it, those created later too.
  const turnsIndex = Effect.promise(() =>
    database.db.transaction().execute(async (trx) => {
      await run(trx, `SELECT pg_advisory_xact_lock(hashtext($1))`, [`${schema}.create_queue`])
      await run(
        trx,
        `CREATE INDEX IF NOT EXISTS job_turns ON ${schema}.job (name, (${TENANT_OF_JOB}), created_on, id)
         WHERE state < 'active'`,
        []
      )
    })
  )
  return Effect.zipRight(tables, turnsIndex)
}

/**
 * A worker whose slots free up one at a time (slow jobs) fetches for a single free slot once this
 * long has passed since its last fetch; busy with fast jobs, it fetches when half its slots are free.
 */
const TRICKLE_MS = 50

/** A pg-boss job's tenant, as SQL: the platform's turn for jobs enqueued before there were turns. */
const TENANT_OF_JOB = `coalesce(data ->> '$tenant', '')`

/**
 * The job queue on pg-boss 10, in ServiceKit's database: PGlite in-process (the embedded default)
 * or Postgres. Its tables live in the schema `<ServiceKit schema>_jobs`. A job enqueued inside a
 * unit of work is inserted in the unit's own transaction, so it commits or rolls back with it.
 * Workers are ServiceKit's own loop over a fair fetch (tenants in turn, see FairRounds.ts: the
 * same claim as pg-boss's own fetch, of rows chosen by tenant) and pg-boss's complete and fail,
 * woken through the fan-out when a job is committed (in every process, with a shared fan-out),
 * and polling besides. A lease is pg-boss's expiration: when a worker dies with a job,
 * maintenance hands the job back for a retry once the lease has passed.
 */
export const layerPgBossJobQueue = (
  options: PgBossOptions = {}
): Layer.Layer<JobQueue, never, KyselyDatabase | UnitOfWork | FanOut> =>
  Layer.scoped(
    JobQueue,
    Effect.gen(function* () {
      const database = yield* KyselyDatabase
      const unit = yield* UnitOfWork
      const wakeUps = yield* makeJobWakeUps
      const weightsOf = yield* weightReader
      const leases = yield* makeLeases()
      const schema = `${database.schema}_jobs`
      const rounds = makeFairRounds({
        table: `${schema}.job`,
        waiting: "name = $1 AND state < 'active'",
        tenant: TENANT_OF_JOB,
        order: "created_on, id",
        due: "start_after < now()"
      })
      const pollInterval = Duration.decode(options.pollInterval ?? "500 millis")
      const boss = new PgBoss({
        db: { executeSql: (text, values) => database.execute(text, values) },
        schema,
        schedule: false,
        supervise: true,
        maintenanceIntervalSeconds: wholeSeconds(Duration.decode(options.maintenanceInterval ?? "15 seconds"))
      })
      boss.on("error", (error) => Effect.runFork(Effect.logWarning("pg-boss", error)))
      yield* install(database, schema)
      yield* Effect.acquireRelease(
        Effect.promise(() => boss.start()),
        () => Effect.promise(() => boss.stop({ graceful: false, close: false, wait: true }))
      )

      const known = new Set<string>()
      /**
       * Creates the queue once. Its DDL takes table locks that deadlock when two processes create
       * queues at the same time, so creators queue up behind a transaction-level advisory lock.
       * Inside an open unit of work it runs in the unit's transaction: a transaction of its own
       * would need a second pool connection while the unit holds one, and enough concurrent first
       * enqueues would then exhaust the pool and wait on each other for good. The queue counts as
       * created once that transaction commits (a unit that rolls back creates nothing).
       */
      const ensureQueue = (queue: QueueDefinition): Effect.Effect<void> => {
        if (known.has(queue.name)) return Effect.void
        const create = (trx: Kysely<any>) =>
          trx
            .executeQuery(CompiledQuery.raw(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${schema}.create_queue`]))
            .then(() =>
              trx.executeQuery(
                CompiledQuery.raw(`SELECT ${schema}.create_queue($1, $2)`, [queue.name, queueOptions(queue)])
              )
            )
        const created = Effect.sync(() => known.add(queue.name))
        return Effect.flatMap(currentTransaction(database), (trx) =>
          Option.isSome(trx)
            ? Effect.zipRight(
                Effect.promise(() => create(trx.value)),
                unit.afterCommit(Effect.asVoid(created))
              )
            : Effect.zipRight(
                Effect.promise(() => database.db.transaction().execute(create)),
                Effect.asVoid(created)
              )
        )
      }

      /** The pg-boss job for one of ours: its key, or a fresh one (a job without a key is unique). */
      const jobOf = (queue: QueueDefinition, payload: JobPayload, options: EnqueueOptions = {}) => ({
        name: queue.name,
        data: withTenant(payload, options.tenant),
        // The queue's policy keeps one waiting job per key.
        singletonKey: options.key ?? randomUUID(),
        ...(options.runAt === undefined ? {} : { startAfter: options.runAt.toISOString() })
      })

      // All jobs in one statement (pg-boss skips one whose key already waits), in the unit of
      // work when one is open, then one wake-up. Within the batch the first job of a key wins, as
      // with one enqueue after another: the statement alone would not say which.
      const enqueueMany = (queue: QueueDefinition, jobs: ReadonlyArray<JobToEnqueue>) =>
        jobs.length === 0
          ? Effect.void
          : Effect.zipRight(
              ensureQueue(queue),
              Effect.flatMap(currentTransaction(database), (trx) =>
                Effect.zipRight(
                  Effect.promise(() =>
                    boss.insert(
                      firstPerKey(jobs).map((job) => jobOf(queue, job.payload, job.options)),
                      Option.match(trx, { onNone: () => ({}), onSome: (open) => ({ db: executorOf(open) }) })
                    )
                  ),
                  unit.afterCommit(wakeUps.wake(queue.name))
                )
              )
            )

      const enqueue = (queue: QueueDefinition, payload: JobPayload, options: EnqueueOptions = {}) =>
        Effect.zipRight(
          ensureQueue(queue),
          Effect.flatMap(currentTransaction(database), (trx) =>
            Effect.zipRight(
              Effect.promise(() => {
                const { name, data, ...job } = jobOf(queue, payload, options)
                return boss.send(name, data, {
                  ...job,
                  ...Option.match(trx, { onNone: () => ({}), onSome: (open) => ({ db: executorOf(open) }) })
                })
              }),
              unit.afterCommit(wakeUps.wake(queue.name))
            )
          )
        )

      const work = <R>(queue: QueueDefinition, options: WorkOptions, handle: JobHandler<R>) =>
        Effect.gen(function* () {
          yield* ensureQueue(queue)
          const concurrency = Math.max(1, options.concurrency)
          const waker = yield* wakeUps.listen(queue.name)
          // This worker's turns: its clock, where its next round starts in the ring of tenants, and
          // the slots its tenants' jobs hold.
          const holdings = makeSlotHoldings()
          const turns: WorkerTurns = {
            at: undefined,
            clock: makeTurnClock(),
            slots: { count: concurrency, holding: holdings.counts }
          }
          /** Takes up to `room` due jobs, tenants in turn, as pg-boss's fetch takes them (retries counted). */
          const fetchInTurn = (room: number) =>
            rounds.round(database, queue.name, room, turns, weightsOf, (trx, chosen, parameters) =>
              run<PgBoss.JobWithMetadata<JobPayload> & { tenant: string }>(
                trx,
                `WITH chosen AS (${chosen})
                 UPDATE ${schema}.job AS j SET state = 'active', started_on = now(),
                   retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
                 WHERE j.name = $1 AND j.id = ANY(ARRAY(SELECT id FROM chosen))
                 RETURNING j.id, j.data, j.retry_count AS "retryCount", ${TENANT_OF_JOB.replace("data", "j.data")} AS tenant`,
                parameters
              )
            )
          const running = new Set<Fiber.RuntimeFiber<void, unknown>>()

          // Outcomes are written in batches, one statement for all the jobs that finished since the
          // last one: a job completed but not yet written is run again after a crash (at least once).
          let completed: Array<string> = []
          let failed: Array<{ readonly id: string; readonly message: string }> = []
          let firstCompletedAt = 0
          let lastFetch = 0
          const writeOutcomes = Effect.suspend(() => {
            const [ids, failures] = [completed, failed]
            completed = []
            failed = []
            return Effect.promise(() =>
              Promise.all([
                ids.length === 0 ? undefined : boss.complete(queue.name, ids),
                ...failures.map(({ id, message }) => boss.fail(queue.name, id, { message }))
              ])
            )
          })
          // The caller's runtime carries the handler's requirements: no per-job provide.
          const runFork = Runtime.runFork(yield* Effect.runtime<R>())
          /** One fiber per job, its lease held by the shared timer, its outcome noted when it ends. */
          const start = (job: Pick<PgBoss.JobWithMetadata<JobPayload>, "id" | "data" | "retryCount">) => {
            const { payload, tenant } = tenantOf(job.data)
            const received: Job = { id: job.id, queue: queue.name, payload, attempt: job.retryCount + 1 }
            const fiber = runFork(handle(received))
            running.add(fiber)
            holdings.took(tenant)
            leases.hold(fiber, queue.lease)
            fiber.addObserver((exit) => {
              running.delete(fiber)
              holdings.ended(tenant)
              if (Exit.isSuccess(exit)) {
                if (completed.length === 0) firstCompletedAt = Date.now()
                completed.push(job.id)
              } else {
                failed.push({
                  id: job.id,
                  message: Exit.isInterrupted(exit) ? "job outlived its lease" : String(exit.cause)
                })
              }
              // Wake the loop when it has something to do: half the slots free, a failure to write,
              // or a free slot once a trickle's time has passed since the last fetch.
              if (running.size <= concurrency / 2 || !Exit.isSuccess(exit) || Date.now() - lastFetch >= TRICKLE_MS)
                Queue.unsafeOffer(waker, undefined)
            })
          }
          const fetchAndRun = Effect.gen(function* () {
            // Let the jobs that are about to end do so first: larger, fewer fetches and completions.
            yield* Effect.yieldNow()
            const free = concurrency - running.size
            // Fetch when half the slots are free (or all are), so that a busy worker fetches in batches,
            // and write completions with each fetch, or when half a batch or a second's worth waits.
            // Slow jobs free a slot at a time: a trickle's time after the last fetch, one free slot is
            // enough, so that the next tenant's turn does not wait for half the slots.
            const fetching =
              free > 0 && (running.size === 0 || free >= concurrency / 2 || Date.now() - lastFetch >= TRICKLE_MS)
            if (
              fetching ||
              failed.length > 0 ||
              completed.length >= concurrency / 2 ||
              Date.now() - firstCompletedAt > 1_000
            ) {
              yield* writeOutcomes
            }
            if (fetching) lastFetch = Date.now()
            const jobs = fetching ? yield* fetchInTurn(free) : []
            for (const job of jobs) start(job)
            // Fetch again at once after a full batch; otherwise wait to be woken (a job ended, or one
            // was enqueued) or for the next poll, or, with a slot free that waits for its batch, for
            // the trickle's time.
            if (!fetching && free > 0) {
              const rest = Math.max(1, TRICKLE_MS - (Date.now() - lastFetch))
              yield* Effect.timeout(Queue.take(waker), Duration.millis(rest)).pipe(Effect.ignore)
            } else if (jobs.length < free || running.size === concurrency) {
              yield* Effect.timeout(Queue.take(waker), pollInterval).pipe(Effect.ignore)
            }
          })
          const loop = yield* Effect.forkDaemon(Effect.forever(fetchAndRun))
          yield* Effect.addFinalizer(() =>
            Effect.zipRight(
              Fiber.interrupt(loop),
              Effect.suspend(() => Fiber.awaitAll([...running]))
            ).pipe(Effect.zipRight(writeOutcomes))
          )
        })

      // Whether no job of the queue started within `after`, and then the tenants (a few) of jobs due
      // for as long (state below active), by the database's clock; held tenants' jobs wait on purpose.
      const unworked = (queue: QueueDefinition, after: Duration.Duration) =>
        Effect.promise(() =>
          database.execute(
            `SELECT DISTINCT ${TENANT_OF_JOB} AS tenant FROM ${schema}.job
             WHERE name = $1 AND state < 'active' AND start_after <= now() - $2::float8 * interval '1 second'
               AND NOT EXISTS (
                 SELECT 1 FROM ${schema}.job WHERE name = $1 AND started_on > now() - $2::float8 * interval '1 second'
               )
             LIMIT 100`,
            [queue.name, Duration.toSeconds(after)]
          )
        ).pipe(
          Effect.flatMap(({ rows }) => weightsOf(rows.map((row) => String(row.tenant)))),
          Effect.map((weights) => [...weights.values()].some((weight) => weight !== HELD)),
          Effect.catchAllDefect(() => Effect.succeed(false))
        )

      return JobQueue.of({ enqueue, enqueueMany, work, unworked })
    })
  )

/** What pg-boss keeps per queue: retries with exponential backoff, the lease as expiration, one waiting job per key. */
const queueOptions = (queue: QueueDefinition) => ({
  policy: "short",
  retryLimit: queue.maxAttempts - 1,
  retryDelay: wholeSeconds(queue.backoff),
  retryBackoff: true,
  expireInSeconds: wholeSeconds(queue.lease)
})
