import { type Kysely, sql } from "kysely"

/**
 * What AI steps need: each tenant's model labels (one row a tenant, like its standing orders);
 * each run's attempt (1 for every run so far, one more with each retry; side effects'
 * idempotency keys carry it); and the exact input of the skill call an approval gates (an agent's
 * tool call), null for the approvals before.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("automation_model_choices")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id").primaryKey())
    .addColumn("primary_label", "text", (column) => column.notNull())
    .addColumn("failover", "jsonb", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull())
    .addCheckConstraint("automation_model_choices_failover_check", sql`jsonb_typeof(failover) = 'array'`)
    .execute()

  await db.schema
    .alterTable("automation_runs")
    .addColumn("attempt", "integer", (column) => column.notNull().defaultTo(1))
    .execute()

  await db.schema
    .alterTable("automation_approvals")
    .addColumn("input", "jsonb", (column) =>
      column.check(sql`input is null or jsonb_typeof(input) = 'object'`)
    )
    .execute()
}
