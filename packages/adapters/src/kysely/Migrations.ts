import { Data, Effect, Layer } from "effect"
import { type Kysely, type Migration, Migrator } from "kysely"
import { KyselyDatabase } from "./Database.js"
import * as platform from "./migrations/0001_platform.js"
import * as calling from "./migrations/0002_calling.js"

/**
 * Applied in name order. Append new files and never edit applied ones; migrations take
 * `Kysely<any>` so that later changes to Database.ts cannot change what they did.
 */
const migrations: Readonly<Record<string, Migration>> = {
  "0001_platform": platform,
  "0002_calling": calling
}

export class MigrationError extends Data.TaggedError("MigrationError")<{
  readonly cause: unknown
  readonly migration: string | undefined
}> {}

/**
 * Brings the schema to the latest version. Idempotent; processes starting at once wait
 * for each other on Kysely's advisory lock, so each migration runs exactly once.
 */
export const migrate = (db: Kysely<any>): Effect.Effect<void, MigrationError> =>
  Effect.promise(() =>
    new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()
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
export const migrateLayer: Layer.Layer<never, MigrationError, KyselyDatabase> = Layer.effectDiscard(
  Effect.flatMap(KyselyDatabase, migrate)
)
