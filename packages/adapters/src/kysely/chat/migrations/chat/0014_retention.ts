import type { Kysely } from "kysely"

/**
 * The reads of `chat.conversations`' prune: every tenant's conversations oldest first (one tenant's
 * walk conversations_tenant_created_idx), and a conversation's visitor tokens, which only their
 * digest and (tenant, visitor) found. Not updated_at: every message changes it, and an index on it
 * would end the HOT updates of the busiest write there is.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex("conversations_created_idx").on("conversations").columns(["created_at", "id"]).execute()
  await db.schema
    .createIndex("visitor_tokens_conversation_idx")
    .on("visitor_tokens")
    .columns(["tenant_id", "conversation_id"])
    .execute()
}
