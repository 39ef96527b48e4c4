import { Data, Effect, Layer } from "effect"
import { type Kysely, type Migration, type MigrationLockOptions, type RawBuilder, sql } from "kysely"
import { KyselyDatabase, type KyselyConnection } from "./Database.js"
import { reasonOf } from "./DatabaseUnavailable.js"

/** Migrating failed; the message says which migration, why, and what to do. */
export class MigrationError extends Data.TaggedError("MigrationError")<{
  readonly cause: unknown
  readonly migration: string | undefined
}> {
  override get message() {
    const failed = this.migration === undefined ? "Migrating the database" : `Migration ${this.migration}`
    const code = (this.cause as { readonly code?: unknown } | undefined)?.code
    const advice =
      code === "42501"
        ? "The database user may not create ServiceKit's schema and tables: grant it CREATE on the database, or create the schema (SERVICEKIT_DB_SCHEMA, default servicekit) owned by that user."
        : "Fix the cause and start again."
    // The pending migrations run in one transaction on Postgres and PGlite.
    return `${failed} failed: ${reasonOf(this.cause)}. No migration of this start was applied. ${advice}`
  }
}

/** ServiceKit's own migration table, in ServiceKit's schema, so that it never meets an app's `kysely_migration`. */
export const MIGRATION_TABLE = "servicekit_migrations"
const LOCK_TABLE = `${MIGRATION_TABLE}_lock`
/** The lock table's one row, as Kysely's Migrator wrote it in databases it migrated. */
const LOCK_ROW = "migration_lock"

/** A migration and the name it is recorded under once applied. */
export interface NamedMigration {
  readonly name: string
  readonly migration: Migration
}

/**
 * Creates what `create` makes unless `exists` finds it. Looking first spares a user who may not
 * create objects but owns them already; a process creating it at the same moment makes `create`
 * fail, which is fine once it exists.
 */
const ensure = async (exists: () => Promise<boolean>, create: () => Promise<unknown>) => {
  if (await exists()) return
  try {
    await create()
  } catch (error) {
    if (!(await exists())) throw error
  }
}

/** The schema, the migration table and the lock table, shaped as Kysely's Migrator made them before. */
const ensureTables = async (db: Kysely<any>, schema: string) => {
  const found = async (query: RawBuilder<unknown>) => (await query.execute(db)).rows.length > 0
  const hasTable = (table: string) =>
    found(sql`select 1 from pg_tables where schemaname = ${schema} and tablename = ${table}`)
  await ensure(
    () => found(sql`select 1 from pg_namespace where nspname = ${schema}`),
    () => sql`create schema if not exists ${sql.id(schema)}`.execute(db)
  )
  await ensure(
    () => hasTable(MIGRATION_TABLE),
    () =>
      sql`create table if not exists ${sql.id(schema, MIGRATION_TABLE)}
        (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(db)
  )
  await ensure(
    () => hasTable(LOCK_TABLE),
    () =>
      sql`create table if not exists ${sql.id(schema, LOCK_TABLE)}
        (id varchar(255) not null primary key, is_locked integer not null default 0)`.execute(db)
  )
  await ensure(
    () => found(sql`select 1 from ${sql.id(schema, LOCK_TABLE)} where id = ${LOCK_ROW}`),
    () => sql`insert into ${sql.id(schema, LOCK_TABLE)} (id, is_locked) values (${LOCK_ROW}, 0)`.execute(db)
  )
}

/**
 * Applies `migrations` not applied yet, in the given order, in one transaction. Kysely's Migrator
 * cannot run them in this order: it always sorts the pending migrations by name. This keeps its
 * table, its lock and its rule that the database may not hold a migration this code does not know.
 * `running` names the migration under way, for the error when one fails.
 */
const applyPending = async (
  database: Pick<KyselyConnection, "db" | "schema">,
  migrations: ReadonlyArray<NamedMigration>,
  running: { name: string | undefined }
) => {
  const { db, schema } = database
  await ensureTables(db, schema)
  const adapter = db.getExecutor().adapter
  const lock: MigrationLockOptions = { lockTable: LOCK_TABLE, lockRowId: LOCK_ROW, lockTableSchema: schema }
  await db.connection().execute(async (connection) => {
    // Processes starting at once wait here for each other, so each migration runs exactly once.
    await adapter.acquireMigrationLock(connection, lock)
    try {
      await connection.transaction().execute(async (trx) => {
        const table = sql.id(schema, MIGRATION_TABLE)
        const rows = (await sql<{ name: string }>`select name from ${table}`.execute(trx)).rows
        const applied = new Set(rows.map((row) => row.name))
        const known = new Set(migrations.map((migration) => migration.name))
        const unknown = [...applied].filter((name) => !known.has(name)).sort()
        if (unknown.length > 0) {
          throw new Error(
            `the database holds migration(s) ${unknown.join(", ")}, which this version does not know: a newer version migrated it`
          )
        }
        for (const { name, migration } of migrations) {
          if (applied.has(name)) continue
          running.name = name
          await migration.up(trx)
          await sql`insert into ${table} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(trx)
        }
        running.name = undefined
      })
    } finally {
      await adapter.releaseMigrationLock(connection, lock)
    }
  })
}

/**
 * Brings ServiceKit's schema to the latest version: creates the schema if needed, then applies the
 * migrations not applied yet in the order given (MigrationPlan.ts orders them). Idempotent.
 */
export const migrate = (
  database: Pick<KyselyConnection, "db" | "schema">,
  migrations: ReadonlyArray<NamedMigration>
): Effect.Effect<void, MigrationError> => {
  const running: { name: string | undefined } = { name: undefined }
  return Effect.tryPromise({
    try: () => applyPending(database, migrations, running),
    catch: (cause) => new MigrationError({ cause, migration: running.name })
  })
}

/** Migrates the database of the context on build. */
export const migrateLayer = (
  migrations: ReadonlyArray<NamedMigration>
): Layer.Layer<never, MigrationError, KyselyDatabase> =>
  Layer.effectDiscard(Effect.flatMap(KyselyDatabase, (database) => migrate(database, migrations)))
