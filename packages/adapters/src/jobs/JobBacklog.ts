import { type JobPayload, type JobToEnqueue, PLATFORM_TURN, type QueueDefinition } from "@servicekit/core/internal"
import { Duration, Effect } from "effect"
import { rows } from "../kysely/Connection.js"
import type { KyselyConnection } from "../kysely/Database.js"
import { type WeightsOf, type WorkerTurns, makeFairRounds, run } from "./FairRounds.js"

/** A job the backlog released to the engine: its row (`id`), tenant, payload and key. */
export interface Released {
  readonly id: string
  readonly tenant: string
  readonly payload: JobPayload
  readonly key: string | null
}

/**
 * The jobs' backlog in ServiceKit's database (PGlite or Postgres), in front of a job engine that
 * lives elsewhere (BullMQ on Redis): a job waits here, by queue and tenant, committed with the
 * unit of work that enqueued it, until a worker with room releases it in its tenant's turn, and
 * the engine only ever holds about a round of jobs. A release removes the rows and hands the
 * jobs to the engine in one transaction: never lost between the two, never both.
 */
export const makeJobBacklog = (database: KyselyConnection) => {
  const table = `"${database.schema}".job_backlog`
  const outbox = `"${database.schema}".job_outbox`
  const rounds = makeFairRounds({
    table,
    waiting: "queue = $1",
    tenant: "tenant",
    order: "due_at, id",
    due: "due_at <= now()",
    ringDue: { column: "due_at" }
  })

  /** Stores jobs of one queue, in the unit of work when one is open; one waiting job per key. */
  const hold = (queue: QueueDefinition, jobs: ReadonlyArray<JobToEnqueue>): Effect.Effect<void> =>
    jobs.length === 0
      ? Effect.void
      : Effect.asVoid(
          rows(
            database,
            `INSERT INTO ${table} (queue, tenant, payload, key, due_at)
             SELECT $1, j.tenant, j.payload, j.key, coalesce(j.due_at, now())
             FROM jsonb_to_recordset($2::jsonb) AS j(tenant text, payload jsonb, key text, due_at timestamptz)
             ON CONFLICT (queue, key) WHERE key IS NOT NULL DO NOTHING`,
            [
              queue.name,
              JSON.stringify(
                jobs.map((job) => ({
                  tenant: job.options?.tenant ?? PLATFORM_TURN,
                  payload: job.payload,
                  key: job.options?.key ?? null,
                  due_at: job.options?.runAt?.toISOString() ?? null
                }))
              )
            ]
          )
        )

  /**
   * Releases up to `room` due jobs of the queue, tenants in turn (see FairRounds), removing their
   * rows and handing them to `deliver` in the same transaction. Answers how many.
   */
  const release = (
    queue: QueueDefinition,
    room: number,
    turns: WorkerTurns,
    weightsOf: WeightsOf,
    deliver: (jobs: ReadonlyArray<Released>) => Promise<void>
  ): Effect.Effect<number> =>
    Effect.map(
      rounds.round(
        database,
        queue.name,
        room,
        turns,
        weightsOf,
        (trx, chosen, parameters) =>
          run<Released>(
            trx,
            `WITH chosen AS (${chosen})
             DELETE FROM ${table} AS t WHERE t.id = ANY(ARRAY(SELECT id FROM chosen))
             RETURNING t.id::text AS id, t.tenant, t.payload, t.key`,
            parameters
          ),
        (_trx, released) => deliver(released)
      ),
      (released) => released.length
    )

  /** Moves in the rows a process of the previous version left in the job outbox. */
  const adoptOutbox = Effect.promise(() =>
    database.rows(
      `WITH moved AS (DELETE FROM ${outbox} RETURNING *)
       INSERT INTO ${table} (queue, tenant, payload, key, due_at, created_at)
       SELECT queue ->> 'name', coalesce(payload ->> 'tenantId', ''), payload, key, coalesce(run_at, created_at), created_at
       FROM moved ORDER BY id
       ON CONFLICT DO NOTHING`,
      []
    )
  )

  /** Whether one of the queue's waiting jobs has been due for `after` or longer. */
  const waitedSince = (queue: QueueDefinition, after: Duration.Duration): Effect.Effect<boolean> =>
    Effect.promise(() =>
      database.rows<{ waited: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ${table} WHERE queue = $1
           AND due_at <= now() - $2::float8 * interval '1 second') AS waited`,
        [queue.name, Duration.toSeconds(after)]
      )
    ).pipe(Effect.map((found) => found[0]?.waited === true))

  return { hold, release, adoptOutbox, waitedSince }
}
