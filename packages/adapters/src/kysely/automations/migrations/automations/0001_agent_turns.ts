import type { Kysely } from "kysely"

/**
 * An agent step's turns, one row each, written as each changes: the step's result keeps only a
 * small typed state, so a long loop writes no more per turn than a short one. Steps stored by an
 * earlier build keep their turns inline until they go on (their turns are then written here).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("automation_agent_turns")
    .addColumn("tenant_id", "uuid", (column) => column.notNull().references("tenants.id"))
    .addColumn("run_id", "uuid", (column) => column.notNull())
    .addColumn("run_attempt", "integer", (column) => column.notNull())
    .addColumn("step_index", "integer", (column) => column.notNull())
    .addColumn("turn", "integer", (column) => column.notNull())
    .addColumn("data", "jsonb", (column) => column.notNull())
    .addPrimaryKeyConstraint("automation_agent_turns_pkey", ["tenant_id", "run_id", "run_attempt", "step_index", "turn"])
    .execute()
}
