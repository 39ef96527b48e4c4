import {
  ANSWERED_RESULTS,
  type Call,
  type CallQuery,
  type CallTotals,
  type CallWindowTotals,
  noWindowTotals
} from "@servicekit/core/calling"
import { CallRepository, isUuid } from "@servicekit/core/internal"
import { Array as Arr, Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query, rows } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type Prepared, prepare } from "../Prepared.js"
import type { CallingTables, CallsTable } from "./Tables.js"

type Db = Kysely<CallingTables>

// 11 parameters a row: 1,000 rows stay far below Postgres' 65,535 parameters a statement.
const INSERT_CHUNK = 1_000

const toRow = (call: Call): Insertable<CallsTable> => ({
  tenant_id: call.tenantId,
  id: call.id,
  from_id: call.fromId,
  to_id: call.toId,
  direction: call.direction,
  duration_secs: call.durationSecs,
  result: call.result,
  started_at: call.startedAt,
  ended_at: call.endedAt,
  call_sid: call.callSid,
  mos_score: call.mosScore
})

const toCall = (row: Selectable<CallsTable>): Call => ({
  id: row.id,
  tenantId: row.tenant_id,
  fromId: row.from_id,
  toId: row.to_id,
  direction: row.direction,
  durationSecs: row.duration_secs,
  result: row.result,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  callSid: row.call_sid,
  mosScore: row.mos_score
})

const noTotals: CallTotals = { secondsToday: 0, callsToday: 0, inboundOffered: 0, inboundAnswered: 0 }

/**
 * One page of a tenant's calls, newest first: a keyset range on the index that matches the
 * filter (see migrations/0002_calling.ts), read in index order up to `limit` rows.
 */
export const listQuery = (db: Db, tenantId: string, { after, direction, limit, result }: CallQuery) => {
  let select = db.selectFrom("calls").selectAll().where("tenant_id", "=", tenantId)
  if (direction !== undefined) select = select.where("direction", "=", direction)
  if (result !== undefined) select = select.where("result", "=", result)
  if (after !== undefined) {
    select = select.where((eb) => eb(eb.refTuple("started_at", "id"), "<", eb.tuple(after.startedAt, after.id)))
  }
  return select.orderBy("started_at", "desc").orderBy("id", "desc").limit(limit)
}

const LIST_FIELDS = ["tenantId", "direction", "result", "startedAt", "id", "limit"] as const

/** The list query compiled once per combination of filters (direction, result, cursor present or not). */
const makeListQueries = (db: Db) => {
  const shapes = new Map<string, Prepared<(typeof LIST_FIELDS)[number]>>()
  return (tenantId: string, query: CallQuery) => {
    const shape = `${query.direction !== undefined}/${query.result !== undefined}/${query.after !== undefined}`
    let statement = shapes.get(shape)
    if (statement === undefined) {
      statement = prepare(db, LIST_FIELDS, (db, values) =>
        listQuery(db, values.tenantId, {
          limit: values.limit,
          direction: query.direction === undefined ? undefined : values.direction,
          result: query.result === undefined ? undefined : values.result,
          after: query.after === undefined ? undefined : { startedAt: values.startedAt, id: values.id }
        })
      )
      shapes.set(shape, statement)
    }
    return statement({
      tenantId,
      direction: query.direction,
      result: query.result,
      startedAt: query.after?.startedAt,
      id: query.after?.id,
      limit: query.limit
    })
  }
}

/** A call's UTC day, as `call_days` keys it. */
const utcDay = sql<string>`(started_at AT TIME ZONE 'UTC')::date`

/**
 * Each chunk in one statement: the calls not stored yet, and what they add to their days'
 * totals. Only rows the insert took are counted, so a call sent again is never counted twice; days
 * are written in order, so two batches spanning the same days never wait on each other in a cycle.
 */
const insertChunks = async (db: Db, chunks: ReadonlyArray<Array<Insertable<CallsTable>>>) => {
  let inserted = 0
  for (const rows of chunks) {
    const { n } = await db
      .with("inserted", (db) =>
        db
          .insertInto("calls")
          .values(rows)
          .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doNothing())
          .returning(["tenant_id", "started_at", "duration_secs", "direction", "result"])
      )
      .with("added", (db) =>
        db
          .insertInto("call_days")
          .columns(["tenant_id", "day", "calls", "seconds", "inbound_offered", "inbound_answered"])
          .expression((eb) =>
            eb
              .selectFrom("inserted")
              .select((eb) => {
                const inbound = eb("direction", "=", "inbound")
                return [
                  "tenant_id",
                  utcDay.as("day"),
                  eb.fn.countAll().as("calls"),
                  eb.fn.sum("duration_secs").as("seconds"),
                  eb.fn.countAll().filterWhere(inbound).as("inbound_offered"),
                  eb.fn.countAll().filterWhere(eb.and([inbound, eb("result", "in", ANSWERED_RESULTS)])).as("inbound_answered")
                ]
              })
              .groupBy(["tenant_id", "day"])
              .orderBy("tenant_id")
              .orderBy("day")
          )
          .onConflict((conflict) =>
            conflict.columns(["tenant_id", "day"]).doUpdateSet((eb) => ({
              calls: eb("call_days.calls", "+", eb.ref("excluded.calls")),
              seconds: eb("call_days.seconds", "+", eb.ref("excluded.seconds")),
              inbound_offered: eb("call_days.inbound_offered", "+", eb.ref("excluded.inbound_offered")),
              inbound_answered: eb("call_days.inbound_answered", "+", eb.ref("excluded.inbound_answered"))
            }))
          )
          .returning("tenant_id")
      )
      .selectFrom("inserted")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow()
    inserted += Number(n)
  }
  return inserted
}

