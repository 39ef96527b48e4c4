import type { Kysely } from "kysely"

/** When a tenant's counts last started again (a resume): bounces of mail sent before do not count. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("mail_reputation_restarts")
    .addColumn("tenant_id", "uuid", (column) => column.primaryKey().references("tenants.id"))
    .addColumn("counted_from", "timestamptz", (column) => column.notNull())
    .execute()
}
