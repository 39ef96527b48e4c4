/**
 * Kysely storage: the storage ports on Postgres (pg Pool) or embedded PGlite, sharing one
 * schema, one set of migrations and one set of queries.
 */
import type { StoragePorts } from "@servicekit/core"
import type { Cause, Layer } from "effect"
import type { KyselyDatabase } from "./Database.js"
import type { MigrationError } from "./Migrations.js"
import * as Pglite from "./Pglite.js"
import * as Postgres from "./Postgres.js"
import { layerMigrated } from "./Storage.js"

export { listQuery as listCallsQuery } from "./Calls.js"
export { type Database, KyselyDatabase, SqlRows } from "./Database.js"
export { MigrationError, migrate, migrateLayer } from "./Migrations.js"
export type { PgliteOptions } from "./Pglite.js"
export type { PostgresOptions } from "./Postgres.js"
export { layerStorage } from "./Storage.js"

/** Storage on PGlite in `dataDir` (in memory when undefined), migrated to the latest schema. */
export const layerPglite = (
  options: Pglite.PgliteOptions
): Layer.Layer<StoragePorts | KyselyDatabase, Cause.UnknownException | MigrationError> =>
  layerMigrated(Pglite.layerDatabase(options))

/** Storage on Postgres at `url` (a pg Pool of `max` connections), migrated to the latest schema. */
export const layerPostgres = (
  options: Postgres.PostgresOptions
): Layer.Layer<StoragePorts | KyselyDatabase, MigrationError> => layerMigrated(Postgres.layerDatabase(options))
