import { Data, Effect, Layer } from "effect"
import { type Migration, Migrator } from "kysely"
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
    // Kysely runs the pending migrations in one transaction on Postgres and PGlite.
    return `${failed} failed: ${reasonOf(this.cause)}. No migration of this start was applied. ${advice}`
  }
}

/** ServiceKit's own migration table, in ServiceKit's schema, so that it never meets an app's `kysely_migration`. */
export const MIGRATION_TABLE = "servicekit_migrations"

/**
 * Brings ServiceKit's schema to the latest version: creates the schema if needed, then applies
 * the migrations in name order. Idempotent; processes starting at once wait for each other on
 * Kysely's advisory lock, so each migration runs exactly once.
 */
export const migrate = (
  database: Pick<KyselyConnection, "db" | "schema">,
  migrations: Readonly<Record<string, Migration>>
): Effect.Effect<void, MigrationError> =>
  Effect.promise(() =>
    new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: database.schema,
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: `${MIGRATION_TABLE}_lock`
    }).migrateToLatest()
  ).pipe(
    Effect.flatMap(({ error, results }) =>
      error === undefined
        ? Effect.void
        : new MigrationError({
            cause: error,
            migration: results?.find((result) => result.status === "Error")?.migrationName
          })
    )
  )

/** Migrates the database of the context on build. */
export const migrateLayer = (
  migrations: Readonly<Record<string, Migration>>
): Layer.Layer<never, MigrationError, KyselyDatabase> =>
  Layer.effectDiscard(Effect.flatMap(KyselyDatabase, (database) => migrate(database, migrations)))
