import { type Kysely, sql } from "kysely"

/** A tenant's queued messages, counted before a send is accepted: an index of the queued ones alone. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex("email_messages_tenant_queued_idx")
    .on("email_messages")
    .column("tenant_id")
    .where(sql<boolean>`status = 'queued'`)
    .execute()
}
