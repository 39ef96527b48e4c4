/**
 * Kysely storage shared by every dialect: every module's storage ports, one schema, one set of
 * migrations and one set of queries. The dialects are entries of their own (pglite.ts,
 * postgres.ts), so that loading one does not load the other.
 */
export { listQuery as listCallsQuery } from "./calling/Calls.js"
export { eventTriggeredQuery as eventTriggeredWorkflowsQuery } from "./automations/Workflows.js"
export { KyselyDatabase, type KyselyConnection, isSchemaName } from "./Database.js"
// What a module's repositories are written with: queries on the unit of work's connection, tenant-keyed pages.
export { findOne, query, write } from "./Connection.js"
export { type TenantTable, findInTenant, pageInTenant } from "./Keyset.js"
export { DatabaseUnavailable } from "./DatabaseUnavailable.js"
export { databaseHealthCheck, databaseHealthCheckWith } from "./Health.js"
export { MIGRATION_TABLE, MigrationError, type NamedMigration, migrate, migrateLayer } from "./Migrations.js"
export { type MigrationOwner, type PlannedMigration, planMigrations } from "./MigrationPlan.js"
export type {
  AddedModuleStorage,
  AddedStoragePorts,
  KyselyModuleStorage,
  MigrationOwnerName,
  MigrationSequence
} from "./ModuleStorage.js"
export {
  type KyselyStoragePorts,
  allMigrations,
  kyselyStorage,
  layerMigrated,
  layerStorage,
  layerStorageWith
} from "./Storage.js"
