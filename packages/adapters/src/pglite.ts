/**
 * @servicekit/adapters/pglite — ServiceKit's storage on an embedded PGlite, and the job queue
 * that runs in the same database. Loads neither pg's Pool nor ioredis.
 */
import type { Layer } from "effect"
import type { KyselyDatabase } from "./kysely/Database.js"
import type { DatabaseUnavailable } from "./kysely/DatabaseUnavailable.js"
import type { MigrationError } from "./kysely/Migrations.js"
import type { AddedModuleStorage, AddedStoragePorts } from "./kysely/ModuleStorage.js"
import { type PgliteOptions, layerDatabase } from "./kysely/Pglite.js"
import { migratedTemplate } from "./kysely/PgliteTemplate.js"
import { type KyselyStoragePorts, allMigrations, layerMigrated } from "./kysely/Storage.js"

export type { PgliteOptions } from "./kysely/Pglite.js"
export { databaseHealthCheck, databaseHealthCheckWith } from "./kysely/Health.js"
export { type PgBossOptions, layerPgBossJobQueue } from "./jobs/PgBossJobQueue.js"

/**
 * Storage on PGlite in `dataDir` (in memory when undefined), migrated to the latest schema; a new
 * database starts from `templateDir`'s snapshot when one is given. `modules` are the modules a
 * kit adds, whose storage and migrations join the built-in modules'.
 */
export const layerPglite = <const Added extends ReadonlyArray<AddedModuleStorage> = readonly []>(
  options: PgliteOptions & { readonly modules?: Added | undefined }
): Layer.Layer<KyselyStoragePorts | AddedStoragePorts<Added> | KyselyDatabase, DatabaseUnavailable | MigrationError> => {
  const { templateDir } = options
  const added = options.modules ?? ([] as unknown as Added)
  return layerMigrated(
    layerDatabase(
      options,
      templateDir === undefined
        ? undefined
        : migratedTemplate(templateDir, options.schema ?? "servicekit", allMigrations(added))
    ),
    added
  )
}
