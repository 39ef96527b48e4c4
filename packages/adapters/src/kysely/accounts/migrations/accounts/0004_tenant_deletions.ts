import { type Kysely, sql } from "kysely"

/** Each tenant deletion: asked for, under way, done, with the rows it deleted by kind. It outlives the tenant (no reference). */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("tenant_deletions")
    .addColumn("tenant_id", "uuid", (column) => column.primaryKey())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("requested_at", "timestamptz", (column) => column.notNull())
    .addColumn("finished_at", "timestamptz")
    .addColumn("deleted", "jsonb", (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute()
}
