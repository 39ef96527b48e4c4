import { Cause, Effect, Exit } from "effect"
import { type Kysely, type Migration, Migrator, sql } from "kysely"
import { describe, expect, it } from "vitest"
import { MIGRATION_TABLE, migrate } from "../src/kysely/Migrations.js"
import { type MigrationOwner, planMigrations } from "../src/kysely/MigrationPlan.js"
import { allMigrations, migrationOwners } from "../src/kysely/Storage.js"

type Up = (db: Kysely<any>) => Promise<unknown>

/** Migrations that write down the order they ran in. */
const recorder = () => {
  const ran: Array<string> = []
  const step = (name: string, up: Up = async () => {}): Migration => ({
    up: async (db) => {
      ran.push(name)
      await up(db)
    }
  })
  return { ran, step }
}

const createTenants: Up = (db) =>
  db.schema.createTable("tenants").addColumn("id", "integer", (c) => c.primaryKey()).execute()
const createRooms: Up = (db) =>
  db.schema
    .createTable("rooms")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenants.id"))
    .execute()

let schemas = 0

/**
 * Each module's own migration sequence, run by `migrate` on the database `connect` answers (Kysely
 * not bound to a schema): every test migrates a schema of its own.
 */
export const moduleMigrationsSuite = (label: string, connect: () => Kysely<any>) =>
  describe(`each module's own migration sequence, ${label}`, () => {
    const freshSchema = () => {
      const schema = `module_migrations_${process.pid}_${++schemas}`
      return { db: connect().withSchema(schema), schema }
    }
    const applied = async (database: { db: Kysely<any>; schema: string }) =>
      (
        await sql<{ name: string }>`select name from ${sql.id(database.schema, MIGRATION_TABLE)} order by name`.execute(
          database.db
        )
      ).rows.map((row) => row.name)

    it("runs the shared names first in their order, then each module after the modules it depends on", async () => {
      const database = freshSchema()
      const { ran, step } = recorder()
      // Declared with every dependency after its dependent, and each module's sequence out of order.
      const owners: ReadonlyArray<MigrationOwner> = [
        {
          name: "growth",
          dependsOn: ["chat"],
          migrations: {
            "growth/0001_threads": step("growth/0001_threads", (db) =>
              db.schema
                .createTable("threads")
                .addColumn("room_id", "integer", (c) => c.references("rooms.id"))
                .execute()
            )
          }
        },
        {
          name: "chat",
          dependsOn: ["accounts"],
          migrations: {
            "chat/0002_topics": step("chat/0002_topics", (db) =>
              db.schema.alterTable("rooms").addColumn("topic", "text").execute()
            ),
            "chat/0001_rooms": step("chat/0001_rooms", createRooms),
            "0010_chat": step("0010_chat")
          }
        },
        {
          name: "accounts",
          dependsOn: [],
          migrations: {
            "accounts/0001_tenants": step("accounts/0001_tenants", createTenants),
            "0016_idempotency_sweep": step("0016_idempotency_sweep"),
            "0001_accounts": step("0001_accounts")
          }
        }
      ]
      await Effect.runPromise(migrate(database, planMigrations(owners)))
      expect(ran).toEqual([
        "0001_accounts",
        "0010_chat",
        "0016_idempotency_sweep",
        "accounts/0001_tenants",
        "chat/0001_rooms",
        "chat/0002_topics",
        "growth/0001_threads"
      ])
      expect(await applied(database)).toEqual([...ran].sort())
    })

    it("upgrades a database migrated by the shared list without running any of it again", async () => {
      const database = freshSchema()
      // How every earlier version migrated: Kysely's Migrator over every migration, in name order.
      const legacy = Object.fromEntries(allMigrations().map(({ name, migration }) => [name, migration]))
      const earlier = await new Migrator({
        db: database.db,
        provider: { getMigrations: async () => legacy },
        migrationTableSchema: database.schema,
        migrationTableName: MIGRATION_TABLE,
        migrationLockTableName: `${MIGRATION_TABLE}_lock`
      }).migrateToLatest()
      expect(earlier.error).toBeUndefined()

      const { ran, step } = recorder()
      // The calling module's next migration in its own sequence.
      const callingOwn = Object.keys(migrationOwners.find((owner) => owner.name === "calling")!.migrations)
      const probe = `calling/${String(callingOwn.filter((name) => name.startsWith("calling/")).length + 1).padStart(4, "0")}_probe`
      const counted = migrationOwners.map((owner) => ({
        ...owner,
        migrations: {
          ...Object.fromEntries(
            Object.entries(owner.migrations).map(([name, migration]) => [name, step(name, migration.up)])
          ),
          ...(owner.name === "calling" ? { [probe]: step(probe, (db) => db.schema.createTable("probe").execute()) } : {})
        }
      }))
      await Effect.runPromise(migrate(database, planMigrations(counted)))
      expect(ran).toEqual([probe])
      expect(await applied(database)).toEqual([...Object.keys(legacy), probe].sort())
      await Effect.runPromise(migrate(database, planMigrations(counted)))
      expect(ran).toEqual([probe])
    })

    it("applies a module's new migration added after a later module's migrations ran", async () => {
      const database = freshSchema()
      const { ran, step } = recorder()
      const chat: MigrationOwner = {
        name: "chat",
        dependsOn: ["accounts"],
        migrations: { "chat/0001_rooms": step("chat/0001_rooms", createRooms) }
      }
      const first: MigrationOwner = {
        name: "accounts",
        dependsOn: [],
        migrations: { "accounts/0001_tenants": step("accounts/0001_tenants", createTenants) }
      }
      await Effect.runPromise(migrate(database, planMigrations([first, chat])))

      const second: MigrationOwner = {
        ...first,
        migrations: {
          ...first.migrations,
          "accounts/0002_plans": step("accounts/0002_plans", (db) =>
            db.schema.alterTable("tenants").addColumn("plan", "text").execute()
          )
        }
      }
      await Effect.runPromise(migrate(database, planMigrations([second, chat])))
      expect(ran).toEqual(["accounts/0001_tenants", "chat/0001_rooms", "accounts/0002_plans"])
      expect(await applied(database)).toEqual(["accounts/0001_tenants", "accounts/0002_plans", "chat/0001_rooms"])

      // The version before it refuses the database rather than run beside a migration it does not know.
      const older = await Effect.runPromiseExit(migrate(database, planMigrations([first, chat])))
      expect(Exit.isFailure(older) && Cause.pretty(older.cause)).toMatch(
        /holds migration\(s\) accounts\/0002_plans, which this version does not know: a newer version migrated it/
      )
      expect(ran).toHaveLength(3)
    })
  })
