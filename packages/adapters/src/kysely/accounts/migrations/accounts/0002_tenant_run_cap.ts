import type { Kysely } from "kysely"

/** A tenant's cap on its running runs, set by the platform; null (every tenant so far) for the platform's default. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("tenants").addColumn("max_running_runs", "integer").execute()
}
