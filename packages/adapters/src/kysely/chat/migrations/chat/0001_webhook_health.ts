import type { Kysely } from "kysely"

/** A subscription's circuit: failing since when, and paused until when; null for those stored before. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("webhook_subscriptions")
    .addColumn("failing_since", "timestamptz")
    .addColumn("paused_until", "timestamptz")
    .execute()
}
