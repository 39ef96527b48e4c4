import type { Kysely } from "kysely"

/** The tenants' suppression lists: one entry per stream and address, listed newest first. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("email_suppressions")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("id", "uuid", (column) => column.notNull())
    .addColumn("stream", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("detail", "text")
    .addColumn("message_id", "uuid")
    .addColumn("created_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("email_suppressions_pkey", ["tenant_id", "id"])
    .addUniqueConstraint("email_suppressions_address_key", ["tenant_id", "stream", "email"])
    .execute()
  await db.schema
    .createIndex("email_suppressions_tenant_created_idx")
    .on("email_suppressions")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
}
