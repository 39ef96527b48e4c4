import { type RawBuilder, sql } from "kysely"

/**
 * A table's columns as the SQL that writes JSON record sets into it (`jsonb_to_recordset`), from
 * one list of (name, type): the column list, the record set's declaration, and, for an upsert on
 * the first `keyColumns`, every other column taken from `excluded`.
 */
export const recordSetColumns = (
  columns: ReadonlyArray<readonly [string, string]>,
  keyColumns: number
): { readonly names: RawBuilder<unknown>; readonly declared: RawBuilder<unknown>; readonly replaced: RawBuilder<unknown> } => ({
  names: sql.raw(columns.map(([name]) => name).join(", ")),
  declared: sql.raw(columns.map(([name, type]) => `${name} ${type}`).join(", ")),
  replaced: sql.raw(
    columns
      .slice(keyColumns)
      .map(([name]) => `${name} = excluded.${name}`)
      .join(", ")
  )
})
