import { Effect } from "effect"
import type { SkillRunner } from "../../module/SkillRunner.js"
import { NODE_SKILLS } from "./Node.js"
import { NodeService } from "./NodeService.js"

/** The node skills: each queues a command for its node and waits for the result (NodeService.dispatch). */
export const nodeSkills: ReadonlyArray<SkillRunner> = NODE_SKILLS.map((id) => ({
  id,
  run: (call) => Effect.flatMap(NodeService, (nodes) => nodes.dispatch(id, call))
}))
