import type { Kysely } from "kysely"

/** The start of what a webhook receiver answered on each attempt, for the delivery history; null before this column. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("webhook_attempts").addColumn("response_body", "text").execute()
}
