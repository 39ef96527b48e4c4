import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * Live Chat: visitors, the tenant's widget, conversations and their messages, visitor tokens,
 * and webhook subscriptions with their deliveries and attempts. Each list reads an index in its
 * order, so a page is an index range scan, never a scan plus sort.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("visitors")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("external_id", "text", required)
    .addColumn("display_name", "text")
    .addColumn("email", "text")
    .addColumn("attributes", "jsonb", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("visitors_pkey", ["tenant_id", "id"])
    .addUniqueConstraint("visitors_tenant_external_key", ["tenant_id", "external_id"])
    .execute()
  await db.schema
    .createIndex("visitors_tenant_created_idx")
    .on("visitors")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  await db.schema
    .createTable("chat_widgets")
    .addColumn("tenant_id", "uuid", (column) => column.primaryKey().references("tenants.id"))
    .addColumn("site_key", "text", required)
    .addColumn("created_at", "timestamptz", required)
    .addUniqueConstraint("chat_widgets_site_key_key", ["site_key"])
    .execute()

  // visitor_id refers to no visitor row: the port lets a conversation name any visitor id, as the memory store does.
  await db.schema
    .createTable("conversations")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("visitor_id", "uuid")
    .addColumn("name", "text")
    .addColumn("status", "text", required)
    .addColumn("priority", "text", required)
    .addColumn("source", "text", required)
    .addColumn("assignee_id", "text")
    .addColumn("csat_rating", "smallint")
    .addColumn("csat_comment", "text")
    .addColumn("csat_submitted_at", "timestamptz")
    .addColumn("message_count", "integer", required)
    .addColumn("last_message_at", "timestamptz")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("conversations_pkey", ["tenant_id", "id"])
    .addCheckConstraint("conversations_status_check", sql`status in ('open', 'pending', 'resolved', 'closed')`)
    .addCheckConstraint("conversations_priority_check", sql`priority in ('low', 'normal', 'high', 'urgent')`)
    // A rating is all three columns or none of them.
    .addCheckConstraint(
      "conversations_csat_check",
      sql`(csat_rating is null and csat_comment is null and csat_submitted_at is null)
        or (csat_rating is not null and csat_submitted_at is not null)`
    )
    .execute()
  await db.schema
    .createIndex("conversations_tenant_created_idx")
    .on("conversations")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
  // The dashboard's usual list: one status, newest first.
  await db.schema
    .createIndex("conversations_tenant_status_created_idx")
    .on("conversations")
    .columns(["tenant_id", "status", "created_at desc", "id desc"])
    .execute()
  // findOpen: the visitor's newest open or pending conversation is the first entry of this index.
  await db.schema
    .createIndex("conversations_tenant_visitor_open_idx")
    .on("conversations")
    .columns(["tenant_id", "visitor_id", "created_at desc", "id desc"])
    .where(sql<boolean>`status in ('open', 'pending')`)
    .execute()

  // A conversation's id is unique per tenant only, so its messages are keyed by both.
  await db.schema
    .createTable("chat_messages")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("conversation_id", "uuid", required)
    .addColumn("sequence", "integer", required)
    .addColumn("author_type", "text", required)
    .addColumn("author_id", "text")
    .addColumn("content", "text", required)
    .addColumn("created_at", "timestamptz", required)
    .addPrimaryKeyConstraint("chat_messages_pkey", ["tenant_id", "id"])
    // Also the index the list reads: a conversation's messages in sequence order.
    .addUniqueConstraint("chat_messages_conversation_sequence_key", ["tenant_id", "conversation_id", "sequence"])
    .addForeignKeyConstraint("chat_messages_conversation_fkey", ["tenant_id", "conversation_id"], "conversations", [
      "tenant_id",
      "id"
    ])
    .addCheckConstraint("chat_messages_author_type_check", sql`author_type in ('visitor', 'agent', 'api', 'system')`)
    .execute()

  await db.schema
    .createTable("visitor_tokens")
    .addColumn("digest", "text", (column) => column.primaryKey())
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("visitor_id", "uuid", required)
    .addColumn("conversation_id", "uuid", required)
    .addColumn("expires_at", "timestamptz", required)
    .addColumn("created_at", "timestamptz", required)
    .execute()

  await db.schema
    .createTable("webhook_subscriptions")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("url", "text", required)
    .addColumn("events", sql`text[]`, required)
    .addColumn("description", "text")
    .addColumn("sealed_secret", "text", required)
    .addColumn("active", "boolean", required)
    .addColumn("disabled_reason", "text")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("webhook_subscriptions_pkey", ["tenant_id", "id"])
    .execute()
  // The list reads it forwards, listFor backwards (oldest first).
  await db.schema
    .createIndex("webhook_subscriptions_tenant_created_idx")
    .on("webhook_subscriptions")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  // body is text, not jsonb: the exact bytes signed on the first attempt are sent on every one.
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("subscription_id", "uuid", required)
    .addColumn("event_id", "uuid", required)
    .addColumn("event", "text", required)
    .addColumn("body", "text", required)
    .addColumn("status", "text", required)
    .addColumn("attempts", "integer", required)
    .addColumn("next_attempt_at", "timestamptz")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("webhook_deliveries_pkey", ["tenant_id", "id"])
    .addForeignKeyConstraint(
      "webhook_deliveries_subscription_fkey",
      ["tenant_id", "subscription_id"],
      "webhook_subscriptions",
      ["tenant_id", "id"],
      (constraint) => constraint.onDelete("cascade")
    )
    .addCheckConstraint("webhook_deliveries_status_check", sql`status in ('pending', 'succeeded', 'failed')`)
    .execute()
  // Removing a subscription finds its deliveries here.
  await db.schema
    .createIndex("webhook_deliveries_tenant_subscription_idx")
    .on("webhook_deliveries")
    .columns(["tenant_id", "subscription_id"])
    .execute()
  // due: only pending deliveries, the longest due first.
  await db.schema
    .createIndex("webhook_deliveries_due_idx")
    .on("webhook_deliveries")
    .columns(["next_attempt_at", "id"])
    .where(sql<boolean>`status = 'pending'`)
    .execute()

  // duration_ms is double precision: it stores whatever number of milliseconds was measured.
  await db.schema
    .createTable("webhook_attempts")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("subscription_id", "uuid", required)
    .addColumn("delivery_id", "uuid", required)
    .addColumn("event_id", "uuid", required)
    .addColumn("event", "text", required)
    .addColumn("attempt", "integer", required)
    .addColumn("status_code", "integer")
    .addColumn("duration_ms", "double precision", required)
    .addColumn("error", "text")
    .addColumn("next_retry_at", "timestamptz")
    .addColumn("created_at", "timestamptz", required)
    .addPrimaryKeyConstraint("webhook_attempts_pkey", ["tenant_id", "id"])
    .addForeignKeyConstraint(
      "webhook_attempts_subscription_fkey",
      ["tenant_id", "subscription_id"],
      "webhook_subscriptions",
      ["tenant_id", "id"],
      (constraint) => constraint.onDelete("cascade")
    )
    .execute()
  // A subscription's history, newest first; also what removing the subscription deletes by.
  await db.schema
    .createIndex("webhook_attempts_tenant_subscription_created_idx")
    .on("webhook_attempts")
    .columns(["tenant_id", "subscription_id", "created_at desc", "id desc"])
    .execute()
}
