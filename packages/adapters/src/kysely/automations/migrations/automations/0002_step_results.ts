import { type Kysely, sql } from "kysely"

/**
 * A run's step results, one row per step, each written when its step's result changes: a
 * checkpoint writes the one step it changed instead of the run's whole results again. The
 * results runs hold move here, and the runs' column goes. No foreign key: a result is only ever
 * written in the statement that writes its run, and a key check would lock the run's tenant row
 * at every step.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("automation_step_results")
    .addColumn("tenant_id", "uuid", (column) => column.notNull())
    .addColumn("run_id", "uuid", (column) => column.notNull())
    .addColumn("step_index", "integer", (column) => column.notNull())
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("name", "text")
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("output", "jsonb")
    .addColumn("output_text", "text")
    .addColumn("error", "text")
    .addColumn("attempt", "integer", (column) => column.notNull())
    .addColumn("approved", "boolean", (column) => column.notNull())
    .addColumn("worker", "jsonb")
    .addColumn("started_at", "timestamptz", (column) => column.notNull())
    .addColumn("finished_at", "timestamptz")
    .addPrimaryKeyConstraint("automation_step_results_pkey", ["tenant_id", "run_id", "step_index"])
    .execute()

  // Builder statements (not raw SQL), so that the tables are those of ServiceKit's schema.
  const field = (name: string) => sql`e.value ->> ${name}`
  await db
    .insertInto("automation_step_results")
    .columns([
      "tenant_id",
      "run_id",
      "step_index",
      "type",
      "name",
      "status",
      "output",
      "output_text",
      "error",
      "attempt",
      "approved",
      "worker",
      "started_at",
      "finished_at"
    ])
    .expression(
      db
        .selectFrom("automation_runs as r")
        .crossJoinLateral(sql`jsonb_array_elements(r.results)`.as("e"))
        .select([
          "r.tenant_id",
          "r.id",
          sql`(${field("index")})::int`.as("step_index"),
          field("type").as("type"),
          field("name").as("name"),
          field("status").as("status"),
          sql`e.value -> 'output'`.as("output"),
          field("outputText").as("output_text"),
          field("error").as("error"),
          sql`(${field("attempt")})::int`.as("attempt"),
          // Results stored before approvals or workers were recorded per step have neither.
          sql`coalesce((${field("approved")})::boolean, false)`.as("approved"),
          sql`nullif(e.value -> 'worker', 'null'::jsonb)`.as("worker"),
          sql`(${field("startedAt")})::timestamptz`.as("started_at"),
          sql`(${field("finishedAt")})::timestamptz`.as("finished_at")
        ])
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute()

  await db.schema.alterTable("automation_runs").dropConstraint("automation_runs_results_check").execute()
  await db.schema.alterTable("automation_runs").dropColumn("results").execute()
}
