import type { Kysely } from "kysely"

/**
 * A workflow row carries its flow's revision, written with it in the same unit of work, so that
 * starting a run or listing workflows reads the workflow alone. Existing rows take their flow's.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable("automation_workflows")
    .addColumn("revision", "integer", (column) => column.notNull().defaultTo(1))
    .execute()
  await db
    .updateTable("automation_workflows as w")
    .from("automation_flows as f")
    .set((eb) => ({ revision: eb.ref("f.revision") }))
    .whereRef("f.tenant_id", "=", "w.tenant_id")
    .whereRef("f.id", "=", "w.flow_id")
    .execute()
}