/** Sums as pg answers them (strings, null over no rows) as numbers. */
const windowTotalsOf = (row: {
  readonly calls: number | string | null
  readonly seconds: number | string | null
  readonly inbound_offered: number | string | null
  readonly inbound_answered: number | string | null
}): CallWindowTotals => ({
  calls: Number(row.calls ?? 0),
  seconds: Number(row.seconds ?? 0),
  inboundOffered: Number(row.inbound_offered ?? 0),
  inboundAnswered: Number(row.inbound_answered ?? 0)
})

/** A UTC midnight as the date `call_days` keys it. */
const isoDay = (midnight: Date) => midnight.toISOString().slice(0, 10)

export const make = (database: KyselyConnection): CallRepository["Type"] => {
  const listSql = makeListQueries(database.db)
  return CallRepository.of({
    insertMany: (calls) => {
      if (calls.length === 0) return Effect.succeed(0)
      const chunks = Arr.chunksOf(calls.map(toRow), INSERT_CHUNK)
      // Several statements run in one transaction, so a batch is stored whole or not at all.
      return query(database, (db: Db) =>
        chunks.length === 1 || db.isTransaction
          ? insertChunks(db, chunks)
          : db.transaction().execute((trx) => insertChunks(trx, chunks))
      )
    },

    rateQuality: (tenantId, id, mosScore) =>
      isUuid(tenantId) && isUuid(id)
        ? Effect.asVoid(
            query(database, (db: Db) =>
              db
                .updateTable("calls")
                .set({ mos_score: mosScore })
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .where("mos_score", "is", null)
                .execute()
            )
          )
        : Effect.void,
    findById: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("calls")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .executeTakeFirst(),
            toCall
          )
        : Effect.succeedNone,

    list: (tenantId, callQuery) =>
      isUuid(tenantId)
        ? Effect.suspend(() => {
            const { parameters, sql } = listSql(tenantId, callQuery)
            return Effect.map(rows<Selectable<CallsTable>>(database, sql, parameters), (found) => found.map(toCall))
          })
        : Effect.succeed([]),

    // One range read over [min(dayStart, weekStart), now]; counts come back as strings from pg.
    totals: (tenantId, { dayStart, now, weekStart }) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("calls")
                .where("tenant_id", "=", tenantId)
                .where("started_at", ">=", dayStart < weekStart ? dayStart : weekStart)
                .where("started_at", "<=", now)
                .select((eb) => {
                  const today = eb("started_at", ">=", dayStart)
                  const inbound = eb.and([eb("started_at", ">=", weekStart), eb("direction", "=", "inbound")])
                  return [
                    eb.fn.sum<number | string | null>("duration_secs").filterWhere(today).as("seconds_today"),
                    eb.fn.countAll<number | string>().filterWhere(today).as("calls_today"),
                    eb.fn.countAll<number | string>().filterWhere(inbound).as("inbound_offered"),
                    eb.fn
                      .countAll<number | string>()
                      .filterWhere(eb.and([inbound, eb("result", "in", ANSWERED_RESULTS)]))
                      .as("inbound_answered")
                  ]
                })
                .executeTakeFirstOrThrow()
            ),
            (row) => ({
              secondsToday: Number(row.seconds_today ?? 0),
              callsToday: Number(row.calls_today),
              inboundOffered: Number(row.inbound_offered),
              inboundAnswered: Number(row.inbound_answered)
            })
          )
        : Effect.succeed(noTotals),

    // A range read on (tenant_id, started_at); counts come back as strings from pg.
    windowTotals: (tenantId, { from, to }) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("calls")
                .where("tenant_id", "=", tenantId)
                .where("started_at", ">=", from)
                .where("started_at", "<", to)
                .select((eb) => {
                  const inbound = eb("direction", "=", "inbound")
                  return [
                    eb.fn.countAll<number | string>().as("calls"),
                    eb.fn.sum<number | string | null>("duration_secs").as("seconds"),
                    eb.fn.countAll<number | string>().filterWhere(inbound).as("inbound_offered"),
                    eb.fn
                      .countAll<number | string>()
                      .filterWhere(eb.and([inbound, eb("result", "in", ANSWERED_RESULTS)]))
                      .as("inbound_answered")
                  ]
                })
                .executeTakeFirstOrThrow()
            ),
            windowTotalsOf
          )
        : Effect.succeed(noWindowTotals),

    // A range of the (tenant_id, day) key: at most one row a day.
    dayTotals: (tenantId, { from, to }) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("call_days")
                .where("tenant_id", "=", tenantId)
                .where("day", ">=", isoDay(from))
                .where("day", "<", isoDay(to))
                .select((eb) => [
                  eb.fn.sum<number | string | null>("calls").as("calls"),
                  eb.fn.sum<number | string | null>("seconds").as("seconds"),
                  eb.fn.sum<number | string | null>("inbound_offered").as("inbound_offered"),
                  eb.fn.sum<number | string | null>("inbound_answered").as("inbound_answered")
                ])
                .executeTakeFirstOrThrow()
            ),
            windowTotalsOf
          )
        : Effect.succeed(noWindowTotals)
  })
}

export const layer: Layer.Layer<CallRepository, never, KyselyDatabase> = Layer.effect(
  CallRepository,
  Effect.map(KyselyDatabase, make)
)
