import type { Kysely } from "kysely"

/**
 * The calls the softphone relay carries now, from their INVITE until their record is written:
 * keyed by the record's id, with when a relay last saw each (the sweep reads the longest unseen).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("calls_in_progress")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("id", "uuid", (column) => column.notNull())
    .addColumn("call_id", "text", (column) => column.notNull())
    .addColumn("direction", "text", (column) => column.notNull())
    .addColumn("from_id", "text", (column) => column.notNull())
    .addColumn("to_id", "text", (column) => column.notNull())
    .addColumn("started_at", "timestamptz", (column) => column.notNull())
    .addColumn("answered_at", "timestamptz")
    .addColumn("seen_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("calls_in_progress_pkey", ["tenant_id", "id"])
    .execute()
  await db.schema.createIndex("calls_in_progress_seen_idx").on("calls_in_progress").column("seen_at").execute()
}
