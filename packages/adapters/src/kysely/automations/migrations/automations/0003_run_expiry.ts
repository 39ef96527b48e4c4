import { type Kysely, sql } from "kysely"

/**
 * A run's time to live (`expires_at`, null without one) and the status of a run whose time to
 * live ran out before any of its steps started (`expired`). Runs stored before have none. The
 * statuses are listed as they stand at this migration; a later one that adds a status replaces
 * the check again.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("automation_runs").addColumn("expires_at", "timestamptz").execute()
  await db.schema.alterTable("automation_runs").dropConstraint("automation_runs_status_check").execute()
  await db.schema
    .alterTable("automation_runs")
    .addCheckConstraint(
      "automation_runs_status_check",
      sql`status in ('queued', 'running', 'waiting_approval', 'waiting_node', 'waiting_timer', 'succeeded', 'failed',
        'cancelled', 'expired', 'skipped')`
    )
    .execute()
}
