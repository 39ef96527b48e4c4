import { type Kysely, sql } from "kysely"

/**
 * The event outbox: domain events appended in the unit of work of their change, handed on in
 * order by one dispatcher at a time (the holder of the one `event_dispatcher` row's lock).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("event_outbox")
    .addColumn("sequence", "bigserial", (c) => c.primaryKey())
    .addColumn("id", "uuid", (c) => c.notNull().unique())
    .addColumn("tenant_id", "uuid", (c) => c.notNull())
    .addColumn("aggregate", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull())
    .addColumn("dispatched_at", "timestamptz")
    .execute()
  // The dispatcher reads the undispatched tail in order.
  await db.schema
    .createIndex("event_outbox_pending_idx")
    .on("event_outbox")
    .column("sequence")
    .where(sql.ref("dispatched_at"), "is", null)
    .execute()
  await db.schema
    .createTable("event_dispatcher")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .execute()
  await db.insertInto("event_dispatcher").values({ id: 1 }).execute()
}
