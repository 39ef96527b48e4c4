import type { Kysely } from "kysely"

/**
 * Idempotency keys: one row per (tenant, endpoint, key) holding the request's fingerprint and,
 * once known, its response (null while the first request runs). Claiming a key is one insert
 * on the primary key, so two requests with one key cannot both win.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("tenant_id", "uuid", (c) => c.notNull().references("tenants.id"))
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("response", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["tenant_id", "scope", "key"])
    .execute()
}
