import type { Kysely } from "kysely"

/** The reads of `chat.visitor_tokens`' prune: tokens by expiry, across tenants and of one tenant. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex("visitor_tokens_expiry_idx").on("visitor_tokens").column("expires_at").execute()
  await db.schema
    .createIndex("visitor_tokens_tenant_expiry_idx")
    .on("visitor_tokens")
    .columns(["tenant_id", "expires_at"])
    .execute()
}
