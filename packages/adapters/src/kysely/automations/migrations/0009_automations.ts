import type { ColumnDefinitionBuilder, Kysely } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * Automations: workflows and their flows (each workflow's definition over time). A flow outlives
 * its workflow for the runs that name its revisions, so neither table refers to the other. Each
 * list reads an index in its keyset order (newest first), so a page is an index range scan.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("automation_workflows")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("name", "text", required)
    .addColumn("active", "boolean", required)
    .addColumn("trigger", "jsonb", required)
    .addColumn("steps", "jsonb", required)
    .addColumn("flow_id", "uuid", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_workflows_pkey", ["tenant_id", "id"])
    .execute()
  await db.schema
    .createIndex("automation_workflows_tenant_created_idx")
    .on("automation_workflows")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  await db.schema
    .createTable("automation_flows")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("workflow_id", "uuid", required)
    .addColumn("revision", "integer", required)
    .addColumn("state", "jsonb", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_flows_pkey", ["tenant_id", "id"])
    .execute()
  await db.schema
    .createIndex("automation_flows_tenant_created_idx")
    .on("automation_flows")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
  // A workflow's flow, looked up from the workflow.
  await db.schema
    .createIndex("automation_flows_tenant_workflow_idx")
    .on("automation_flows")
    .columns(["tenant_id", "workflow_id"])
    .execute()
}
