import { TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { Kysely, type Migration, Migrator, PostgresDialect, sql } from "kysely"
import pg from "pg"
import { describe, expect, it } from "vitest"
import { MIGRATION_TABLE } from "../src/kysely/Migrations.js"
import { sharedTablesWith, tenantTablesWith } from "../src/kysely/Storage.js"
import { layerPostgres } from "../src/postgres.js"
import { temporaryDatabase } from "./temporaryPostgres.js"

/** An app's own Kysely migrations, with a `tenants` table of its own in `public`. */
const appMigrations: Record<string, Migration> = {
  "2024_01_customers": {
    up: async (db) => {
      await db.schema
        .createTable("tenants")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("company", "text", (c) => c.notNull())
        .execute()
    }
  }
}

const migrateApp = (db: Kysely<any>) =>
  new Migrator({ db, provider: { getMigrations: async () => appMigrations } }).migrateToLatest()

describe("ServiceKit inside an app's own Postgres database", () => {
  it.each([["servicekit"], ["acme_kit"]])("keeps its tables and migrations in schema %s, next to the app's", (schema) =>
    Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const url = yield* temporaryDatabase
          const pool = new pg.Pool({ connectionString: url })
          // Dropping the database ends any connection still closing; that must not surface as an error.
          pool.on("error", () => {}).on("connect", (client) => client.on("error", () => {}))
          const app = new Kysely<any>({ dialect: new PostgresDialect({ pool }) })
          yield* Effect.addFinalizer(() => Effect.promise(() => app.destroy()))

          expect((yield* Effect.promise(() => migrateApp(app))).error).toBeUndefined()
          yield* Effect.promise(() => app.insertInto("tenants").values({ company: "Globex" }).execute())

          const tenant = {
            id: globalThis.crypto.randomUUID(),
            name: "Kit tenant",
            entitlements: ["voice" as const],
            weight: 1,
            maxRunningRuns: null,
            suspension: null,
            createdAt: new Date("2026-11-01T00:00:00.000Z")
          }
          const found = yield* Effect.gen(function* () {
            const tenants = yield* TenantRepository
            yield* tenants.insert(tenant)
            return yield* tenants.findById(tenant.id)
          }).pipe(Effect.provide(layerPostgres({ url, schema })))
          expect(found).toEqual(Option.some(tenant))

          // The app's table and migration history are untouched, and its migrator still has nothing to do.
          expect(yield* Effect.promise(() => app.selectFrom("tenants").selectAll().execute())).toEqual([
            { id: 1, company: "Globex" }
          ])
          const appHistory = yield* Effect.promise(() =>
            sql<{ name: string }>`select name from public.kysely_migration`.execute(app)
          )
          expect(appHistory.rows.map((row) => row.name)).toEqual(["2024_01_customers"])
          const again = yield* Effect.promise(() => migrateApp(app))
          expect(again.error).toBeUndefined()
          expect(again.results).toEqual([])

          // ServiceKit's tables and its own migration table live in its schema only.
          const tables = yield* Effect.promise(() =>
            sql<{ table_schema: string; table_name: string }>`
              select table_schema, table_name from information_schema.tables
              where table_schema in ('public', ${schema}) order by table_schema, table_name`.execute(app)
          )
          expect(tables.rows.filter((row) => row.table_schema === "public").map((row) => row.table_name)).toEqual([
            "kysely_migration",
            "kysely_migration_lock",
            "tenants"
          ])
          // Every table ServiceKit declares (see tenant-tables.pglite.test.ts), in its own schema.
          expect(tables.rows.filter((row) => row.table_schema === schema).map((row) => row.table_name)).toEqual(
            [
              ...tenantTablesWith([]).map(({ table }) => table),
              ...Object.keys(sharedTablesWith([])),
              MIGRATION_TABLE,
              `${MIGRATION_TABLE}_lock`
            ].sort()
          )
        })
      )
    )
  )
})
