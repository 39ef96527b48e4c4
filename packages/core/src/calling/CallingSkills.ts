import { Effect } from "effect"
import type { SkillRunner } from "../module/SkillRunner.js"
import { CallingService } from "./CallingService.js"

/** Business Calling's skill for automation steps: the usage `GET /v1/voice/usage` answers, read only. */
export const callingSkills: ReadonlyArray<SkillRunner> = [
  {
    id: "voice.usage_read",
    run: (call) =>
      Effect.map(
        Effect.flatMap(CallingService, (calling) => calling.usage(call.tenantId)),
        (usage) => ({ output: { ...usage }, outputText: JSON.stringify(usage) })
      )
  }
]
