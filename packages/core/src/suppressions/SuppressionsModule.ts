import { Effect, Layer } from "effect"
import { groups } from "../http/Implement.js"
import { defineModule } from "../module/ProductModule.js"
import { layerSuppressions } from "./RecipientSuppressions.js"
import { suppressionHandlers } from "./SuppressionHandlers.js"
import { SuppressionRepository } from "./SuppressionRepository.js"
import { SuppressionService } from "./SuppressionService.js"
import { SUPPRESSIONS_SCOPE } from "./SuppressionsApi.js"

/**
 * Suppression lists: per tenant and stream, the addresses its mail is not sent to, and why. Bounces
 * and complaints of any product's mail add to them; the tenant reads them and adds or removes its own.
 */
export const suppressions = defineModule({
  name: "suppressions",
  scopes: [SUPPRESSIONS_SCOPE],
  groups: groups(suppressionHandlers),
  services: Layer.merge(SuppressionService.layer, layerSuppressions),
  memory: SuppressionRepository.layerMemory,
  periodic: [
    {
      name: "suppressions.prune-soft-bounces",
      every: () => "1 hour",
      run: Effect.flatMap(SuppressionService, (suppressions) => suppressions.pruneSoftBounces)
    }
  ]
})
