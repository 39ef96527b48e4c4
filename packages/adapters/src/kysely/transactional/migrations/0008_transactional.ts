import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * Transactional email: templates, the messages sent with them, and the activity ledger of
 * delivery attempts that every sending product shares. Each list reads an index in its keyset
 * order (newest first), so a page is an index range scan, never a scan plus sort.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("email_templates")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("name", "text", required)
    .addColumn("channel", "text", required)
    .addColumn("subject", "text", required)
    .addColumn("html", "text", required)
    .addColumn("text", "text", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("email_templates_pkey", ["tenant_id", "id"])
    .addUniqueConstraint("email_templates_tenant_name_key", ["tenant_id", "name"])
    .execute()
  await db.schema
    .createIndex("email_templates_tenant_created_idx")
    .on("email_templates")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  await db.schema
    .createTable("email_messages")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("template_id", "uuid")
    .addColumn("template_name", "text")
    .addColumn("from_address", "text", required)
    .addColumn("to_address", "text", required)
    .addColumn("subject", "text", required)
    .addColumn("html", "text")
    .addColumn("text", "text")
    .addColumn("test", "boolean", required)
    .addColumn("status", "text", required)
    .addColumn("attempts", "integer", required)
    .addColumn("provider_message_id", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("email_messages_pkey", ["tenant_id", "id"])
    .execute()

  // template_id is text: the ledger holds the templates of every sending product, not only these.
  await db.schema
    .createTable("activity_log")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("status", "text", required)
    .addColumn("recipient", "text", required)
    .addColumn("template_id", "text")
    .addColumn("template_name", "text")
    .addColumn("subject", "text", required)
    .addColumn("provider_message_id", "text")
    .addColumn("error", "text")
    .addColumn("metadata", "jsonb", required)
    .addColumn("created_at", "timestamptz", required)
    .addPrimaryKeyConstraint("activity_log_pkey", ["tenant_id", "id"])
    .execute()
  await db.schema
    .createIndex("activity_log_tenant_created_idx")
    .on("activity_log")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
  // One source's list (in keyset order) and its statistics (a created_at range) read this index.
  await db.schema
    .createIndex("activity_log_tenant_source_created_idx")
    .on("activity_log")
    .column("tenant_id")
    .expression(sql`(metadata -> 'source')`)
    .columns(["created_at desc", "id desc"])
    .execute()
}
