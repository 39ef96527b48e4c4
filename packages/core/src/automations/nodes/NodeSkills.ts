import { Effect } from "effect"
import type { SkillRunner } from "../../module/SkillRunner.js"
import { NODE_SKILLS } from "./Node.js"
import { NodeCommandService } from "./NodeCommandService.js"

/** The node skills: each queues a command for its node and waits for the result (NodeCommandService.dispatch). */
export const nodeSkills: ReadonlyArray<SkillRunner> = NODE_SKILLS.map((id) => ({
  id,
  run: (call) => Effect.flatMap(NodeCommandService, (commands) => commands.dispatch(id, call))
}))
