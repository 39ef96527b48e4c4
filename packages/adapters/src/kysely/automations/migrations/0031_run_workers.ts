import { type Kysely, sql } from "kysely"

/**
 * Which process holds a run (`held_by`), and each takeover of a run whose worker died
 * (`takeovers`): the process of each step's try is kept in the step's result.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("automation_runs")
    .addColumn("held_by", "jsonb")
    .addColumn("takeovers", "jsonb", (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
}
