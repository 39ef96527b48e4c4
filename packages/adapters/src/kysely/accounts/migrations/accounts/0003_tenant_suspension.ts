import type { Kysely } from "kysely"

/** When and why the platform suspended a tenant; null (every tenant so far) while it is in good standing. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("tenants")
    .addColumn("suspended_at", "timestamptz")
    .addColumn("suspended_reason", "text")
    .execute()
}
