import type {
  ApiKeyRepository,
  IdempotencyStore,
  TenantDeletionRepository,
  TenantRepository,
  UsageLedger
} from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as ApiKeys from "./ApiKeys.js"
import * as Idempotency from "./Idempotency.js"
import * as migration0001 from "./migrations/0001_accounts.js"
import * as migration0007 from "./migrations/0007_idempotency.js"
import * as migration0016 from "./migrations/0016_idempotency_sweep.js"
import * as tenantWeightMigration from "./migrations/accounts/0001_tenant_weight.js"
import * as tenantRunCapMigration from "./migrations/accounts/0002_tenant_run_cap.js"
import * as tenantSuspensionMigration from "./migrations/accounts/0003_tenant_suspension.js"
import * as tenantDeletionsMigration from "./migrations/accounts/0004_tenant_deletions.js"
import * as TenantDeletions from "./TenantDeletions.js"
import * as Tenants from "./Tenants.js"
import * as Usage from "./Usage.js"

/** Tenants, API keys, the usage ledger, idempotency keys and tenant deletions. */
export const accountsStorage: KyselyModuleStorage<
  TenantRepository | ApiKeyRepository | UsageLedger | IdempotencyStore | TenantDeletionRepository
> = {
  dependsOn: [],
  migrations: {
    "0001_accounts": migration0001,
    "0007_idempotency": migration0007,
    "0016_idempotency_sweep": migration0016,
    "accounts/0001_tenant_weight": tenantWeightMigration,
    "accounts/0002_tenant_run_cap": tenantRunCapMigration,
    "accounts/0003_tenant_suspension": tenantSuspensionMigration,
    "accounts/0004_tenant_deletions": tenantDeletionsMigration
  },
  tenantTables: [{ table: "api_keys" }, { table: "usage_entries" }, { table: "idempotency_keys" }],
  sharedTables: {
    tenants: "the tenants themselves: a tenant's own row goes once every table above holds none of its rows",
    tenant_deletions: "the platform's record of each deletion, kept after the tenant is gone"
  },
  layer: Layer.mergeAll(Tenants.layer, ApiKeys.layer, Usage.layer, Idempotency.layer, TenantDeletions.layer)
}
