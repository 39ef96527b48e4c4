import type { StoragePorts } from "@servicekit/core"
import { Layer } from "effect"
import * as ApiKeys from "./ApiKeys.js"
import * as Calls from "./Calls.js"
import type { KyselyDatabase, SqlRows } from "./Database.js"
import { type MigrationError, migrateLayer } from "./Migrations.js"
import * as Tenants from "./Tenants.js"
import * as Usage from "./Usage.js"

/** The storage ports over the (already migrated) database of the context. */
export const layerStorage: Layer.Layer<StoragePorts, never, KyselyDatabase | SqlRows> = Layer.mergeAll(
  Tenants.layer,
  ApiKeys.layer,
  Usage.layer,
  Calls.layer
)

/** Migrates `database` on build, then offers the storage ports and the database itself. */
export const layerMigrated = <E>(
  database: Layer.Layer<KyselyDatabase | SqlRows, E>
): Layer.Layer<StoragePorts | KyselyDatabase, E | MigrationError> =>
  Layer.provideMerge(Layer.merge(layerStorage, migrateLayer), database)
