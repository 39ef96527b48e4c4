import { type DomainEvent, EventOutbox, ScheduleStore, type StoredSchedule } from "@servicekit/core/internal"
import { Duration, Effect, Layer, Option } from "effect"
import type { Selectable } from "kysely"
import { type Kysely, sql } from "kysely"
import { query, rows } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { MigrationSequence } from "../ModuleStorage.js"
import { prepare } from "../Prepared.js"
import * as migration0003 from "./migrations/0003_jobs.js"
import * as migration0004 from "./migrations/0004_events.js"
import * as migration0005 from "./migrations/0005_schedules.js"
import * as migration0025 from "./migrations/0025_event_outbox_removal.js"
import * as jobBacklogMigration from "./migrations/jobs/0001_job_backlog.js"
import * as firingRetentionMigration from "./migrations/jobs/0002_firing_retention.js"
import type { JobsTables, SchedulesTable } from "./Tables.js"

/** Storage of the job machinery itself (not of a module): the jobs' backlog, the event outbox and schedules. */
export const jobsMigrations: MigrationSequence = {
  dependsOn: [],
  migrations: {
    "0003_jobs": migration0003,
    "0004_events": migration0004,
    "0005_schedules": migration0005,
    "0025_event_outbox_removal": migration0025,
    "jobs/0001_job_backlog": jobBacklogMigration,
    "jobs/0002_firing_retention": firingRetentionMigration
  },
  // A schedule's firings first: they name it.
  tenantTables: [
    { table: "event_outbox" },
    { table: "job_backlog", tenantColumn: "tenant" },
    { table: "schedule_firings", via: { column: "schedule_id", parent: "schedules", parentColumn: "id" } },
    { table: "schedules" }
  ],
  sharedTables: {
    job_outbox: "jobs a process of an earlier version left, adopted into the backlog within 30 seconds",
    event_dispatcher: "the lock one event dispatcher holds at a time"
  }
}

type Db = Kysely<JobsTables>

const toOutboxRow = (event: DomainEvent) => ({
  id: event.id,
  tenant_id: event.tenantId,
  aggregate: event.aggregate,
  type: event.type,
  payload: JSON.stringify(event.payload),
  occurred_at: event.occurredAt
})

const OUTBOX_FIELDS = ["id", "tenant_id", "aggregate", "type", "payload", "occurred_at"] as const

