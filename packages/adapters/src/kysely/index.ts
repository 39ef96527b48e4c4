/**
 * Kysely storage shared by every dialect: every module's storage ports, one schema, one set of
 * migrations and one set of queries. The dialects are entries of their own (pglite.ts,
 * postgres.ts), so that loading one does not load the other.
 */
export { listQuery as listCallsQuery } from "./calling/Calls.js"
export { eventTriggeredQuery as eventTriggeredWorkflowsQuery } from "./automations/Workflows.js"
export { KyselyDatabase, type KyselyConnection, isSchemaName } from "./Database.js"
export { DatabaseUnavailable } from "./DatabaseUnavailable.js"
export { databaseHealthCheck } from "./Health.js"
export { MIGRATION_TABLE, MigrationError, type NamedMigration, migrate, migrateLayer } from "./Migrations.js"
export { type MigrationOwner, type PlannedMigration, planMigrations } from "./MigrationPlan.js"
export type { KyselyModuleStorage, MigrationOwnerName, MigrationSequence } from "./ModuleStorage.js"
export { type KyselyStoragePorts, allMigrations, kyselyStorage, layerStorage } from "./Storage.js"
