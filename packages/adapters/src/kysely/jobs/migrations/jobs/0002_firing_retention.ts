import type { Kysely } from "kysely"

/** Firings by when they were recorded, which the scheduler prunes after a week. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex("schedule_firings_fired_idx").on("schedule_firings").column("fired_at").execute()
}
