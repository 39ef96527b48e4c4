import { type SlotBuffer, type TurnClock, slotAllowances } from "@servicekit/core/internal"
import { Effect, Exit } from "effect"
import { CompiledQuery, type Kysely } from "kysely"
import type { KyselyConnection } from "../kysely/Database.js"

/**
 * A table of waiting jobs as the rounds read it: jobs of the queue `$1` that wait (`waiting`), each
 * with its tenant (`tenant`, an expression an index leads with after the queue), taken oldest
 * first (`order`) once due (`due`). `ringDue` names the due time's column when the index orders a
 * tenant's jobs by it, so that the ring passes tenants whose earliest job is not due yet.
 */
export interface WaitingJobs {
  readonly table: string
  readonly waiting: string
  readonly tenant: string
  readonly order: string
  readonly due: string
  readonly ringDue?: { readonly column: string } | undefined
}

/** How a round reads the tenants' weights (see TenantWeights). */
export type WeightsOf = (tenants: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>>

/**
 * A worker's turns: its turn clock, where its next round starts in the ring of tenants, and its
 * slots with those its tenants' jobs hold, and its buffer if it keeps one (see slotAllowances).
 */
export interface WorkerTurns {
  at: string | undefined
  readonly clock: TurnClock
  slots: { readonly count: number; readonly holding: ReadonlyMap<string, number>; readonly buffer?: SlotBuffer }
}

/**
 * The fewest tenants a round considers (its window of the ring), however small its room: the
 * window's tenants compete by their turn clock's tags, so weights count even one job at a time.
 */
const RING_WINDOW = 32

/** Runs SQL text with parameters in `db` (a transaction, or the database). */
export const run = <Row>(db: Kysely<any>, text: string, parameters: ReadonlyArray<unknown>) =>
  db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters])).then((result) => [...result.rows])

/** `use` in a transaction of its own: committed when it succeeds, else rolled back. */
const inTransaction = <A>(
  database: KyselyConnection,
  use: (trx: Kysely<any>) => Effect.Effect<A>
): Effect.Effect<A> =>
  Effect.acquireUseRelease(
    Effect.promise(() => database.db.startTransaction().execute()),
    use,
    (trx, exit) => Effect.promise(() => (Exit.isSuccess(exit) ? trx.commit().execute() : trx.rollback().execute()))
  )

/**
 * Rounds of taking a queue's jobs tenant by tenant. A round walks the ring of tenants with waiting
 * jobs from where the worker's last round stopped (one index probe per tenant, whatever its
 * backlog), plans the room by the worker's turn clock, and takes each tenant's planned number of
 * oldest due jobs with `claim` (a statement over the chosen rows' ids, `chosen`). Its cost grows
 * with the room and the window, not with the backlog or the number of tenants.
 */
