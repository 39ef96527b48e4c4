import { TenantData, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { rows } from "./Connection.js"
import { KyselyDatabase, isSchemaName } from "./Database.js"
import type { TenantTable } from "./ModuleStorage.js"

/** Where a table's rows name their tenant, as SQL over `alias`: the FROM list and the condition on $1. */
const tenantOf = (schema: string, table: TenantTable, byName: ReadonlyMap<string, TenantTable>) => {
  const from = `"${schema}"."${table.table}" AS c`
  if (!("via" in table)) return { from, where: `c."${table.tenantColumn ?? "tenant_id"}" = $1` }
  const parent = byName.get(table.via.parent)
  if (parent === undefined || "via" in parent) {
    throw new Error(`${table.table}: its parent ${table.via.parent} is no table naming its tenant`)
  }
  return {
    from: `${from} JOIN "${schema}"."${parent.table}" AS p ON p."${table.via.parentColumn}" = c."${table.via.column}"`,
    where: `p."${parent.tenantColumn ?? "tenant_id"}" = $1`
  }
}

/** A table's primary key columns, in the key's order, with their types. */
const PRIMARY_KEY = `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_index i
  JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
  WHERE i.indrelid = to_regclass($1) AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`

/**
 * A tenant's rows in the tables the modules declare (ModuleStorage's `tenantTables`), kind by
 * kind in the order given. A batch deletes rows picked by their physical address (ctid), so no
 * key is needed and no statement holds more than `limit` rows' locks. Rows are read page by page
 * in the order of the table's primary key (most lead with the tenant), the last row's key the
 * cursor: each page is a range of that index, however many pages came before.
 */
export const layerTenantData = (tables: ReadonlyArray<TenantTable>): Layer.Layer<TenantData, never, KyselyDatabase> =>
  Layer.effect(
    TenantData,
    Effect.map(KyselyDatabase, (database) => {
      const byName = new Map(tables.map((table) => [table.table, table]))
      const statements = new Map(
        tables.map((table) => {
          const names =
            "via" in table ? [table.table, ...Object.values(table.via)] : [table.table, table.tenantColumn ?? "tenant_id"]
          for (const name of names) {
            if (!isSchemaName(name)) throw new Error(`${table.table}: "${name}" is no table or column name`)
          }
          const { from, where } = tenantOf(database.schema, table, byName)
          const target = `"${database.schema}"."${table.table}"`
          return [
            table.table,
            {
              count: `SELECT count(*)::int AS n FROM ${from} WHERE ${where}`,
              deleteSome:
                `WITH gone AS (DELETE FROM ${target} WHERE ctid IN ` +
                `(SELECT c.ctid FROM ${from} WHERE ${where} LIMIT $2) RETURNING 1) SELECT count(*)::int AS n FROM gone`
            }
          ] as const
        })
      )
      const statementsOf = (kind: string) => {
        const found = statements.get(kind)
        if (found === undefined) throw new Error(`no table ${kind} holds tenants' rows`)
        return found
      }
      const number = (found: ReadonlyArray<{ readonly n: number | string }>) => Number(found[0]?.n ?? 0)
      // Built on first use: the key is read from the catalog, so the schema must be migrated by then.
      const reads = new Map<string, { first: string; after: string }>()
      const readsOf = (kind: string) =>
        Effect.gen(function* () {
          const known = reads.get(kind)
          if (known !== undefined) return known
          const table = byName.get(kind)
          if (table === undefined) return yield* Effect.dieMessage(`no table ${kind} holds tenants' rows`)
          const key = yield* rows<{ name: string; type: string }>(database, PRIMARY_KEY, [`"${database.schema}"."${kind}"`])
          if (key.length === 0) return yield* Effect.dieMessage(`${kind} has no primary key to read it in order`)
          const { from, where } = tenantOf(database.schema, table, byName)
          const columns = (names: ReadonlyArray<{ name: string }>) => names.map(({ name }) => `c."${name}"`).join(", ")
          // A key led by the tenant's column: the cursor compares the rest, so that the index scan
          // starts at the cursor (compared whole, the tenant's equality would make it start at the
          // tenant's first row). Each value is typed as its column, to compare as the key does.
          const rest = !("via" in table) && key[0]!.name === (table.tenantColumn ?? "tenant_id") ? key.slice(1) : key
          const cursor = `json_build_object(${key.map(({ name }) => `'${name}', c."${name}"`).join(", ")})::text`
          const select = `SELECT row_to_json(c)::text AS line, ${cursor} AS at FROM ${from}`
          const order = `ORDER BY ${columns(key)}`
          // A key of the tenant alone holds one row at most: nothing comes after it.
          const past =
            rest.length === 0
              ? "$2::json IS NULL"
              : `(${columns(rest)}) > (${rest.map(({ name, type }) => `($2::json->>'${name}')::${type}`).join(", ")})`
          const made = {
            first: `${select} WHERE ${where} ${order} LIMIT $2`,
            after: `${select} WHERE ${where} AND ${past} ${order} LIMIT $3`
          }
          reads.set(kind, made)
          return made
        })
      return {
        kinds: tables.map(({ table }) => table),
        count: (tenantId, kind) =>
          isUuid(tenantId)
            ? Effect.map(rows<{ n: number }>(database, statementsOf(kind).count, [tenantId]), number)
            : Effect.succeed(0),
        deleteSome: (tenantId, kind, limit) =>
          isUuid(tenantId)
            ? Effect.map(rows<{ n: number }>(database, statementsOf(kind).deleteSome, [tenantId, limit]), number)
            : Effect.succeed(0),
        readSome: (tenantId, kind, after, limit) =>
          !isUuid(tenantId)
            ? Effect.succeed({ lines: [], next: null })
            : Effect.flatMap(readsOf(kind), (read) =>
                Effect.map(
                  after === null
                    ? rows<{ line: string; at: string }>(database, read.first, [tenantId, limit])
                    : rows<{ line: string; at: string }>(database, read.after, [tenantId, after, limit]),
                  (found) => ({
                    lines: found.map(({ line }) => line),
                    next: found.length < limit ? null : found[found.length - 1]!.at
                  })
                )
              )
      }
    })
  )
