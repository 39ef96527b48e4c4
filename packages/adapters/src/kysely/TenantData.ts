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

/**
 * A tenant's rows in the tables the modules declare (ModuleStorage's `tenantTables`), kind by
 * kind in the order given. A batch deletes rows picked by their physical address (ctid), so no
 * key is needed and no statement holds more than `limit` rows' locks.
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
      return {
        kinds: tables.map(({ table }) => table),
        count: (tenantId, kind) =>
          isUuid(tenantId)
            ? Effect.map(rows<{ n: number }>(database, statementsOf(kind).count, [tenantId]), number)
            : Effect.succeed(0),
        deleteSome: (tenantId, kind, limit) =>
          isUuid(tenantId)
            ? Effect.map(rows<{ n: number }>(database, statementsOf(kind).deleteSome, [tenantId, limit]), number)
            : Effect.succeed(0)
      }
    })
  )
