import type { Skill } from "../module/Skill.js"
import { Text, builtInSkill } from "../module/SkillInputs.js"

/**
 * Marketing's skill for automation steps. The platform defines it but does not run it: an
 * embedder implements it (ServiceKit's `skills` option) over its own campaign tool.
 */
export const growthSkills: ReadonlyArray<Skill> = [
  builtInSkill({
    id: "marketing.campaign_send",
    requires: ["marketing", "business_email"],
    input: { campaignId: Text(200) },
    description: "Sends a marketing campaign."
  })
]
