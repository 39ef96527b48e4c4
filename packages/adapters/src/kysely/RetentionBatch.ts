import { isUuid } from "@servicekit/core/internal"
import { Effect } from "effect"
import { type Kysely, type RawBuilder, sql } from "kysely"
import { query } from "./Connection.js"
import type { KyselyConnection } from "./Database.js"

interface Batch {
  readonly table: string
  /** The column naming a row within its tenant: `id` unless given. */
  readonly key?: string
  readonly where: RawBuilder<unknown>
  readonly orderBy: RawBuilder<unknown>
  readonly limit: number
  readonly tenantId: string | undefined
}

/**
 * The keys of one retention batch, as a subquery: the rows of `table` that `where` takes, of
 * `tenantId` alone when given, the first `limit` in `orderBy` (along the index the kind made for
 * it), skipping rows a write holds so that no request waits on the batch and two sweeps take
 * different rows. Undefined when `tenantId` cannot name a tenant.
 */
export const retentionBatch = (database: KyselyConnection, batch: Batch): RawBuilder<unknown> | undefined =>
  batch.tenantId !== undefined && !isUuid(batch.tenantId)
    ? undefined
    : sql`
        select tenant_id, ${sql.ref(batch.key ?? "id")} as id from ${sql.id(database.schema, batch.table)}
        where ${batch.where} ${batch.tenantId === undefined ? sql`` : sql`and tenant_id = ${batch.tenantId}`}
        order by ${batch.orderBy}
        limit ${batch.limit}
        for update skip locked
      `

/** A batch and the tables of rows that hang on each of its rows by `column`, if any. */
type PruneBatch = Batch & { readonly hanging?: { readonly tables: ReadonlyArray<string>; readonly column: string } }

/**
 * One statement: picks a retention batch of `table`, deletes the rows of `hanging.tables` that
 * hang on the picked by `hanging.column` (each of those tables needs an index led by tenant_id and `column`), then
 * the picked: the keys of those it deleted.
 */
export const pruneWithRows = (
  database: KyselyConnection,
  batch: PruneBatch
): Effect.Effect<ReadonlyArray<{ readonly tenantId: string; readonly id: string }>> => {
  const picked = retentionBatch(database, batch)
  if (picked === undefined) return Effect.succeed([])
  const table = (name: string) => sql.id(database.schema, name)
  const { column, tables } = batch.hanging ?? { tables: [], column: "" }
  const children = tables.map(
    (name) => sql`${sql.id(`${name}_gone`)} as (
      delete from ${table(name)} as c using picked as p
      where c.tenant_id = p.tenant_id and ${sql.ref(`c.${column}`)} = p.id
    ), `
  )
  return Effect.map(
    query(database, (db: Kysely<unknown>) =>
      sql<{ tenant_id: string; id: string }>`
        with picked as (${picked}), ${sql.join(children, sql``)}picked_gone as (
          delete from ${table(batch.table)} as c using picked as p
          where c.tenant_id = p.tenant_id and ${sql.ref(`c.${batch.key ?? "id"}`)} = p.id
          returning c.tenant_id, ${sql.ref(`c.${batch.key ?? "id"}`)} as id
        )
        select tenant_id, id from picked_gone
      `.execute(db)
    ),
    (result) => result.rows.map((row) => ({ tenantId: row.tenant_id, id: row.id }))
  )
}

/** `pruneWithRows`, answering how many rows of `table` it deleted. */
export const pruneRows = (database: KyselyConnection, batch: PruneBatch): Effect.Effect<number> =>
  Effect.map(pruneWithRows(database, batch), (pruned) => pruned.length)
