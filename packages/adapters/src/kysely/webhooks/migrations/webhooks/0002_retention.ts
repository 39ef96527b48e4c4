import { type Kysely, sql } from "kysely"

/**
 * What retention reads: deliveries that ended, by when they ended, across tenants; and a delivery's
 * attempts, which go with it.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex("webhook_deliveries_ended_idx")
    .on("webhook_deliveries")
    .column("updated_at")
    .where(sql<boolean>`status <> 'pending'`)
    .execute()
  await db.schema.createIndex("webhook_attempts_delivery_idx").on("webhook_attempts").columns(["tenant_id", "delivery_id"]).execute()
}
