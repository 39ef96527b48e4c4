import type { Kysely } from "kysely"

/**
 * Tenants' sending counts per hour (one row per tenant and hour, dropped past the window), and the
 * standing of those warned or paused (one row each; none in good standing).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("mail_reputation_hours")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("hour", "timestamptz", (column) => column.notNull())
    .addColumn("sent", "integer", (column) => column.notNull())
    .addColumn("bounced", "integer", (column) => column.notNull())
    .addColumn("complained", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("mail_reputation_hours_pkey", ["tenant_id", "hour"])
    .execute()
  // The prune drops every tenant's old hours at once.
  await db.schema.createIndex("mail_reputation_hours_hour_idx").on("mail_reputation_hours").column("hour").execute()
  await db.schema
    .createTable("mail_reputation_standings")
    .addColumn("tenant_id", "uuid", (column) => column.primaryKey().references("tenants.id"))
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("cause", "text", (column) => column.notNull())
    .addColumn("sent", "integer", (column) => column.notNull())
    .addColumn("bounced", "integer", (column) => column.notNull())
    .addColumn("complained", "integer", (column) => column.notNull())
    .addColumn("since", "timestamptz", (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex("mail_reputation_standings_since_idx")
    .on("mail_reputation_standings")
    .columns(["since desc", "tenant_id"])
    .execute()
}
