import type { Kysely } from "kysely"

/**
 * How a tenant's chat looks to its visitors (on the widget's row: one per tenant), the names its
 * agents sign replies with, and each agent message's name as it was when written.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("chat_widgets")
    .addColumn("display_name", "text")
    .addColumn("accent_color", "text")
    .addColumn("greeting", "text")
    .addColumn("launcher_position", "text", (column) => column.notNull().defaultTo("right"))
    .addColumn("appearance_updated_at", "timestamptz")
    .execute()
  await db.schema
    .alterTable("chat_messages")
    .addColumn("author_name", "text")
    .addColumn("author_initials", "text")
    .execute()
  await db.schema
    .createTable("chat_agents")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("agent_id", "text", (column) => column.notNull())
    .addColumn("display_name", "text", (column) => column.notNull())
    .addColumn("initials", "text", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("chat_agents_pkey", ["tenant_id", "agent_id"])
    .execute()
}
