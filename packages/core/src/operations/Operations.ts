import { Layer } from "effect"
import { defineModule } from "../module/ProductModule.js"
import { operationsHandlers } from "./OperationsHandlers.js"

/** Health probes: liveness, and readiness over the dependencies the host declares (HealthChecks). */
export const operations = defineModule({
  name: "operations",
  groups: [operationsHandlers],
  services: Layer.empty,
  memory: Layer.empty
})
