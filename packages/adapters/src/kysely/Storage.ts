import type { ModuleName, Modules, StoragePorts } from "@servicekit/core"
import type { EventOutbox, ScheduleStore, UnitOfWork } from "@servicekit/core/internal"
import { Layer } from "effect"
import { accountsStorage } from "./accounts/Accounts.js"
import { automationsStorage } from "./automations/Automations.js"
import { callingStorage } from "./calling/Calling.js"
import { chatStorage } from "./chat/Chat.js"
import { growthStorage } from "./growth/Growth.js"
import { layerUnitOfWork } from "./Connection.js"
import { jobsMigrations, layerJobsStorage } from "./jobs/Jobs.js"
import type { KyselyDatabase } from "./Database.js"
import { type MigrationError, migrateLayer } from "./Migrations.js"
import { type MigrationOwner, type PlannedMigration, planMigrations } from "./MigrationPlan.js"
import type { KyselyModuleStorage } from "./ModuleStorage.js"
import { transactionalStorage } from "./transactional/Transactional.js"

/** The storage ports a module's memory fake provides, which its Kysely storage must provide too. */
type StorageOf<Name extends ModuleName> =
  Extract<Modules[number], { readonly name: Name }>["memory"] extends Layer.Layer<infer Ports, any, any> ? Ports : never

/** Every module's Kysely storage, by module name: a module missing here, or storing other ports than its memory fake, does not compile. */
export const kyselyStorage = {
  operations: { dependsOn: [], migrations: {}, layer: Layer.empty },
  accounts: accountsStorage,
  calling: callingStorage,
  chat: chatStorage,
  transactional: transactionalStorage,
  growth: growthStorage,
  automations: automationsStorage
} satisfies { readonly [Name in ModuleName]: KyselyModuleStorage<StorageOf<Name>> }

export type KyselyStoragePorts = StoragePorts | UnitOfWork | EventOutbox | ScheduleStore

const modulesStorage = Object.entries(kyselyStorage) as ReadonlyArray<
  readonly [string, KyselyModuleStorage<StoragePorts>]
>

/** Every owner of migrations: the platform's job machinery, then every module. */
export const migrationOwners: ReadonlyArray<MigrationOwner> = [
  { name: "jobs", ...jobsMigrations },
  ...modulesStorage.map(([name, { dependsOn, migrations }]) => ({ name, dependsOn, migrations }))
]

/**
 * Every migration in the order it runs (MigrationPlan.ts). A dependency on no module, a cycle, a
 * name outside its module's sequence or one name claimed by two modules stops the start, naming them.
 */
export const allMigrations = (): ReadonlyArray<PlannedMigration> => planMigrations(migrationOwners)

/** Every module's storage ports and units of work over the (already migrated) database of the context. */
export const layerStorage: Layer.Layer<KyselyStoragePorts, never, KyselyDatabase> = Layer.mergeAll(
  layerUnitOfWork,
  layerJobsStorage,
  ...modulesStorage.map(([, storage]) => storage.layer as Layer.Layer<KyselyStoragePorts, never, KyselyDatabase>)
)

/** Migrates `database` on build, then offers the storage ports and the database itself. */
export const layerMigrated = <E>(
  database: Layer.Layer<KyselyDatabase, E>
): Layer.Layer<KyselyStoragePorts | KyselyDatabase, E | MigrationError> =>
  Layer.provideMerge(
    Layer.merge(
      layerStorage,
      Layer.suspend(() => migrateLayer(allMigrations()))
    ),
    database
  )
