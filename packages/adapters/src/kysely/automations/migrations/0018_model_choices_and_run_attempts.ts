import { type Kysely, sql } from "kysely"

/**
 * Each tenant's model labels (one row a tenant, like its standing orders), and each run's attempt:
 * 1 for every run so far, one more with each retry; side effects' idempotency keys carry it.
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
}
