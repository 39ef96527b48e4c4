import type { Kysely } from "kysely"

/** The periodic prune drops every tenant's counts begun before the window at once. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex("email_soft_bounces_first_at_idx").on("email_soft_bounces").column("first_at").execute()
}
