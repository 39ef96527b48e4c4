import type { Kysely } from "kysely"
import { sql } from "kysely"

/**
 * Each tenant's assignment rules and round-robin cursor on its widget's row (null: the defaults),
 * and the two reads an assignment pass makes: what each agent holds, and the oldest conversations
 * nobody holds.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("chat_widgets")
    .addColumn("assignment_mode", "text")
    .addColumn("assignment_capacity", "integer")
    .addColumn("assignment_cursor", "text")
    .execute()
  await db.schema
    .createIndex("conversations_held_idx")
    .on("conversations")
    .columns(["tenant_id", "assignee_id"])
    .where(sql<boolean>`status in ('open', 'pending')`)
    .execute()
  await db.schema
    .createIndex("conversations_unassigned_idx")
    .on("conversations")
    .columns(["tenant_id", "created_at", "id"])
    .where(sql<boolean>`assignee_id is null and status = 'open'`)
    .execute()
}
