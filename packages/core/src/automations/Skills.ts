import { Context, Effect, Either, JSONSchema, Schema } from "effect"
import { withReason } from "../http/Schemas.js"
import type { SkillRunner } from "../module/SkillRunner.js"
import type { ErrorDetail } from "../platform/Errors.js"
import { checkOutboundUrl } from "../platform/OutboundHttp.js"
import { issueDetailsWithin } from "../platform/ParseIssues.js"
import type { Product } from "../platform/Products.js"
import type { JsonObject } from "./Workflow.js"
import { MAX_COMMAND_SECONDS, NODE_SKILLS, type NodeSkillId } from "./nodes/Node.js"

/**
 * The skills a workflow step may call: each declares the products it needs, its input and
 * whether it waits for an approval by default. Inputs are checked when a workflow is written;
 * string fields may hold `{{…}}` placeholders, so a format (an address, a URL) is only checked
 * where the value has none.
 */
export interface SkillDefinition {
  readonly id: string
  /** Products the tenant must be entitled to; automations is always needed. */
  readonly requires: ReadonlyArray<Product>
  /**
   * Checks a step's input: its parsed form, or the problems with fields named inside the input
   * ("" for the input itself).
   */
  readonly parse: (input: unknown) => Effect.Effect<unknown, ReadonlyArray<ErrorDetail>>
  /**
   * Whether `parse` can judge an input that still holds `{{…}}` placeholders (the built-in
   * schemas can); when not, such an input is checked only at run time, once filled in.
   */
  readonly parsesPlaceholders: boolean
  /** Whether a run waits for an approval before the skill runs, unless a tool profile says otherwise. */
  readonly approval: boolean
  /** Whether it asks a language model: refused when written on a platform without one. */
  readonly usesModel: boolean
  /**
   * Whether it changes anything outside the run when it runs again (a send, a write): an agent
   * stores such a call before running it, so a worker taking over runs it under the same key;
   * a call without side effects is stored with its result in one write.
   */
  readonly sideEffects: boolean
  /** Its input as a JSON Schema, shown to agents that may call it; undefined when unknown. */
  readonly inputSchema: unknown
  readonly description: string
}

const hasPlaceholder = (text: string) => text.includes("{{")

const Text = (max: number) =>
  withReason(
    Schema.String.pipe(
      Schema.minLength(1),
      Schema.maxLength(max),
      Schema.filter((text) => !text.includes("\u0000"))
    ),
    `must be a string of 1 to ${max} characters`
  )

const EMAIL = /^[^\s@<>]{1,64}@[^\s@<>]{1,253}$/
const EmailAddress = withReason(
  Schema.String.pipe(Schema.filter((text) => hasPlaceholder(text) || EMAIL.test(text))),
  "must be an email address or a {{placeholder}}"
)

/** A URL of one of `protocols`, or a value with a placeholder (checked once filled in). */
const urlOf = (protocols: ReadonlyArray<string>, reason: string) =>
  withReason(
    Schema.String.pipe(
      Schema.maxLength(2048),
      Schema.filter(
        (text) => hasPlaceholder(text) || (URL.canParse(text) && protocols.includes(new URL(text).protocol))
      )
    ),
    reason
  )

/**
 * A partner's URL, or a page a node's browser opens: http is well-formed here. Whether this
 * platform may reach a partner is the guarded outbound client's rule (`checkOutboundUrl`, applied
 * by `outboundUrlProblem`); a node's pages are its host allowlist's (the node, not the platform,
 * fetches them, often on its own network).
 */
const WebUrl = urlOf(["https:", "http:"], "must be an http or https URL or a {{placeholder}}")

const NodeId = Text(200)
const Json = Schema.Unknown

/** The parser of a JSON object with exactly these fields. */
const input = (fields: Schema.Struct.Fields): SkillDefinition["parse"] => {
  const decode = Schema.decodeUnknown(Schema.Struct(fields) as unknown as Schema.Schema<unknown, unknown>, {
    errors: "all",
    onExcessProperty: "error"
  })
  return (value) => Effect.mapError(decode(value), (error) => issueDetailsWithin(error))
}

/** Built-in skills that only read (memory.read's audit row aside): run again, they change nothing that matters. */
const READS_ONLY = new Set(["log.write", "memory.read", "voice.usage_read"])

const skill = (
  id: string,
  requires: ReadonlyArray<Product>,
  fields: Schema.Struct.Fields,
  description: string,
  approval = false
): SkillDefinition => ({
  id,
  requires: ["automations", ...requires],
  parse: input(fields),
  parsesPlaceholders: true,
  approval,
  usesModel: id === "ai.invoke",
  sideEffects: !READS_ONLY.has(id),
  inputSchema: jsonSchemaOf(fields),
  description
})

