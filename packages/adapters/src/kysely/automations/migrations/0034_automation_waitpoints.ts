import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()

/**
 * Waitpoints: what a waiting run waits for (an approval, a node's command, a timer, other work a
 * skill started), each with its own due time. A run's `lease_until` is now only a lease. Runs
 * waiting when this runs get the waitpoint they wait on, due when their lease column said, and
 * lose that value: a run waiting for an approval waits on each of its pending approvals; one
 * waiting for a node, on the newest open command it asked for (any, when none is open).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("automation_waitpoints")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("id", "uuid", required)
    .addColumn("run_id", "uuid", required)
    .addColumn("step_index", "integer", required)
    .addColumn("kind", "text", required)
    .addColumn("status", "text", required)
    .addColumn("resource_id", "text")
    .addColumn("due_at", "timestamptz", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("completed_at", "timestamptz")
    .addPrimaryKeyConstraint("automation_waitpoints_pkey", ["tenant_id", "id"])
    .addCheckConstraint(
      "automation_waitpoints_status_check",
      sql`status in ('waiting', 'completed', 'timed_out', 'cancelled')`
    )
    .execute()
  // The sweep: waiting waitpoints by due time, across tenants.
  await db.schema
    .createIndex("automation_waitpoints_due_idx")
    .on("automation_waitpoints")
    .columns(["due_at", "id"])
    .where(sql<boolean>`status = 'waiting'`)
    .execute()
  // A run's waiting waitpoints: what a decision, a node's answer or a cancel closes.
  await db.schema
    .createIndex("automation_waitpoints_run_idx")
    .on("automation_waitpoints")
    .columns(["tenant_id", "run_id", "created_at", "id"])
    .where(sql<boolean>`status = 'waiting'`)
    .execute()

  // Builder statements (not raw SQL), so that the tables are those of ServiceKit's schema.
  const columns = ["tenant_id", "id", "run_id", "step_index", "kind", "status", "resource_id", "due_at", "created_at"]
  const waitingStep = (status: string) =>
    sql<number>`coalesce((select min((result ->> 'index')::int) from jsonb_array_elements(r.results) as result
      where result ->> 'status' = ${status}), 0)`
  await db
    .insertInto("automation_waitpoints")
    .columns(columns)
    .expression(
      db
        .selectFrom("automation_approvals as a")
        .innerJoin("automation_runs as r", (join) => join.onRef("r.tenant_id", "=", "a.tenant_id").onRef("r.id", "=", "a.run_id"))
        .where("r.status", "=", "waiting_approval")
        .where("a.status", "=", "pending")
        .select([
          "a.tenant_id",
          sql`gen_random_uuid()`.as("id"),
          "a.run_id",
          "a.step_index",
          sql`'approval'`.as("kind"),
          sql`'waiting'`.as("status"),
          sql`a.id::text`.as("resource_id"),
          "a.expires_at",
          "a.created_at"
        ])
    )
    .execute()
  await db
    .insertInto("automation_waitpoints")
    .columns(columns)
    .expression(
      db
        .selectFrom("automation_runs as r")
        .where("r.status", "=", "waiting_timer")
        .select([
          "r.tenant_id",
          sql`gen_random_uuid()`.as("id"),
          "r.id as run_id",
          waitingStep("waiting_timer").as("step_index"),
          sql`'timer'`.as("kind"),
          sql`'waiting'`.as("status"),
          sql`null::text`.as("resource_id"),
          sql`coalesce(r.lease_until, now())`.as("due_at"),
          "r.updated_at"
        ])
    )
    .execute()
  await db
    .insertInto("automation_waitpoints")
    .columns(columns)
    .expression(
      db
        .selectFrom("automation_runs as r")
        .where("r.status", "=", "waiting_node")
        .select((eb) => [
          "r.tenant_id",
          sql`gen_random_uuid()`.as("id"),
          "r.id as run_id",
          waitingStep("waiting_node").as("step_index"),
          sql`'node_command'`.as("kind"),
          sql`'waiting'`.as("status"),
          eb
            .selectFrom("automation_node_commands as c")
            .whereRef("c.tenant_id", "=", "r.tenant_id")
            .whereRef("c.run_id", "=", "r.id")
            .orderBy(sql`c.status in ('queued', 'delivered')`, "desc")
            .orderBy("c.created_at", "desc")
            .orderBy("c.id", "desc")
            .limit(1)
            .select(sql`c.node_id::text || '/' || c.id::text`.as("resource"))
            .as("resource_id"),
          sql`coalesce(r.lease_until, now())`.as("due_at"),
          "r.updated_at"
        ])
    )
    .execute()
  await db
    .updateTable("automation_runs")
    .set({ lease_until: null })
    .where("status", "in", ["waiting_approval", "waiting_node", "waiting_timer"])
    .where("lease_until", "is not", null)
    .execute()

  // Waiting runs are found through their waitpoints now, as are expired approvals.
  await db.schema.dropIndex("automation_runs_timed_wait_idx").execute()
  await db.schema.dropIndex("automation_approvals_expiry_idx").execute()
}
