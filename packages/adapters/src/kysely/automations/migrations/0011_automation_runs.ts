import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * Automations: runs (a flow's revision followed step by step, its results stored as each step
 * ends) and the approvals runs wait for. Runs outlive their workflows and approvals name any run,
 * as the memory stores allow, so no table refers to another. Each list reads an index in its
 * keyset order (newest first), so a page is an index range scan.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  // The statuses as they stood at this migration; a later one that adds a status replaces the check.
  await db.schema
    .createTable("automation_runs")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("workflow_id", "uuid", required)
    .addColumn("flow_id", "uuid", required)
    .addColumn("revision", "integer", required)
    .addColumn("steps", "jsonb", required)
    .addColumn("status", "text", required)
    .addColumn("trigger_type", "text", required)
    .addColumn("trigger_event", "text")
    .addColumn("context", "text", required)
    .addColumn("payload", "jsonb", required)
    .addColumn("parent_run_id", "uuid")
    .addColumn("idempotency_key", "text")
    .addColumn("results", "jsonb", required)
    .addColumn("reason", "text")
    .addColumn("lease_until", "timestamptz")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("started_at", "timestamptz")
    .addColumn("finished_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_runs_pkey", ["tenant_id", "id"])
    // Nulls are distinct: any number of runs without a key. insertKeyed's ON CONFLICT names it.
    .addUniqueConstraint("automation_runs_tenant_idempotency_key", ["tenant_id", "idempotency_key"])
    .addCheckConstraint(
      "automation_runs_status_check",
      sql`status in ('queued', 'running', 'waiting_approval', 'succeeded', 'failed', 'cancelled', 'skipped')`
    )
    .addCheckConstraint("automation_runs_steps_check", sql`jsonb_typeof(steps) = 'array'`)
    .addCheckConstraint("automation_runs_results_check", sql`jsonb_typeof(results) = 'array'`)
    .execute()
  await db.schema
    .createIndex("automation_runs_tenant_created_idx")
    .on("automation_runs")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
  // A workflow's runs, newest first.
  await db.schema
    .createIndex("automation_runs_tenant_workflow_created_idx")
    .on("automation_runs")
    .columns(["tenant_id", "workflow_id", "created_at desc", "id desc"])
    .execute()
  // The runs of one status, newest first.
  await db.schema
    .createIndex("automation_runs_tenant_status_created_idx")
    .on("automation_runs")
    .columns(["tenant_id", "status", "created_at desc", "id desc"])
    .execute()
  // countRunning counts the tenant's entries here: few, however many runs have ended.
  await db.schema
    .createIndex("automation_runs_tenant_running_idx")
    .on("automation_runs")
    .column("tenant_id")
    .where(sql<boolean>`status = 'running'`)
    .execute()

  await db.schema
    .createTable("automation_approvals")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("run_id", "uuid", required)
    .addColumn("workflow_id", "uuid", required)
    .addColumn("step_index", "integer", required)
    .addColumn("title", "text", required)
    .addColumn("skill_id", "text")
    .addColumn("status", "text", required)
    .addColumn("note", "text")
    .addColumn("expires_at", "timestamptz", required)
    .addColumn("decided_at", "timestamptz")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_approvals_pkey", ["tenant_id", "id"])
    .addCheckConstraint(
      "automation_approvals_status_check",
      sql`status in ('pending', 'approved', 'rejected', 'expired')`
    )
    .execute()
  await db.schema
    .createIndex("automation_approvals_tenant_created_idx")
    .on("automation_approvals")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
  // The approvals of one status (the pending ones, mostly), newest first.
  await db.schema
    .createIndex("automation_approvals_tenant_status_created_idx")
    .on("automation_approvals")
    .columns(["tenant_id", "status", "created_at desc", "id desc"])
    .execute()
  // expired: only pending approvals, the longest expired first, across tenants.
  await db.schema
    .createIndex("automation_approvals_expiry_idx")
    .on("automation_approvals")
    .columns(["expires_at", "id"])
    .where(sql<boolean>`status = 'pending'`)
    .execute()
}