const makeEventOutbox = (database: KyselyConnection): EventOutbox["Type"] => {
  // Most units of work publish one event: its insert is compiled once.
  const appendOne = prepare(database.db, OUTBOX_FIELDS, (db, row) => db.insertInto("event_outbox").values(row))
  return {
    append: (events) => {
      if (events.length === 0) return Effect.void
      if (events.length === 1) {
        return Effect.suspend(() => {
          const { parameters, sql } = appendOne(toOutboxRow(events[0]!))
          return Effect.asVoid(rows(database, sql, parameters))
        })
      }
      return Effect.asVoid(
        query(database, (db: Db) => db.insertInto("event_outbox").values(events.map(toOutboxRow)).execute())
      )
    },
    // The row lock lasts until the unit of work ends; another dispatcher skips it instead of waiting.
    claim: (limit) =>
      query(database, async (db: Db) => {
        const role = await db
          .selectFrom("event_dispatcher")
          .select("id")
          .where("id", "=", 1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst()
        if (role === undefined) return Option.none()
        const waiting = await db
          .selectFrom("event_outbox")
          .selectAll()
          .where("dispatched_at", "is", null)
          .orderBy("sequence")
          .limit(limit)
          .execute()
        return Option.some(
          waiting.map((row) => ({
            sequence: Number(row.sequence),
            id: row.id,
            tenantId: row.tenant_id,
            aggregate: row.aggregate,
            type: row.type,
            payload: row.payload,
            occurredAt: row.occurred_at
          }))
        )
      }),
    markDispatched: (sequences) =>
      sequences.length === 0
        ? Effect.void
        : Effect.asVoid(
            query(database, (db: Db) => db.deleteFrom("event_outbox").where("sequence", "in", sequences).execute())
          )
  }
}

const toSchedule = (row: Selectable<SchedulesTable>): StoredSchedule => ({
  id: row.id,
  tenantId: row.tenant_id,
  spec:
    row.spec.at !== undefined
      ? { at: new Date(row.spec.at) }
      : row.spec.cron !== undefined
        ? { cron: row.spec.cron }
        : { everySeconds: row.spec.everySeconds! },
  queue: {
    name: row.queue.name,
    maxAttempts: row.queue.maxAttempts,
    backoff: Duration.millis(row.queue.backoffMs),
    lease: Duration.millis(row.queue.leaseMs)
  },
  payload: row.payload,
  nextDueAt: row.next_due_at
})

const makeScheduleStore = (database: KyselyConnection): ScheduleStore["Type"] => ({
  upsert: (schedule) => {
    const values = {
      tenant_id: schedule.tenantId,
      spec: JSON.stringify(schedule.spec),
      queue: JSON.stringify({
        name: schedule.queue.name,
        maxAttempts: schedule.queue.maxAttempts,
        backoffMs: Duration.toMillis(schedule.queue.backoff),
        leaseMs: Duration.toMillis(schedule.queue.lease)
      }),
      payload: JSON.stringify(schedule.payload),
      next_due_at: schedule.nextDueAt
    }
    return Effect.asVoid(
      query(database, (db: Db) =>
        db
          .insertInto("schedules")
          .values({ id: schedule.id, ...values })
          .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
          .execute()
      )
    )
  },
  remove: (id) => Effect.asVoid(query(database, (db: Db) => db.deleteFrom("schedules").where("id", "=", id).execute())),
  find: (id) =>
    Effect.map(
      query(database, (db: Db) => db.selectFrom("schedules").selectAll().where("id", "=", id).executeTakeFirst()),
      (row) => Option.map(Option.fromNullable(row), toSchedule)
    ),
  due: (now, limit) =>
    Effect.map(
      query(database, (db: Db) =>
        db
          .selectFrom("schedules")
          .selectAll()
          .where("next_due_at", "<=", now)
          .orderBy("next_due_at")
          .limit(limit)
          .execute()
      ),
      (rows) => rows.map(toSchedule)
    ),
  // The firing row is the guard: of two schedulers only the one whose insert lands moves the
  // schedule on; and only while the schedule still waits for that due time, so that a scheduler
  // that read it long ago cannot fire a due time whose firing was pruned.
  fire: (id, dueAt, nextDueAt) =>
    query(database, async (db: Db) => {
      const inserted = await db
        .insertInto("schedule_firings")
        .columns(["schedule_id", "due_at"])
        .expression((eb) =>
          eb
            .selectFrom("schedules")
            .select([sql<string>`${id}::text`.as("schedule_id"), sql<Date>`${dueAt}::timestamptz`.as("due_at")])
            .where("id", "=", id)
            .where("next_due_at", "=", dueAt)
        )
        .onConflict((conflict) => conflict.columns(["schedule_id", "due_at"]).doNothing())
        .returning("schedule_id")
        .executeTakeFirst()
      if (inserted === undefined) return false
      await db
        .updateTable("schedules")
        .set({ next_due_at: nextDueAt })
        .where("id", "=", id)
        .where("next_due_at", "=", dueAt)
        .execute()
      return true
    }),
  // A range of schedule_firings_fired_idx, skipping firings a scheduler holds.
  pruneFirings: (before, limit) =>
    Effect.map(
      query(database, (db: Db) =>
        sql`
          delete from ${sql.id(database.schema, "schedule_firings")} as f
          using (
            select schedule_id, due_at from ${sql.id(database.schema, "schedule_firings")}
            where fired_at < ${before} order by fired_at limit ${limit} for update skip locked
          ) as old
          where f.schedule_id = old.schedule_id and f.due_at = old.due_at
        `.execute(db)
      ),
      (result) => Number(result.numAffectedRows ?? 0)
    )
})

/** The job machinery's storage ports over the database of the context. */
export const layerJobsStorage: Layer.Layer<EventOutbox | ScheduleStore, never, KyselyDatabase> = Layer.mergeAll(
  Layer.effect(EventOutbox, Effect.map(KyselyDatabase, makeEventOutbox)),
  Layer.effect(ScheduleStore, Effect.map(KyselyDatabase, makeScheduleStore))
)
