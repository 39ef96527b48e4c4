import { type Kysely, sql } from "kysely"

/** Each message's stream (transactional or broadcast): what its suppressions and unsubscribe link are about. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("email_messages")
    .addColumn("stream", "text", (column) => column.notNull().defaultTo(sql`'transactional'`))
    .execute()
}
