import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/** Sequences: ordered, timed steps, each sequence materialised into a workflow of its own. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("automation_sequences")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("name", "text", required)
    .addColumn("steps", "jsonb", required)
    .addColumn("workflow_id", "uuid", required)
    .addColumn("revision", "integer", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_sequences_pkey", ["tenant_id", "id"])
    .addCheckConstraint("automation_sequences_revision_check", sql`revision >= 1`)
    .execute()
  await db.schema
    .createIndex("automation_sequences_tenant_created_idx")
    .on("automation_sequences")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
}
