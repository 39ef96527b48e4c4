import { type Kysely, sql } from "kysely"

/** Message text by its words (PostgreSQL's `simple` configuration: any language, no stemming), for search. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex("chat_messages_text_idx")
    .on("chat_messages")
    .using("gin")
    .expression(sql`to_tsvector('simple', content)`)
    .execute()
}
