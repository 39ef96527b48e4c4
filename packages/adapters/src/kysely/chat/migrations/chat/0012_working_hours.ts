import type { Kysely } from "kysely"

/** Each tenant's working hours, away message and email delay, one document on its widget's row (null: the defaults). */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("chat_widgets").addColumn("working_hours", "jsonb").execute()
}
