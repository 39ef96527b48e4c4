import { type Kysely, sql } from "kysely"

/** What a tenant's own retention period reads: its deliveries that ended, by when they ended. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex("webhook_deliveries_tenant_ended_idx")
    .on("webhook_deliveries")
    .columns(["tenant_id", "updated_at"])
    .where(sql<boolean>`status <> 'pending'`)
    .execute()
}
