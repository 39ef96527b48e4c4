import { type Kysely, sql } from "kysely"

/**
 * What retention reads: runs that ended, by when they ended, across tenants and of one tenant;
 * a run's approvals by their run, which the prune deletes with it (its step results, agent turns
 * and waits are already keyed by run); and the memory audit by age across tenants (one tenant's
 * has its index).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  const ended = sql<boolean>`status in ('succeeded', 'failed', 'cancelled', 'expired', 'skipped')`
  await db.schema.createIndex("automation_runs_ended_idx").on("automation_runs").column("finished_at").where(ended).execute()
  await db.schema
    .createIndex("automation_runs_tenant_ended_idx")
    .on("automation_runs")
    .columns(["tenant_id", "finished_at"])
    .where(ended)
    .execute()
  await db.schema.createIndex("automation_memory_audit_created_idx").on("automation_memory_audit").column("created_at").execute()
  await db.schema.createIndex("automation_approvals_run_idx").on("automation_approvals").columns(["tenant_id", "run_id"]).execute()
}
