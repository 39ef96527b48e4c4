import type { Kysely } from "kysely"

/** When each conversation's visitor last had it open, and how far its replies have gone by email. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("chat_visitor_seen")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("conversation_id", "uuid", (column) => column.notNull())
    .addColumn("seen_at", "timestamptz")
    .addColumn("emailed_through", "integer", (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("chat_visitor_seen_pkey", ["tenant_id", "conversation_id"])
    .addForeignKeyConstraint("chat_visitor_seen_conversation_fkey", ["tenant_id", "conversation_id"], "conversations", ["tenant_id", "id"])
    .execute()
}
