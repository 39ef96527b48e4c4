/**
 * @servicekit/adapters/postgres — ServiceKit's storage on PostgreSQL (a pg Pool), the job queue
 * in the same database and LISTEN/NOTIFY fan-out. Loads neither PGlite nor ioredis.
 */
import type { Layer } from "effect"
import type { KyselyDatabase } from "./kysely/Database.js"
import type { DatabaseUnavailable } from "./kysely/DatabaseUnavailable.js"
import type { MigrationError } from "./kysely/Migrations.js"
import { type PostgresOptions, layerDatabase } from "./kysely/Postgres.js"
import { type KyselyStoragePorts, layerMigrated } from "./kysely/Storage.js"

export type { PostgresOptions } from "./kysely/Postgres.js"
export { databaseHealthCheck } from "./kysely/Health.js"
export { layerPostgresFanOut } from "./fanout/PostgresFanOut.js"
export { type PgBossOptions, layerPgBossJobQueue } from "./jobs/PgBossJobQueue.js"

/** Storage on Postgres at `url` (a pg Pool of `max` connections), migrated to the latest schema. */
export const layerPostgres = (
  options: PostgresOptions
): Layer.Layer<KyselyStoragePorts | KyselyDatabase, DatabaseUnavailable | MigrationError> =>
  layerMigrated(layerDatabase(options))
