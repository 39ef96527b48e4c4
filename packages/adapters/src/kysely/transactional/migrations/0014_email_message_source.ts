import { type Kysely, sql } from "kysely"

/**
 * Messages record what sent them (Transactional's API, an automation run), so that their
 * delivery attempts carry it into the shared activity ledger as `metadata.source`.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("email_messages")
    .addColumn("source", "text", (column) => column.notNull().defaultTo(sql`'transactional_v1'`))
    .execute()
}
