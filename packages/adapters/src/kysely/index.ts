/**
 * Kysely storage: every module's storage ports on Postgres (pg Pool) or embedded PGlite,
 * sharing one schema, one set of migrations and one set of queries.
 */
import type { Layer } from "effect"
import type { KyselyDatabase } from "./Database.js"
import type { DatabaseUnavailable } from "./DatabaseUnavailable.js"
import type { MigrationError } from "./Migrations.js"
import * as Pglite from "./Pglite.js"
import * as Postgres from "./Postgres.js"
import { type KyselyStoragePorts, layerMigrated } from "./Storage.js"

export { listQuery as listCallsQuery } from "./calling/Calls.js"
export { KyselyDatabase, type KyselyConnection, isSchemaName } from "./Database.js"
export { DatabaseUnavailable } from "./DatabaseUnavailable.js"
export { databaseHealthCheck } from "./Health.js"
export { MIGRATION_TABLE, MigrationError, migrate, migrateLayer } from "./Migrations.js"
export type { KyselyModuleStorage } from "./ModuleStorage.js"
export type { PgliteOptions } from "./Pglite.js"
export type { PostgresOptions } from "./Postgres.js"
export { type KyselyStoragePorts, allMigrations, kyselyStorage, layerStorage } from "./Storage.js"

/** Storage on PGlite in `dataDir` (in memory when undefined), migrated to the latest schema. */
export const layerPglite = (
  options: Pglite.PgliteOptions
): Layer.Layer<KyselyStoragePorts | KyselyDatabase, DatabaseUnavailable | MigrationError> =>
  layerMigrated(Pglite.layerDatabase(options))

/** Storage on Postgres at `url` (a pg Pool of `max` connections), migrated to the latest schema. */
export const layerPostgres = (
  options: Postgres.PostgresOptions
): Layer.Layer<KyselyStoragePorts | KyselyDatabase, DatabaseUnavailable | MigrationError> =>
  layerMigrated(Postgres.layerDatabase(options))
