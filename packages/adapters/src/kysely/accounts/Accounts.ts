import type { ApiKeyRepository, IdempotencyStore, TenantRepository, UsageLedger } from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as ApiKeys from "./ApiKeys.js"
import * as Idempotency from "./Idempotency.js"
import * as migration0001 from "./migrations/0001_accounts.js"
import * as migration0007 from "./migrations/0007_idempotency.js"
import * as migration0016 from "./migrations/0016_idempotency_sweep.js"
import * as tenantWeightMigration from "./migrations/accounts/0001_tenant_weight.js"
import * as tenantRunCapMigration from "./migrations/accounts/0002_tenant_run_cap.js"
import * as Tenants from "./Tenants.js"
import * as Usage from "./Usage.js"

/** Tenants, API keys, the usage ledger and idempotency keys. */
export const accountsStorage: KyselyModuleStorage<
  TenantRepository | ApiKeyRepository | UsageLedger | IdempotencyStore
> = {
  dependsOn: [],
  migrations: {
    "0001_accounts": migration0001,
    "0007_idempotency": migration0007,
    "0016_idempotency_sweep": migration0016,
    "accounts/0001_tenant_weight": tenantWeightMigration,
    "accounts/0002_tenant_run_cap": tenantRunCapMigration
  },
  layer: Layer.mergeAll(Tenants.layer, ApiKeys.layer, Usage.layer, Idempotency.layer)
}
