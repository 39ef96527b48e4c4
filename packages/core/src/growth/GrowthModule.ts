import { groups } from "../http/Implement.js"
import { defineModule } from "../module/ProductModule.js"
import { growthConversationHandlers } from "./GrowthConversationHandlers.js"
import { layerMemoryGrowthConversations } from "./GrowthConversationRepositories.js"
import { GrowthConversationService } from "./GrowthConversationService.js"
import { growthSkills } from "./GrowthSkills.js"

/**
 * Growth: the tenant's outbound conversations with its contacts (email threads run from the
 * dashboard), emailed through the platform's email pipeline, which Transactional provides: it
 * comes after Transactional in the list of modules.
 */
export const growth = defineModule({
  name: "growth",
  // Growth campaigns (`marketing.campaign_send`, run by the embedder) are this product.
  products: [{ name: "marketing" }],
  groups: groups(growthConversationHandlers),
  services: GrowthConversationService.layer,
  memory: layerMemoryGrowthConversations,
  skills: growthSkills
})
