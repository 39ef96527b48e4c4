import { BUILT_IN_TENANT_KINDS } from "@servicekit/conformance"
import { ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { KyselyDatabase } from "../src/kysely/index.js"
import { MIGRATION_TABLE } from "../src/kysely/Migrations.js"
import { sharedTablesWith, tenantTablesWith } from "../src/kysely/Storage.js"
import { layerPglite } from "../src/pglite.js"

/**
 * The census: every table the migrations make is declared by a module, as holding tenants' rows
 * (and then deleted, exported and erased with the tenant) or as holding none, with why. A new
 * table that no module declares fails here, so no tenant's rows are ever left behind.
 */
describe("every table is declared as holding tenants' rows or none", () => {
  const runtime = ManagedRuntime.make(layerPglite({ dataDir: undefined }))
  let columns: Array<{ table: string; column: string }> = []
  let references: Array<{ from: string; to: string }> = []
  const tenantTables = tenantTablesWith([])
  const shared = sharedTablesWith([])

  beforeAll(async () => {
    const { execute, schema } = await runtime.runPromise(KyselyDatabase)
    columns = (
      await execute(
        `SELECT c.table_name AS "table", c.column_name AS "column" FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
         WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE'`,
        [schema]
      )
    ).rows
    references = (
      await execute(
        `SELECT conrelid::regclass::text AS "from", confrelid::regclass::text AS "to" FROM pg_constraint
         WHERE contype = 'f' AND connamespace = $1::regnamespace`,
        [schema]
      )
    ).rows.map(({ from, to }: { from: string; to: string }) => ({
      from: from.split(".").at(-1)!,
      to: to.split(".").at(-1)!
    }))
  }, 60_000)
  afterAll(() => runtime.dispose())

  const tablesInSchema = () => [...new Set(columns.map(({ table }) => table))].sort()
  const hasColumn = (table: string, column: string) => columns.some((found) => found.table === table && found.column === column)

  it("declares each table of the schema once, and no table that is not there", () => {
    const declared = [
      ...tenantTables.map(({ table }) => table),
      ...Object.keys(shared),
      MIGRATION_TABLE,
      `${MIGRATION_TABLE}_lock`
    ]
    expect(new Set(declared).size).toBe(declared.length)
    expect(tablesInSchema()).toEqual([...declared].sort())
    for (const why of Object.values(shared)) expect(why.length).toBeGreaterThan(20)
  })

  it("declares the tables the memory fakes hold, and the job backlog (in memory the queue is not storage)", () => {
    expect(tenantTables.map(({ table }) => table).sort()).toEqual([...BUILT_IN_TENANT_KINDS, "job_backlog"].sort())
  })

  it("names, for each tenant table, a column that is there", () => {
    for (const table of tenantTables) {
      if ("via" in table) {
        expect(hasColumn(table.table, table.via.column), `${table.table}.${table.via.column}`).toBe(true)
        expect(hasColumn(table.via.parent, table.via.parentColumn), `${table.via.parent}.${table.via.parentColumn}`).toBe(true)
        expect(tenantTables.findIndex(({ table: name }) => name === table.via.parent)).toBeGreaterThan(
          tenantTables.indexOf(table)
        )
      } else {
        const column = table.tenantColumn ?? "tenant_id"
        expect(hasColumn(table.table, column), `${table.table}.${column}`).toBe(true)
      }
    }
  })

  it("deletes a table's rows before those of a table they reference", () => {
    const order = tenantTables.map(({ table }) => table)
    for (const { from, to } of references) {
      if (!order.includes(to)) continue
      expect(order.indexOf(from), `${from} references ${to}`).toBeLessThan(order.indexOf(to))
    }
  })
})
