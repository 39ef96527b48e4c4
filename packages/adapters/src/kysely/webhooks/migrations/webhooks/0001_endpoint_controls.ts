import { type Kysely, sql } from "kysely"

/**
 * What a tenant sets on an endpoint: the products it receives every event of (none for those
 * stored before, whose `events` keep saying what they receive), its throttle with the time its
 * next send may go, and its pause.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("webhook_subscriptions")
    .addColumn("products", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn("rate_per_second", "integer")
    .addColumn("throttled_until", "timestamptz")
    .addColumn("paused_at", "timestamptz")
    .execute()
}
