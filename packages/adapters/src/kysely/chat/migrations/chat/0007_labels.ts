import { type Kysely, sql } from "kysely"

/** The team's labels on each conversation, and the index that lists a tenant's conversations by one. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("conversations")
    .addColumn("labels", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .execute()
  await db.schema.createIndex("conversations_labels_idx").on("conversations").using("gin").column("labels").execute()
}
