import type { Kysely } from "kysely"

/** Each agent's status as last said, and when: read by recency within a tenant. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("chat_agent_presence")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("agent_id", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("seen_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("chat_agent_presence_pkey", ["tenant_id", "agent_id"])
    .execute()
  await db.schema
    .createIndex("chat_agent_presence_seen_idx")
    .on("chat_agent_presence")
    .columns(["tenant_id", "seen_at desc"])
    .execute()
}
