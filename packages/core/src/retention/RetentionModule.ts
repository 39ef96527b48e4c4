import { Effect } from "effect"
import { groups } from "../http/Implement.js"
import { defineModule } from "../module/ProductModule.js"
import { RETENTION_SCOPE } from "./RetentionApi.js"
import { retentionAdminHandlers, retentionHandlers } from "./RetentionHandlers.js"
import { RetentionService } from "./RetentionService.js"
import { retentionSettings } from "./RetentionSettings.js"
import { TenantPeriodRepository } from "./TenantPeriods.js"

/**
 * Retention: how long each kind of data the modules declare (their `retention`) is kept, by the
 * platform (SERVICEKIT_RETENTION_DAYS) and by each tenant within it, and the hourly sweep that
 * prunes what is older. It knows no product.
 */
export const retention = defineModule({
  name: "retention",
  scopes: [RETENTION_SCOPE],
  settings: retentionSettings,
  groups: groups(retentionHandlers, retentionAdminHandlers),
  services: RetentionService.layer,
  memory: TenantPeriodRepository.layerMemory,
  periodic: [
    {
      name: "retention.sweep",
      every: () => "1 hour",
      run: Effect.flatMap(RetentionService, (retention) => retention.sweep)
    }
  ]
})
