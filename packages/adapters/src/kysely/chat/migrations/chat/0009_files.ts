import { type Kysely, sql } from "kysely"

/**
 * Files of conversations and of the tenant's library (their bytes are in the blob store), the
 * files a message or canned response carries, and each tenant's file rules on its widget's row
 * (null: the defaults of the time).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("chat_files")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("id", "uuid", (column) => column.notNull())
    .addColumn("conversation_id", "uuid")
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("content_type", "text", (column) => column.notNull())
    .addColumn("size", "integer", (column) => column.notNull())
    .addColumn("author_type", "text", (column) => column.notNull())
    .addColumn("author_id", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("chat_files_pkey", ["tenant_id", "id"])
    .addForeignKeyConstraint("chat_files_conversation_fkey", ["tenant_id", "conversation_id"], "conversations", ["tenant_id", "id"])
    .execute()
  await db.schema.createIndex("chat_files_by_conversation").on("chat_files").columns(["tenant_id", "conversation_id"]).execute()
  await db.schema
    .alterTable("chat_messages")
    .addColumn("files", "jsonb", (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
  await db.schema
    .alterTable("chat_canned_responses")
    .addColumn("files", "jsonb", (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
  await db.schema
    .alterTable("chat_widgets")
    .addColumn("file_max_bytes", "integer")
    .addColumn("file_kinds", sql`text[]`)
    .execute()
}
