import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * Growth conversations: the tenant's email threads with its contacts and their messages, kept
 * apart from Live Chat's. Lists read an index in their order (newest activity first), so a page
 * is an index range scan, never a scan plus sort.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("growth_conversations")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("contact_email", "text", required)
    .addColumn("contact_name", "text")
    .addColumn("subject", "text", required)
    .addColumn("status", "text", required)
    .addColumn("message_count", "integer", required)
    .addColumn("last_message_at", "timestamptz", required)
    .addColumn("created_by", "text", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("growth_conversations_pkey", ["tenant_id", "id"])
    .addCheckConstraint("growth_conversations_status_check", sql`status in ('open', 'closed')`)
    .execute()
  await db.schema
    .createIndex("growth_conversations_tenant_activity_idx")
    .on("growth_conversations")
    .columns(["tenant_id", "last_message_at desc", "id desc"])
    .execute()
  // The dashboard's usual list: open conversations, newest activity first.
  await db.schema
    .createIndex("growth_conversations_tenant_status_activity_idx")
    .on("growth_conversations")
    .columns(["tenant_id", "status", "last_message_at desc", "id desc"])
    .execute()

  // email_message_id names the transactional message that carried an outbound message; no
  // foreign key: the mail pipeline's rows are another module's.
  await db.schema
    .createTable("growth_messages")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("conversation_id", "uuid", required)
    .addColumn("sequence", "integer", required)
    .addColumn("direction", "text", required)
    .addColumn("content", "text", required)
    .addColumn("author_id", "text")
    .addColumn("email_message_id", "uuid")
    .addColumn("created_at", "timestamptz", required)
    .addPrimaryKeyConstraint("growth_messages_pkey", ["tenant_id", "id"])
    // Also the index the thread reads: a conversation's messages in sequence order.
    .addUniqueConstraint("growth_messages_conversation_sequence_key", ["tenant_id", "conversation_id", "sequence"])
    .addForeignKeyConstraint(
      "growth_messages_conversation_fkey",
      ["tenant_id", "conversation_id"],
      "growth_conversations",
      ["tenant_id", "id"]
    )
    .addCheckConstraint("growth_messages_direction_check", sql`direction in ('outbound', 'inbound')`)
    .execute()
}
