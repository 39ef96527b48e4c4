import { Layer } from "effect"
import { groups } from "../http/Implement.js"
import { defineModule } from "../module/ProductModule.js"
import { automationsHandlers } from "./AutomationsHandlers.js"
import { FlowRepository, WorkflowRepository } from "./AutomationsRepositories.js"
import { WorkflowService } from "./WorkflowService.js"

/**
 * Automations: workflows with their triggers and steps, validated against the skill registry
 * and the tenant's entitlements, and their flows' revisions, over API keys with
 * automations:manage.
 */
export const automations = defineModule({
  name: "automations",
  groups: groups(automationsHandlers),
  services: WorkflowService.layer,
  memory: Layer.merge(WorkflowRepository.layerMemory, FlowRepository.layerMemory),
  development: {
    product: "automations",
    scopes: ["automations:manage"],
    tryIt: (baseUrl, key) => `curl -H "Authorization: Bearer ${key}" ${baseUrl}/v1/automations/workflows`
  }
})
