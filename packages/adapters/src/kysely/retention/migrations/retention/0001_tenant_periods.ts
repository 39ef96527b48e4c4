import type { Kysely } from "kysely"

/** The periods tenants chose for their data, a row a tenant and kind. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("tenant_retention_periods")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("days", "integer", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("tenant_retention_periods_pkey", ["tenant_id", "kind"])
    .execute()
  // The sweep reads a kind's periods by tenant.
  await db.schema
    .createIndex("tenant_retention_periods_kind_idx")
    .on("tenant_retention_periods")
    .columns(["kind", "tenant_id"])
    .execute()
}
