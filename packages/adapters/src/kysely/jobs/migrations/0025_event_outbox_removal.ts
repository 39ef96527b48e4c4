import type { Kysely } from "kysely"

/**
 * Dispatched events are removed from the outbox (nothing reads them again) instead of marked, so
 * that the table holds only the waiting tail. The events an earlier version marked go now; the
 * index of the waiting tail gives way to the primary key's order. `dispatched_at` stays for
 * processes of that version still running beside this one during an upgrade.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.deleteFrom("event_outbox").where("dispatched_at", "is not", null).execute()
  await db.schema.dropIndex("event_outbox_pending_idx").execute()
}
