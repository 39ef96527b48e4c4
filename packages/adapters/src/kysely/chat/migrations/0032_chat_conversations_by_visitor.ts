import type { Kysely } from "kysely"

/** A visitor's conversations of every status, newest first: the dashboard's list by visitor. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex("conversations_tenant_visitor_created_idx")
    .on("conversations")
    .columns(["tenant_id", "visitor_id", "created_at desc", "id desc"])
    .execute()
}
