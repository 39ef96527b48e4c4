import { type Kysely, sql } from "kysely"

/**
 * Every Live Chat event looks up its tenant's active event-triggered workflows: a partial index
 * holds only those, so the lookup does not read a tenant's other workflows.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex("automation_workflows_event_idx")
    .on("automation_workflows")
    .columns(["tenant_id", "created_at", "id"])
    .where(sql<boolean>`active and (trigger ->> 'type') = 'event'`)
    .execute()
}
