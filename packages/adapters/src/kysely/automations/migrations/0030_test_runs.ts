import type { Kysely } from "kysely"

/** A run started with a test key is a test run: its emails go to the test mailbox. Runs so far are live. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("automation_runs")
    .addColumn("test", "boolean", (column) => column.notNull().defaultTo(false))
    .execute()
}
