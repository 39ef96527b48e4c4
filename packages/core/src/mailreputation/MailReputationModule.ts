import { Effect } from "effect"
import { groups } from "../http/Implement.js"
import { defineModule } from "../module/ProductModule.js"
import { REPUTATION_SCOPE } from "./ReputationApi.js"
import { reputationEvents } from "./ReputationEvents.js"
import { reputationAdminHandlers, reputationHandlers } from "./ReputationHandlers.js"
import { ReputationRepository } from "./ReputationRepository.js"
import { ReputationService, layerReputation } from "./ReputationService.js"
import { reputationSettings } from "./ReputationSettings.js"

/**
 * Sending reputation: each tenant's hard bounce and complaint rates over a rolling window, counted
 * as any product's mail is delivered and reported on. Past the platform's thresholds the tenant is
 * warned, then paused alone: its mail is refused until a platform admin resumes it.
 */
export const mailReputation = defineModule({
  name: "mailreputation",
  scopes: [REPUTATION_SCOPE],
  events: reputationEvents,
  settings: reputationSettings,
  groups: groups(reputationHandlers, reputationAdminHandlers),
  services: layerReputation,
  memory: ReputationRepository.layerMemory,
  periodic: [
    {
      name: "mail-reputation.prune",
      every: () => "1 hour",
      run: Effect.flatMap(ReputationService, (reputations) => reputations.prune)
    }
  ]
})
