import { type ColumnDefinitionBuilder, type Kysely } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()

/**
 * Call detail records. Every list variant (all, by direction, by result) has an index
 * in its keyset order, so a page is an index range scan, never a scan plus sort.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("calls")
    .addColumn("tenant_id", "uuid", required)
    .addColumn("id", "uuid", required)
    .addColumn("from_id", "text", required)
    .addColumn("to_id", "text", required)
    .addColumn("direction", "text", required)
    .addColumn("duration_secs", "double precision", required)
    .addColumn("result", "text", required)
    .addColumn("started_at", "timestamptz", required)
    .addColumn("ended_at", "timestamptz")
    .addColumn("call_sid", "text")
    .addColumn("mos_score", "double precision")
    .addPrimaryKeyConstraint("calls_pkey", ["tenant_id", "id"])
    .execute()
  for (const [name, filter] of [
    ["calls_tenant_started_idx", []],
    ["calls_tenant_direction_started_idx", ["direction"]],
    ["calls_tenant_result_started_idx", ["result"]]
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("calls")
      .columns(["tenant_id", ...filter, "started_at desc", "id desc"])
      .execute()
  }
}
