import type { Kysely } from "kysely"
import { sql } from "kysely"

/**
 * Jobs enqueued inside a unit of work for an engine outside the database (BullMQ on Redis): the
 * row commits with the unit, and a relay hands it to the engine afterwards, so that a crash
 * between the commit and the hand-over loses nothing.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("job_outbox")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("queue", "jsonb", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("key", "text")
    .addColumn("run_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
