import { type Kysely, sql } from "kysely"

/** Schedules and their firings: one row per schedule and due time makes each firing happen once across hosts. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("schedules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "uuid", (c) => c.notNull())
    .addColumn("spec", "jsonb", (c) => c.notNull())
    .addColumn("queue", "jsonb", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("next_due_at", "timestamptz")
    .execute()
  await db.schema
    .createIndex("schedules_due_idx")
    .on("schedules")
    .column("next_due_at")
    .where(sql.ref("next_due_at"), "is not", null)
    .execute()
  await db.schema
    .createTable("schedule_firings")
    .addColumn("schedule_id", "text", (c) => c.notNull())
    .addColumn("due_at", "timestamptz", (c) => c.notNull())
    .addColumn("fired_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("schedule_firings_pkey", ["schedule_id", "due_at"])
    .execute()
}
