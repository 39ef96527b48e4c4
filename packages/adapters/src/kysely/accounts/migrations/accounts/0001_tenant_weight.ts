import type { Kysely } from "kysely"

/** A tenant's share of background work (1 to 100), which the job queues' turns read; 1 for every tenant so far. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("tenants")
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(1))
    .execute()
}
