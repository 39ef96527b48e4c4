import type { Kysely } from "kysely"

/** Each tenant's library of canned responses, one per shortcut. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("chat_canned_responses")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("id", "uuid", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("shortcut", "text", (column) => column.notNull())
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("chat_canned_responses_pkey", ["tenant_id", "id"])
    .addUniqueConstraint("chat_canned_responses_tenant_shortcut_key", ["tenant_id", "shortcut"])
    .execute()
}
