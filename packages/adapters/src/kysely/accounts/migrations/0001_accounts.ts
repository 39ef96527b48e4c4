import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()

/** Tenants, API keys and the usage ledger. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("tenants")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("name", "text", required)
    .addColumn("entitlements", sql`text[]`, required)
    .addColumn("created_at", "timestamptz", required)
    .execute()

  await db.schema
    .createTable("api_keys")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("tenant_id", "uuid", (c) => c.notNull().references("tenants.id"))
    .addColumn("name", "text")
    .addColumn("product", "text", required)
    .addColumn("environment", "text", required)
    .addColumn("prefix", "text", required)
    .addColumn("digest", "text", (c) => c.notNull().unique())
    .addColumn("scopes", sql`text[]`, required)
    .addColumn("expires_at", "timestamptz")
    .addColumn("ip_allowlist", sql`text[]`, required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("revoked_at", "timestamptz")
    .execute()
  // listByTenant reads this index in order: newest first.
  await db.schema
    .createIndex("api_keys_tenant_created_idx")
    .on("api_keys")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  await db.schema
    .createTable("usage_entries")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("tenant_id", "uuid", required)
    .addColumn("kind", "text", required)
    .addColumn("quantity", "double precision", required)
    .addColumn("metadata", "jsonb", required)
    .addColumn("occurred_at", "timestamptz", required)
    .execute()
  await db.schema
    .createIndex("usage_entries_tenant_occurred_idx")
    .on("usage_entries")
    .columns(["tenant_id", "occurred_at", "id"])
    .execute()
}
