import type { Kysely } from "kysely"

/** Tenants' sending domains, each with its DKIM key and the last check of its records. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("mail_domains")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("id", "uuid", (column) => column.notNull())
    .addColumn("domain", "text", (column) => column.notNull())
    .addColumn("selector", "text", (column) => column.notNull())
    .addColumn("dkim_public_key", "text", (column) => column.notNull())
    .addColumn("dkim_private_key_sealed", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("records", "jsonb", (column) => column.notNull())
    .addColumn("failure", "text")
    .addColumn("checked_at", "timestamptz")
    .addColumn("verified_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("mail_domains_pkey", ["tenant_id", "id"])
    .addUniqueConstraint("mail_domains_domain_key", ["tenant_id", "domain"])
    .execute()
  await db.schema.createIndex("mail_domains_checked_idx").on("mail_domains").column("checked_at").execute()
}
