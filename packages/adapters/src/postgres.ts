/**
 * @servicekit/adapters/postgres — ServiceKit's storage on PostgreSQL (a pg Pool), the job queue
 * in the same database and LISTEN/NOTIFY fan-out. Loads neither PGlite nor ioredis.
 */
import type { Layer } from "effect"
import type { KyselyDatabase } from "./kysely/Database.js"
import type { DatabaseUnavailable } from "./kysely/DatabaseUnavailable.js"
import type { MigrationError } from "./kysely/Migrations.js"
import type { AddedModuleStorage, AddedStoragePorts } from "./kysely/ModuleStorage.js"
import { type PostgresOptions, layerDatabase } from "./kysely/Postgres.js"
import { type KyselyStoragePorts, layerMigrated } from "./kysely/Storage.js"

export type { PostgresOptions } from "./kysely/Postgres.js"
export { databaseHealthCheck, databaseHealthCheckWith } from "./kysely/Health.js"
export { layerPostgresFanOut } from "./fanout/PostgresFanOut.js"
export { type PgBossOptions, layerPgBossJobQueue } from "./jobs/PgBossJobQueue.js"

/**
 * Storage on Postgres at `url` (a pg Pool of `max` connections), migrated to the latest schema;
 * `modules` are the modules a kit adds, whose storage and migrations join the built-in modules'.
 */
export const layerPostgres = <const Added extends ReadonlyArray<AddedModuleStorage> = readonly []>(
  options: PostgresOptions & { readonly modules?: Added | undefined }
): Layer.Layer<KyselyStoragePorts | AddedStoragePorts<Added> | KyselyDatabase, DatabaseUnavailable | MigrationError> =>
  layerMigrated(layerDatabase(options), options.modules ?? ([] as unknown as Added))
