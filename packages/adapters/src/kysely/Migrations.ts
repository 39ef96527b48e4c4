import { Data, Effect, Layer } from "effect"
import { type Migration, Migrator } from "kysely"
import { KyselyDatabase, type KyselyConnection } from "./Database.js"

export class MigrationError extends Data.TaggedError("MigrationError")<{
  readonly cause: unknown
  readonly migration: string | undefined
}> {
  override get message() {
    const reason = this.cause instanceof Error ? this.cause.message : String(this.cause)
    return this.migration === undefined
      ? `Migrating the database failed: ${reason}`
      : `Migration ${this.migration} failed: ${reason}`
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
  database: KyselyConnection,
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
