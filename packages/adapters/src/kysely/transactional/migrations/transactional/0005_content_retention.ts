import { type Kysely, sql } from "kysely"

/**
 * What retention of mail content reads: messages no longer queued that still hold a body, by when
 * they were accepted, across tenants and of one tenant. A cleared message leaves both indexes.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  const holdingContent = sql<boolean>`status <> 'queued' and (html is not null or text is not null)`
  await db.schema.createIndex("email_messages_content_idx").on("email_messages").column("created_at").where(holdingContent).execute()
  await db.schema
    .createIndex("email_messages_tenant_content_idx")
    .on("email_messages")
    .columns(["tenant_id", "created_at"])
    .where(holdingContent)
    .execute()
}
