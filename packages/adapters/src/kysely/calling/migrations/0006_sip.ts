import type { Kysely } from "kysely"

/**
 * Each tenant's SIP setup in one row: the own trunk's columns (null without a trunk, the password
 * sealed by the secret box) and the hosted SIP opt-in. One row keeps the two exclusive: a change
 * writes the whole row.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("sip_settings")
    .addColumn("tenant_id", "uuid", (column) => column.primaryKey())
    .addColumn("trunk_host", "text")
    .addColumn("trunk_username", "text")
    .addColumn("trunk_password_sealed", "text")
    .addColumn("trunk_port", "integer")
    .addColumn("trunk_transport", "text")
    .addColumn("trunk_updated_at", "timestamptz")
    .addColumn("hosted_opted_in_at", "timestamptz")
    .execute()
}
