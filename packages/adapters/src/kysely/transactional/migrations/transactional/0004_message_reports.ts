import type { Kysely } from "kysely"

/** When a message's bounce and its complaint were first recorded: a report sent again counts once. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("email_messages")
    .addColumn("bounce_reported_at", "timestamptz")
    .addColumn("complaint_reported_at", "timestamptz")
    .execute()
}
