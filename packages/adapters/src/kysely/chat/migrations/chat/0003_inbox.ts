import { type Kysely, sql } from "kysely"

/**
 * What the inbox shows of each conversation: its visitor's names (kept on the conversation as the
 * visitor's record changes) and its last message's author and first line (kept as each message is
 * appended), both filled here for conversations written before; how far each agent has read it;
 * and the widget's identity secret.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("conversations")
    .addColumn("visitor_external_id", "text")
    .addColumn("visitor_display_name", "text")
    .addColumn("visitor_email", "text")
    .addColumn("last_message_author_type", "text")
    .addColumn("last_message_preview", "text")
    .execute()
  await db
    .updateTable("conversations as c")
    .from("visitors as v")
    .set({
      visitor_external_id: sql.ref("v.external_id"),
      visitor_display_name: sql.ref("v.display_name"),
      visitor_email: sql.ref("v.email")
    })
    .whereRef("v.tenant_id", "=", "c.tenant_id")
    .whereRef("v.id", "=", "c.visitor_id")
    .execute()
  // The first line with text, whitespace collapsed, at most 140 characters: messagePreview in SQL.
  await db
    .updateTable("conversations as c")
    .from("chat_messages as m")
    .set({
      last_message_author_type: sql.ref("m.author_type"),
      last_message_preview: sql`left(btrim(regexp_replace(coalesce(substring(m.content from '[^\\n]*\\S[^\\n]*'), ''), '\\s+', ' ', 'g')), 140)`
    })
    .whereRef("m.tenant_id", "=", "c.tenant_id")
    .whereRef("m.conversation_id", "=", "c.id")
    .whereRef("m.sequence", "=", "c.message_count")
    .execute()
  // The widget's identity secret, sealed: the tenant's server signs its visitors' ids with it.
  await db.schema
    .alterTable("chat_widgets")
    .addColumn("identity_secret", "text")
    .addColumn("identity_secret_at", "timestamptz")
    .execute()
  await db.schema
    .createTable("chat_conversation_reads")
    .addColumn("tenant_id", "uuid", (column) => column.notNull())
    .addColumn("conversation_id", "uuid", (column) => column.notNull())
    .addColumn("reader_id", "text", (column) => column.notNull())
    .addColumn("sequence", "integer", (column) => column.notNull())
    .addColumn("read_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("chat_conversation_reads_pkey", ["tenant_id", "conversation_id", "reader_id"])
    .addForeignKeyConstraint("chat_conversation_reads_conversation_fkey", ["tenant_id", "conversation_id"], "conversations", ["tenant_id", "id"])
    .execute()
}
