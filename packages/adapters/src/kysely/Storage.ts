import type { ModuleName, Modules, StoragePorts } from "@servicekit/core"
import type { EventOutbox, ScheduleStore, TenantData, UnitOfWork } from "@servicekit/core/internal"
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
import type { AddedModuleStorage, AddedStoragePorts, KyselyModuleStorage, TenantTable } from "./ModuleStorage.js"
import { mailDomainsStorage } from "./maildomains/MailDomains.js"
import { mailReputationStorage } from "./mailreputation/MailReputation.js"
import { retentionStorage } from "./retention/Retention.js"
import { suppressionsStorage } from "./suppressions/Suppressions.js"
import { layerTenantData } from "./TenantData.js"
import { transactionalStorage } from "./transactional/Transactional.js"
import { webhooksStorage } from "./webhooks/Webhooks.js"

/** The storage ports a module's memory fake provides, which its Kysely storage must provide too. */
type StorageOf<Name extends ModuleName> =
  Extract<Modules[number], { readonly name: Name }>["memory"] extends Layer.Layer<infer Ports, any, any> ? Ports : never

/** Every module's Kysely storage, by module name: a module missing here, or storing other ports than its memory fake, does not compile. */
export const kyselyStorage = {
  operations: { dependsOn: [], migrations: {}, tenantTables: [], layer: Layer.empty },
  accounts: accountsStorage,
  retention: retentionStorage,
  calling: callingStorage,
  chat: chatStorage,
  webhooks: webhooksStorage,
  maildomains: mailDomainsStorage,
  suppressions: suppressionsStorage,
  mailreputation: mailReputationStorage,
  transactional: transactionalStorage,
  growth: growthStorage,
  automations: automationsStorage
} satisfies { readonly [Name in ModuleName]: KyselyModuleStorage<StorageOf<Name>> }

export type KyselyStoragePorts = StoragePorts | UnitOfWork | EventOutbox | ScheduleStore | TenantData

/** The built-in modules' storage, then that of the modules a kit adds. */
const modulesStorage = (
  added: ReadonlyArray<AddedModuleStorage>
): ReadonlyArray<readonly [string, KyselyModuleStorage<unknown, string>]> => [
  ...(Object.entries(kyselyStorage) as ReadonlyArray<readonly [string, KyselyModuleStorage<unknown>]>),
  ...added.map(({ name, kysely }) => [name, kysely] as const)
]

/** Every owner of migrations: the platform's job machinery, then every module, the added ones last. */
export const migrationOwnersWith = (added: ReadonlyArray<AddedModuleStorage>): ReadonlyArray<MigrationOwner> => [
  { name: "jobs", ...jobsMigrations },
  ...modulesStorage(added).map(([name, { dependsOn, migrations }]) => ({ name, dependsOn, migrations }))
]

/** The owners of the built-in modules' migrations. */
export const migrationOwners: ReadonlyArray<MigrationOwner> = migrationOwnersWith([])

/**
 * Every migration in the order it runs (MigrationPlan.ts), the added modules' included. A
 * dependency on no module, a cycle, a name outside its module's sequence or one name claimed by
 * two modules stops the start, naming them.
 */
export const allMigrations = (added: ReadonlyArray<AddedModuleStorage> = []): ReadonlyArray<PlannedMigration> =>
  planMigrations(migrationOwnersWith(added))

/**
 * Every table holding tenants' rows, in the order a tenant's are deleted: the job machinery's
 * first (nothing of the tenant is queued or dispatched while the rest goes), then the modules',
 * the later modules' first, as they may reference the earlier ones'.
 */
export const tenantTablesWith = (added: ReadonlyArray<AddedModuleStorage>): ReadonlyArray<TenantTable> => [
  ...jobsMigrations.tenantTables,
  ...[...modulesStorage(added)].reverse().flatMap(([, storage]) => storage.tenantTables)
]

/** Tables that hold no tenant's rows, each with why, by name: the job machinery's and the modules'. */
export const sharedTablesWith = (added: ReadonlyArray<AddedModuleStorage>): Readonly<Record<string, string>> =>
  Object.assign({}, jobsMigrations.sharedTables, ...modulesStorage(added).map(([, storage]) => storage.sharedTables ?? {}))

/** Every module's storage ports and units of work over the (already migrated) database of the context. */
export const layerStorageWith = <const Added extends ReadonlyArray<AddedModuleStorage>>(
  added: Added
): Layer.Layer<KyselyStoragePorts | AddedStoragePorts<Added>, never, KyselyDatabase> =>
  Layer.mergeAll(
    layerUnitOfWork,
    layerJobsStorage,
    layerTenantData(tenantTablesWith(added)),
    ...modulesStorage(added).map(([, storage]) => storage.layer as Layer.Layer<KyselyStoragePorts, never, KyselyDatabase>)
  )

/** The built-in modules' storage ports over the database of the context (see `layerStorageWith`). */
export const layerStorage: Layer.Layer<KyselyStoragePorts, never, KyselyDatabase> = layerStorageWith([])

/**
 * Migrates `database` on build, the migrations of the modules in `added` included, then offers
 * the storage ports (theirs too) and the database itself.
 */
export const layerMigrated = <E, const Added extends ReadonlyArray<AddedModuleStorage> = readonly []>(
  database: Layer.Layer<KyselyDatabase, E>,
  added: Added = [] as unknown as Added
): Layer.Layer<KyselyStoragePorts | AddedStoragePorts<Added> | KyselyDatabase, E | MigrationError> =>
  Layer.provideMerge(
    Layer.merge(
      layerStorageWith(added),
      Layer.suspend(() => migrateLayer(allMigrations(added)))
    ),
    database
  )
