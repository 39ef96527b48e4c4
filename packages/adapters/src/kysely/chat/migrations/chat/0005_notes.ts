import type { Kysely } from "kysely"

/** Private notes on conversations: apart from the messages, listed per conversation newest first. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("chat_notes")
    .addColumn("tenant_id", "uuid", (column) => column.notNull())
    .addColumn("id", "uuid", (column) => column.notNull())
    .addColumn("conversation_id", "uuid", (column) => column.notNull())
    .addColumn("author_type", "text", (column) => column.notNull())
    .addColumn("author_id", "text")
    .addColumn("author_name", "text")
    .addColumn("author_initials", "text")
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("chat_notes_pkey", ["tenant_id", "id"])
    .addForeignKeyConstraint("chat_notes_conversation_fkey", ["tenant_id", "conversation_id"], "conversations", ["tenant_id", "id"])
    .execute()
  await db.schema
    .createIndex("chat_notes_by_conversation")
    .on("chat_notes")
    .columns(["tenant_id", "conversation_id", "created_at desc", "id desc"])
    .execute()
}
