import { isUuid } from "@servicekit/core/internal"
import { Effect, type Option } from "effect"
import type { Kysely } from "kysely"
import { findOne, query } from "./Connection.js"
import type { KyselyConnection } from "./Database.js"

/**
 * A table holding at most one row a tenant, keyed by `tenant_id` (standing orders, model labels):
 * the tenant's record, or storing one in place of what the tenant had. `toRow` maps a record to
 * its insertable row, `toRecord` a selected row back.
 */
export const tenantRow = <Row, Record>(
  database: KyselyConnection,
  table: string,
  toRow: (record: Record) => { readonly tenant_id: string },
  toRecord: (row: Row) => Record
): {
  readonly find: (tenantId: string) => Effect.Effect<Option.Option<Record>>
  readonly save: (record: Record) => Effect.Effect<void>
} => ({
  find: (tenantId) =>
    isUuid(tenantId)
      ? findOne(
          database,
          (db: Kysely<any>) =>
            db.selectFrom(table).selectAll().where("tenant_id", "=", tenantId).executeTakeFirst() as Promise<
              Row | undefined
            >,
          toRecord
        )
      : Effect.succeedNone,

  // One statement: of two writers, the second waits for the first's row and then replaces it.
  save: (record) => {
    const row = toRow(record)
    const { tenant_id: _tenantId, ...columns } = row
    return Effect.asVoid(
      query(database, (db: Kysely<any>) =>
        db
          .insertInto(table)
          .values(row)
          .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet(columns))
          .execute()
      )
    )
  }
})
