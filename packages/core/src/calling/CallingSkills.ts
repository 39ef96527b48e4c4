import { Effect } from "effect"
import type { Skill } from "../module/Skill.js"
import { builtInSkill } from "../module/SkillInputs.js"
import { CallingService } from "./CallingService.js"

/** Business Calling's skill for automation steps: the usage `GET /v1/voice/usage` answers, read only. */
export const callingSkills: ReadonlyArray<Skill<CallingService>> = [
  builtInSkill({
    id: "voice.usage_read",
    requires: ["voice"],
    input: {},
    description: "Reads Business Calling usage.",
    sideEffects: false,
    run: (call) =>
      Effect.map(
        Effect.flatMap(CallingService, (calling) => calling.usage(call.tenantId)),
        (usage) => ({ output: { ...usage }, outputText: JSON.stringify(usage) })
      )
  })
]
