import { Effect, Layer } from "effect"
import { defineModule } from "../module/ProductModule.js"
import { ApiKeyRepository } from "../platform/ApiKeys.js"
import { TenantRepository } from "../platform/Tenants.js"
import { UsageLedger } from "../platform/Usage.js"
import { IdempotencyStore, sweepIdempotencyKeys } from "../platform/Idempotency.js"
import { accountsCommands } from "./AccountsCommands.js"
import { groups } from "../http/Implement.js"
import { adminHandlers } from "./AdminHandlers.js"
import { keySchemas } from "./DevelopersApi.js"
import { developersHandlers } from "./DevelopersHandlers.js"
import { PlatformAdmin } from "./PlatformAdmin.js"
import { TenantDeletion, tenantDeletionQueue } from "./TenantDeletion.js"
import { TenantDeletionRepository } from "./TenantDeletions.js"
import { TenantExport } from "./TenantExport.js"

/**
 * Account management: tenants, their entitlements and API keys (the dashboard's Developers
 * routes, the platform admin routes and the CLI), and the storage of the platform's own records,
 * the usage ledger and idempotency keys included; and a tenant's deletion and export.
 */
export const accounts = defineModule({
  name: "accounts",
  // Keys and entitlements name the kit's products.
  groups: (products) => {
    const keys = keySchemas(products)
    return groups(developersHandlers(products, keys), adminHandlers(products, keys))
  },
  services: Layer.merge(PlatformAdmin.layer.pipe(Layer.provideMerge(TenantDeletion.layer)), TenantExport.layer),
  memory: Layer.mergeAll(
    ApiKeyRepository.layerMemory,
    UsageLedger.layerMemory,
    IdempotencyStore.layerMemory,
    TenantDeletionRepository.layerMemory
  ).pipe(Layer.provideMerge(TenantRepository.layerMemory)),
  commands: accountsCommands,
  workers: [
    {
      queue: tenantDeletionQueue,
      concurrency: 2,
      handle: (job) => Effect.flatMap(TenantDeletion, (deletion) => deletion.work(String(job.payload.tenantId)))
    }
  ],
  periodic: [
    { name: "platform.idempotency.sweep", every: () => "1 hour", run: sweepIdempotencyKeys },
    {
      name: "accounts.tenant-deletion.resume",
      every: () => "5 minutes",
      run: Effect.flatMap(TenantDeletion, (deletion) => deletion.resumeUnfinished)
    }
  ]
})
