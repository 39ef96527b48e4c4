import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * Companion nodes and the commands runs queue for them; runs may now wait for a node
 * (`waiting_node`, their lease column holding when the node's time is up). Pairing codes and
 * device secrets are stored as SHA-256 digests only. A command is unique by its step's idempotency
 * key, so a step asked again after a crash queues nothing twice.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("automation_runs").dropConstraint("automation_runs_status_check").execute()
  await db.schema
    .alterTable("automation_runs")
    .addCheckConstraint(
      "automation_runs_status_check",
      sql`status in ('queued', 'running', 'waiting_approval', 'waiting_node', 'succeeded', 'failed', 'cancelled', 'skipped')`
    )
    .execute()
  // The resume sweep finds runs whose node's time is up here.
  await db.schema
    .createIndex("automation_runs_waiting_node_idx")
    .on("automation_runs")
    .column("lease_until")
    .where(sql<boolean>`status = 'waiting_node'`)
    .execute()

  await db.schema
    .createTable("automation_nodes")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("name", "text", required)
    .addColumn("status", "text", required)
    .addColumn("platform", "text")
    .addColumn("version", "text")
    .addColumn("capabilities", "jsonb", required)
    .addColumn("allow_system", "boolean", required)
    .addColumn("allow_browser", "boolean", required)
    .addColumn("allowed_binaries", "jsonb", required)
    .addColumn("allowed_hosts", "jsonb", required)
    .addColumn("pairing_code_digest", "text")
    .addColumn("pairing_expires_at", "timestamptz")
    .addColumn("device_secret_digest", "text")
    .addColumn("paired_at", "timestamptz")
    .addColumn("last_seen_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_nodes_pkey", ["tenant_id", "id"])
    .addCheckConstraint("automation_nodes_status_check", sql`status in ('pending', 'paired', 'revoked')`)
    .execute()
  await db.schema
    .createIndex("automation_nodes_tenant_created_idx")
    .on("automation_nodes")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
  // A device's calls name the node without its tenant.
  await db.schema.createIndex("automation_nodes_id_idx").on("automation_nodes").column("id").execute()
  await db.schema
    .createIndex("automation_nodes_pairing_code_idx")
    .unique()
    .on("automation_nodes")
    .column("pairing_code_digest")
    .where(sql<boolean>`pairing_code_digest is not null`)
    .execute()

  await db.schema
    .createTable("automation_node_commands")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("node_id", "uuid", required)
    .addColumn("run_id", "uuid")
    .addColumn("idempotency_key", "text", required)
    .addColumn("command", "text", required)
    .addColumn("params", "jsonb", required)
    .addColumn("status", "text", required)
    .addColumn("deliveries", "integer", required)
    .addColumn("delivered_at", "timestamptz")
    .addColumn("expires_at", "timestamptz", required)
    .addColumn("output", "text")
    .addColumn("data", "text")
    .addColumn("mime_type", "text")
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    .addColumn("completed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_node_commands_pkey", ["tenant_id", "id"])
    // insertOnce's ON CONFLICT names it.
    .addUniqueConstraint("automation_node_commands_tenant_key", ["tenant_id", "idempotency_key"])
    .addCheckConstraint(
      "automation_node_commands_status_check",
      sql`status in ('queued', 'delivered', 'succeeded', 'failed', 'expired')`
    )
    .execute()
  // A node's open commands, oldest first: what a poll hands out.
  await db.schema
    .createIndex("automation_node_commands_open_idx")
    .on("automation_node_commands")
    .columns(["tenant_id", "node_id", "created_at", "id"])
    .where(sql<boolean>`status in ('queued', 'delivered')`)
    .execute()
}
