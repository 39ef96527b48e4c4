import type { Kysely } from "kysely"

/** A template's own sender: an address on one of the tenant's sending domains, and a display name. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("email_templates").addColumn("from_name", "text").addColumn("from_address", "text").execute()
}
