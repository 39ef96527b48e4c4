import type { Kysely } from "kysely"

/** The hourly sweep deletes idempotency records by age: a range on this index. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex("idempotency_keys_created_idx").on("idempotency_keys").column("created_at").execute()
}
