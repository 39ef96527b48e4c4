import { type Kysely, sql } from "kysely"

/**
 * Caps on running runs: a run's concurrency key and its limit (from its workflow's
 * `triggerJson.concurrency`), and since when a queued run waits for room (parked, with no job).
 * The parked runs are few and short-lived: partial indexes find a tenant's oldest, and the
 * longest parked of all for the sweep that catches a lost wake-up.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("automation_runs")
    .addColumn("concurrency_key", "text")
    .addColumn("concurrency_limit", "integer")
    .addColumn("parked_at", "timestamptz")
    .execute()
  await db.schema
    .createIndex("automation_runs_tenant_parked_idx")
    .on("automation_runs")
    .columns(["tenant_id", "created_at", "id"])
    .where(sql.ref("parked_at"), "is not", null)
    .execute()
  await db.schema
    .createIndex("automation_runs_parked_idx")
    .on("automation_runs")
    .column("parked_at")
    .where(sql.ref("parked_at"), "is not", null)
    .execute()
}
