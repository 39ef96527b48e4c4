import { Effect, Schema } from "effect"
import { withReason } from "../../http/Schemas.js"
import type { Skill } from "../../module/Skill.js"
import { Text, WebUrl, builtInSkill } from "../../module/SkillInputs.js"
import { MAX_COMMAND_SECONDS, NODE_SKILLS, type NodeSkillId } from "./Node.js"
import { NodeCommandService } from "./NodeCommandService.js"

/** How long a node command may take; the step fails once it is up (see NodeCommandService). */
const CommandSeconds = withReason(
  Schema.Number.pipe(Schema.int(), Schema.between(1, MAX_COMMAND_SECONDS)),
  `must be a whole number of seconds from 1 to ${MAX_COMMAND_SECONDS}`
)

interface NodeSkillSpec {
  readonly fields: Schema.Struct.Fields
  readonly description: string
  readonly approval?: boolean
}

/** Each node skill's own input fields (besides `nodeId` and `timeoutSeconds`), keyed by every node skill. */
const specs: Readonly<Record<NodeSkillId, NodeSkillSpec>> = {
  "node.ping": { fields: {}, description: "Checks that a paired node answers." },
  "node.files_list": { fields: { path: Schema.optional(Text(4096)) }, description: "Lists files on a paired node." },
  "node.files_read": { fields: { path: Text(4096) }, description: "Reads a file on a paired node." },
  "node.capture_screen": { fields: {}, description: "Captures a paired node's screen." },
  "node.capture_camera": {
    fields: {},
    description: "Captures a paired node's camera (needs a media tool on the device)."
  },
  "node.capture_audio": {
    fields: {},
    description: "Records a paired node's audio (needs a media tool on the device)."
  },
  "system.run": {
    fields: {
      argv: withReason(
        Schema.Array(Text(4096)).pipe(Schema.minItems(1), Schema.maxItems(64)),
        "must list 1 to 64 arguments"
      )
    },
    description: "Runs a program on a node that allows it (argv, no shell).",
    approval: true
  },
  "browser.navigate": { fields: { url: WebUrl }, description: "Opens a page in a node's browser.", approval: true },
  "browser.screenshot": { fields: {}, description: "Takes a screenshot in a node's browser." },
  "browser.click": { fields: { selector: Text(2000) }, description: "Clicks in a node's browser." },
  "browser.type": { fields: { selector: Text(2000), text: Text(10_000) }, description: "Types in a node's browser." },
  "browser.evaluate": {
    fields: { script: Text(100_000) },
    description: "Evaluates a script in a node's browser.",
    approval: true
  },
  "browser.content": { fields: {}, description: "Reads the content of a node's browser page." }
}

/** The node skills: each queues a command for its node and waits for the result (NodeCommandService.dispatch). */
export const nodeSkills: ReadonlyArray<Skill<NodeCommandService>> = NODE_SKILLS.map((id) =>
  builtInSkill({
    id,
    input: { nodeId: Text(200), ...specs[id].fields, timeoutSeconds: Schema.optional(CommandSeconds) },
    description: specs[id].description,
    approval: specs[id].approval ?? false,
    run: (call) => Effect.flatMap(NodeCommandService, (commands) => commands.dispatch(id, call))
  })
)
