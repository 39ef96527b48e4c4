import type { ApiKeyRepository, TenantRepository, UsageLedger } from "@servicekit/core"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as ApiKeys from "./ApiKeys.js"
import * as migration0001 from "./migrations/0001_accounts.js"
import * as Tenants from "./Tenants.js"
import * as Usage from "./Usage.js"

/** Tenants, API keys and the usage ledger. */
export const accountsStorage: KyselyModuleStorage<TenantRepository | ApiKeyRepository | UsageLedger> = {
  migrations: { "0001_accounts": migration0001 },
  layer: Layer.mergeAll(Tenants.layer, ApiKeys.layer, Usage.layer)
}