export const makeFairRounds = (source: WaitingJobs) => {
  const { table, waiting, tenant, order, due, ringDue } = source
  const ringOrder = ringDue === undefined ? "" : `, ${ringDue.column}`
  /**
   * The next tenants of the ring after `after` (from the start when undefined; at most `limit`),
   * and, when `until` is given, not past it.
   */
  const ringAfter = (db: Kysely<any>, queue: string, after: string | undefined, limit: number, until?: string) =>
    run<{ tenant: string }>(
      db,
      `WITH RECURSIVE ring (tenant${ringOrder === "" ? "" : ", due"}, n) AS (
         (SELECT ${tenant}${ringOrder}, 1 FROM ${table}
          WHERE ${waiting} AND ${tenant} ${after === undefined ? ">=" : ">"} $2 ORDER BY ${tenant}${ringOrder} LIMIT 1)
         UNION ALL
         SELECT next.tenant${ringOrder === "" ? "" : ", next.due"}, ring.n + 1 FROM ring CROSS JOIN LATERAL (
           SELECT ${tenant} AS tenant${ringDue === undefined ? "" : `, ${ringDue.column} AS due`} FROM ${table}
           WHERE ${waiting} AND ${tenant} > ring.tenant ORDER BY ${tenant}${ringOrder} LIMIT 1
         ) AS next WHERE ring.n < $3
       )
       SELECT tenant FROM ring WHERE true${ringDue === undefined ? "" : " AND due <= now()"}${
         until === undefined ? "" : " AND tenant <= $4"
       }`,
      until === undefined ? [queue, after ?? "", limit] : [queue, after ?? "", limit, until]
    ).then((found) => found.map((row) => row.tenant))

  /**
   * Takes up to `room` due jobs of the queue, tenants in turn, with `claim` in a transaction of
   * its own: `claim` gets the transaction, the statement choosing the rows (`chosen`, their ids)
   * and the parameters to pass, and answers the rows taken with their tenant (it should name
   * them by `id = ANY(ARRAY(SELECT id FROM chosen))`: joined instead, the planner hashed and
   * scanned every waiting row of the queue, a round's cost growing with the backlog); `finish` then runs
   * in the same transaction with all the rows taken. The ring and the weights are read before the
   * transaction opens: on PGlite's one connection a read of its own inside it would wait for ever.
   */
  const round = <J extends { readonly tenant: string }>(
    database: KyselyConnection,
    queue: string,
    room: number,
    turns: WorkerTurns,
    weightsOf: WeightsOf,
    claim: (trx: Kysely<any>, chosen: string, parameters: ReadonlyArray<unknown>) => Promise<Array<J>>,
    finish: (trx: Kysely<any>, taken: ReadonlyArray<J>) => Promise<void> = () => Promise.resolve()
  ): Effect.Effect<Array<J>> =>
    Effect.gen(function* () {
      if (room <= 0) return []
      const db = database.db
      const at = turns.at
      const window = Math.max(room, RING_WINDOW)
      const after = yield* Effect.promise(() => ringAfter(db, queue, at, window))
      const wrapped =
        after.length < window && at !== undefined
          ? yield* Effect.promise(() => ringAfter(db, queue, undefined, window - after.length, at))
          : []
      const ring = [...after, ...wrapped.filter((one) => !after.includes(one))]
      // A walk that went round the whole ring saw every tenant with jobs waiting: the others are idle.
      if (ring.length < window) for (const known of turns.clock.known()) if (!ring.includes(known)) turns.clock.idle(known)
      if (ring.length === 0) return []
      const weights = yield* weightsOf(ring)
      const taken = yield* inTransaction(database, (trx) =>
        Effect.promise(async () => {
          let asking = ring.map((one) => ({ tenant: one, weight: weights.get(one) ?? 1 }))
          const { count, holding, buffer } = turns.slots
          const allowances = slotAllowances(asking, holding, count, buffer)
          const taken: Array<J> = []
          // A second pass when tenants had fewer due jobs than their share: the others fill the room.
          for (let pass = 0; pass < 2 && asking.length > 0 && taken.length < room; pass++) {
            const planned = turns.clock.plan(asking, room - taken.length, allowances)
            const asks = [...planned].map(([one, n]) => ({ tenant: one, n }))
            const got = await claim(
              trx,
              `SELECT own.id FROM jsonb_to_recordset($2::jsonb) AS x(tenant text, n int)
               CROSS JOIN LATERAL (
                 SELECT id FROM ${table} WHERE ${waiting} AND ${tenant} = x.tenant AND ${due}
                 ORDER BY ${order} LIMIT x.n FOR UPDATE SKIP LOCKED
               ) AS own`,
              [queue, JSON.stringify(asks)]
            )
            taken.push(...got)
            const count = new Map<string, number>()
            for (const job of got) count.set(job.tenant, (count.get(job.tenant) ?? 0) + 1)
            for (const { tenant: one, weight } of asking) {
              turns.clock.took(one, count.get(one) ?? 0, weight)
              allowances.set(one, (allowances.get(one) ?? 0) - (count.get(one) ?? 0))
            }
            // A tenant that gave fewer than asked has no more due: idle until the ring finds it again.
            for (const [one, n] of planned) if ((count.get(one) ?? 0) < n) turns.clock.idle(one)
            asking = asking.filter(({ tenant: one }) => planned.has(one) && count.get(one) === planned.get(one))
          }
          if (taken.length > 0) await finish(trx, taken)
          return taken
        })
      )
      // The next round's window starts after the last tenant served in this one.
      const served = new Set(taken.map((job) => job.tenant))
      turns.at = [...ring].reverse().find((one) => served.has(one)) ?? ring[ring.length - 1]!
      return taken
    })

  return { round }
}
