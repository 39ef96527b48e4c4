import { type Kysely, sql } from "kysely"

/**
 * A queued run with a lease is reserved for the process that started it, which follows it at once;
 * the resume sweep finds the reservations that ran out (that process died) here: few at any time,
 * however many runs wait in the queue.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex("automation_runs_reserved_idx")
    .on("automation_runs")
    .column("lease_until")
    .where(sql<boolean>`status = 'queued' and lease_until is not null`)
    .execute()
}