/** The JSON Schema of a skill's input fields, for agents' prompts; undefined when a field has none. */
const jsonSchemaOf = (fields: Schema.Struct.Fields): unknown => {
  try {
    const { $schema: _draft, ...schema } = JSONSchema.make(Schema.Struct(fields)) as unknown as Record<string, unknown>
    return schema
  } catch {
    return undefined
  }
}

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
const nodeSkills: Readonly<Record<NodeSkillId, NodeSkillSpec>> = {
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

const nodeSkill = (id: NodeSkillId, spec: NodeSkillSpec) =>
  skill(
    id,
    [],
    { nodeId: NodeId, ...spec.fields, timeoutSeconds: Schema.optional(CommandSeconds) },
    spec.description,
    spec.approval ?? false
  )

export const builtInSkills: ReadonlyArray<SkillDefinition> = [
  skill("log.write", [], { message: Text(10_000) }, "Writes a line to the run's log."),
  skill(
    "ai.invoke",
    ["ai_agent"],
    { input: Text(100_000), context: Schema.optional(Text(100_000)) },
    "Asks the configured model, with failover along /models."
  ),
  skill(
    "email.send",
    ["business_email"],
    {
      to: Schema.Array(EmailAddress).pipe(Schema.minItems(1), Schema.maxItems(50)),
      subject: Text(998),
      html: Schema.optional(Text(512 * 1024)),
      text: Schema.optional(Text(512 * 1024)),
      body: Schema.optional(Text(512 * 1024))
    },
    "Sends an email through the transactional mailer, logged in the shared activity ledger."
  ),
  skill(
    "marketing.campaign_send",
    ["marketing", "business_email"],
    { campaignId: Text(200) },
    "Sends a marketing campaign."
  ),
  skill("chat.post_message", ["chat"], { channelId: Text(200), content: Text(10_000) }, "Posts a Live Chat message."),
  skill("chat.assign", ["chat"], { channelId: Text(200), assigneeId: Text(200) }, "Assigns a Live Chat conversation."),
  skill(
    "webhook.deliver",
    [],
    {
      url: WebUrl,
      body: Schema.optional(Json),
      headers: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.String }))
    },
    "POSTs JSON to a partner system over HTTPS."
  ),
  skill("memory.read", [], { key: Text(200) }, "Reads a memory entry."),
  skill("memory.write", [], { key: Text(200), value: Json }, "Writes a memory entry."),
  skill("channel.deliver", [], { channelId: Text(200), content: Text(10_000) }, "Delivers through a channel."),
  skill("voice.usage_read", ["voice"], {}, "Reads Business Calling usage."),
  skill(
    "subagent.spawn",
    [],
    {
      workflowId: Text(200),
      context: Schema.optional(Schema.String),
      payload: Schema.optional(Schema.Record({ key: Schema.String, value: Json }))
    },
    "Starts a child run of a workflow."
  ),
  ...NODE_SKILLS.map((id) => nodeSkill(id, nodeSkills[id]))
]

/**
 * Why the outbound client would refuse a skill input's partner URL (`webhook.deliver`'s `url`), as
 * it would when sending: https only and public addresses only, unless private targets are allowed
 * (SERVICEKIT_OUTBOUND_ALLOW_PRIVATE). A URL with a placeholder is checked when it is sent.
 */
export const outboundUrlProblem = (
  skillId: string,
  input: JsonObject,
  allowPrivate: boolean
): { readonly field: string; readonly reason: string } | undefined => {
  if (skillId !== "webhook.deliver" || typeof input.url !== "string" || hasPlaceholder(input.url)) return undefined
  const reason = unreachable(input.url, allowPrivate)
  return reason === undefined ? undefined : { field: "url", reason }
}

/** Why the outbound client would refuse `url`, as a field's reason; undefined when it may be reached. */
export const unreachable = (url: string, allowPrivate: boolean): string | undefined =>
  Either.match(checkOutboundUrl(url, allowPrivate), {
    onLeft: (refused) => `cannot be reached from this platform: ${refused.message}`,
    onRight: () => undefined
  })

/**
 * The skills this platform knows, each with its implementation when one is installed: the
 * built-in definitions, the runners the modules and the embedder supply, and the embedder's own
 * skills. Composed at the root.
 */
export class SkillRegistry extends Context.Tag("@servicekit/core/SkillRegistry")<
  SkillRegistry,
  {
    readonly find: (id: string) => SkillDefinition | undefined
    /** The skill's implementation; none when the platform has not installed one. */
    readonly runner: (id: string) => SkillRunner | undefined
    readonly all: ReadonlyArray<SkillDefinition>
  }
>() {
  /** A registry of the built-in skills and `extra` definitions, run by `runners`. */
  static readonly make = (
    extra: ReadonlyArray<SkillDefinition>,
    runners: ReadonlyArray<SkillRunner>
  ): SkillRegistry["Type"] => {
    const definitions = new Map([...builtInSkills, ...extra].map((definition) => [definition.id, definition]))
    const implementations = new Map(runners.map((runner) => [runner.id, runner]))
    return {
      find: (id) => definitions.get(id),
      runner: (id) => implementations.get(id),
      all: [...definitions.values()]
    }
  }
}
