import type { Kysely } from "kysely"

/**
 * Visitor tokens by tenant and visitor: a tenant's deletion (and a visitor's erasure) finds them
 * through it, where the digest key alone made each batch read the whole table.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex("visitor_tokens_tenant_idx").on("visitor_tokens").columns(["tenant_id", "visitor_id"]).execute()
}
