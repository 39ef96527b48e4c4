import { type Kysely, sql } from "kysely"

/** What retention reads: node commands that ended, by when they ended, across tenants and of one tenant. */
export const up = async (db: Kysely<any>): Promise<void> => {
  const ended = sql<boolean>`status in ('succeeded', 'failed', 'expired')`
  await db.schema.createIndex("automation_node_commands_ended_idx").on("automation_node_commands").column("updated_at").where(ended).execute()
  await db.schema
    .createIndex("automation_node_commands_tenant_ended_idx")
    .on("automation_node_commands")
    .columns(["tenant_id", "updated_at"])
    .where(ended)
    .execute()
}
