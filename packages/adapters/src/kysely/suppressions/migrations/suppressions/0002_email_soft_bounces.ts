import type { Kysely } from "kysely"

/** Soft bounces counted per stream and address: one row each, gone once the address is suppressed. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("email_soft_bounces")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("stream", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("first_at", "timestamptz", (column) => column.notNull())
    .addColumn("last_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("email_soft_bounces_pkey", ["tenant_id", "stream", "email"])
    .execute()
}
