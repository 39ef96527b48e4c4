import { type Kysely, sql } from "kysely"

/**
 * Runs may wait for a timer (`waiting_timer`, a wait step counting down, its lease column holding
 * when it is over). The resume sweep finds runs waiting for a node or a timer past their time
 * through one partial index.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("automation_runs").dropConstraint("automation_runs_status_check").execute()
  await db.schema
    .alterTable("automation_runs")
    .addCheckConstraint(
      "automation_runs_status_check",
      sql`status in ('queued', 'running', 'waiting_approval', 'waiting_node', 'waiting_timer', 'succeeded', 'failed',
        'cancelled', 'skipped')`
    )
    .execute()
  await db.schema.dropIndex("automation_runs_waiting_node_idx").execute()
  await db.schema
    .createIndex("automation_runs_timed_wait_idx")
    .on("automation_runs")
    .column("lease_until")
    .where(sql<boolean>`status in ('waiting_node', 'waiting_timer')`)
    .execute()
}
