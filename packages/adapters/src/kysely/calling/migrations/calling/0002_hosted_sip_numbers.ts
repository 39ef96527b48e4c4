import type { Kysely } from "kysely"

/** Hosted SIP's numbers, each routed to one tenant: the carrier's reports are attributed by them. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("hosted_sip_numbers")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("assigned_at", "timestamptz", (column) => column.notNull())
    .execute()
  await db.schema.createIndex("hosted_sip_numbers_tenant_idx").on("hosted_sip_numbers").columns(["tenant_id", "id"]).execute()
}
