import type { ModelMessage, ModelTool, ModelToolCall, ToolProtocol } from "../../platform/LanguageModel.js"
import type { ModelAttempt } from "../../platform/ModelRouter.js"
import { UNTRUSTED_NOTE, untrusted } from "../governance/Prompts.js"
import type { SkillDefinition } from "../skills/Skills.js"
import type { JsonObject } from "../records/Workflow.js"

/**
 * The agent step's protocols. In the `text` protocol the model answers `TOOL_CALL:<skillId>|<json>`
 * to call a skill or `FINAL:<text>` to finish; each call's result comes back as
 * `TOOL_RESULT:<skillId>|<result>`. In the `native` one the skills are offered as chat completions
 * tools: an answer with tool calls asks for those (one or several), one without finishes, and each
 * result comes back as a `tool` message.
 */

/** Turns an agent step takes when it does not say; at most MAX_AGENT_TURNS. */
export const DEFAULT_AGENT_TURNS = 8
export const MAX_AGENT_TURNS = 100
/** A tool result longer than this is cut before it goes back to the model. */
export const MAX_TOOL_RESULT_CHARS = 4_000
/** The same call with the same input this many times stops the loop. */
export const MAX_SAME_CALLS = 3

/**
 * What a turn's call met at the gates, and what came of it; `pending`: a call of a native answer
 * stored with the answer and not gated yet (the calls of one answer are gated and run in order).
 */
export type TurnVerdict =
  "final" | "malformed" | "denied" | "invalid" | "allowed" | "approval" | "approved" | "rejected" | "pending"

/** One turn of an agent step, stored (a row of its own) before the next turn starts. */
export interface AgentTurn {
  readonly turn: number
  /** The label that answered, and how long the model call took (every label tried, in `attempts`). */
  readonly label: string
  readonly ms: number
  readonly attempts: ReadonlyArray<ModelAttempt>
  readonly reply: string
  readonly call: { readonly skillId: string; readonly input: JsonObject } | null
  readonly verdict: TurnVerdict
  /** The approval a gated call waits for. */
  readonly approvalId?: string | undefined
  /** What went back to the model; null while the call has not run (or waits for its approval). */
  readonly feedback: string | null
  /** The native tool call the turn carries, as the model wrote it (its arguments may not be JSON). */
  readonly toolCall?: ModelToolCall | undefined
  /** A further call of the answer turn `answerTurn` holds: it asked the model nothing itself. */
  readonly answerTurn?: number | undefined
}

export type ParsedReply =
  | { readonly kind: "final"; readonly text: string }
  | { readonly kind: "call"; readonly skillId: string; readonly input: JsonObject }
  | { readonly kind: "malformed"; readonly why: string }

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * Reads a reply: the first line starting with `TOOL_CALL:` or `FINAL:` (models often say something
 * first), with what follows it; a call's JSON may span lines and sit in a code fence.
 */
export const parseReply = (reply: string): ParsedReply => {
  const match = /^[ \t>*`]*(TOOL_CALL|FINAL)\s*:/m.exec(reply)
  if (match === null) return { kind: "malformed", why: "it starts with neither TOOL_CALL: nor FINAL:" }
  const rest = reply.slice(match.index + match[0].length)
  if (match[1] === "FINAL") return { kind: "final", text: rest.replace(/`+\s*$/, "").trim() }
  const bar = rest.indexOf("|")
  if (bar < 0) return { kind: "malformed", why: "TOOL_CALL: needs <skillId>|<json>" }
  const skillId = rest.slice(0, bar).trim()
  const json = rest
    .slice(bar + 1)
    .trim()
    .replace(/^```(?:json)?\s*/, "")
    .replace(/\s*`+$/, "")
  try {
    const input: unknown = JSON.parse(json)
    if (!isObject(input)) return { kind: "malformed", why: "the call's input must be a JSON object" }
    return { kind: "call", skillId, input }
  } catch {
    return { kind: "malformed", why: "the call's input is not JSON" }
  }
}

export const CORRECTIVE_PROMPT =
  "Your reply did not follow the protocol. Answer with exactly one line starting TOOL_CALL:<skillId>|<JSON object> to call a skill, or FINAL:<text> to finish."

/** A call's input in one canonical form (keys sorted), to tell the same call made again. */
export const canonicalJson = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonicalJson).join(",")}]`
    : isObject(value)
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
          .join(",")}}`
      : (JSON.stringify(value) ?? "null")

/** `text` cut to MAX_TOOL_RESULT_CHARS, saying how much was left out. */
export const cutToolResult = (text: string): string =>
  text.length <= MAX_TOOL_RESULT_CHARS
    ? text
    : `${text.slice(0, MAX_TOOL_RESULT_CHARS)}… [cut: ${text.length - MAX_TOOL_RESULT_CHARS} more characters]`

/** The result of a call as the model reads it: a skill's output is data from outside, fenced. */
export const toolResult = (
  skillId: string,
  outcome: "ok" | "not_allowed" | "invalid" | "refused" | "failed",
  text: string
) =>
  outcome === "ok"
    ? `TOOL_RESULT:${skillId}|${untrusted(`skill:${skillId}`, cutToolResult(text))}`
    : `TOOL_RESULT:${skillId}|${outcome.toUpperCase()}: ${cutToolResult(text)}`

export interface AgentBrief {
  readonly instructions: string
  readonly policy: string
  readonly skills: ReadonlyArray<SkillDefinition>
  /** The run's input from outside: its context and payload. */
  readonly context: string
  readonly payload: JsonObject
}

const NATIVE_PROTOCOL =
  "Call the tools you need (several in one answer when none depends on another's result); when you are done, answer with your final text and no tool call. A call may come back NOT_ALLOWED, INVALID, REFUSED or FAILED: do not repeat it unchanged."

/** The system prompt: instructions, standing orders, the skills at hand and the protocol. */
export const systemPrompt = (brief: AgentBrief, protocol: ToolProtocol = "text"): string => {
  if (protocol === "native") {
    return [
      `Instructions:\n${brief.instructions}`,
      ...(brief.policy.trim() === "" ? [] : [`Standing orders of the account:\n${brief.policy}`]),
      brief.skills.length === 0 ? "No tools are offered: answer with your final text." : NATIVE_PROTOCOL,
      UNTRUSTED_NOTE
    ].join("\n\n")
  }
  const skills =
    brief.skills.length === 0
      ? "None: answer with FINAL."
      : brief.skills
          .map(
            (skill) =>
              `- ${skill.id}: ${skill.description}${skill.approval ? " (a person approves each call first)" : ""}\n  input: ${JSON.stringify(skill.inputSchema ?? { type: "object" })}`
          )
          .join("\n")
  return [
    `Instructions:\n${brief.instructions}`,
    ...(brief.policy.trim() === "" ? [] : [`Standing orders of the account:\n${brief.policy}`]),
    `Skills you may call:\n${skills}`,
    "Protocol: answer with exactly one of\nTOOL_CALL:<skillId>|<JSON object input>\nFINAL:<your answer>\nCall one skill at a time; its result comes back as TOOL_RESULT:<skillId>|<result>. A call may come back NOT_ALLOWED, INVALID, REFUSED or FAILED: do not repeat it unchanged.",
    UNTRUSTED_NOTE
  ].join("\n\n")
}

/** What the step is asked, as its first user message: the run's input, fenced. */
export const runInput = (brief: AgentBrief): string => {
  const input = [
    ...(brief.context === "" ? [] : [untrusted("context", brief.context)]),
    ...(Object.keys(brief.payload).length === 0 ? [] : [untrusted("payload", JSON.stringify(brief.payload))])
  ]
  return input.length === 0 ? "Begin." : `The run's input:\n${input.join("\n")}`
}

/** How every conversation of a step opens: the system prompt, what its session holds, then the run's input. */
export const openingMessages = (
  brief: AgentBrief,
  history: ReadonlyArray<ModelMessage> = [],
  protocol: ToolProtocol = "text"
): ReadonlyArray<ModelMessage> => [
  { role: "system", content: systemPrompt(brief, protocol) },
  ...history,
  { role: "user", content: runInput(brief) }
]

/** What a tool message carries: a call's feedback without the text protocol's `TOOL_RESULT:<skillId>|`. */
const toolMessageOf = (feedback: string) => feedback.replace(/^TOOL_RESULT:[^|]*\|/, "")

/**
 * The conversation so far: its opening, then each answer and what came back, as `protocol` reads
 * it. A native answer's calls are one assistant message with its tool calls, then a tool message
 * for each; to a text label they read as the TOOL_CALL lines and results of its own protocol (and
 * text turns read as plain messages to a native one), so a step may fail over between the two.
 */
export const transcript = (
  opening: ReadonlyArray<ModelMessage>,
  turns: ReadonlyArray<AgentTurn>,
  protocol: ToolProtocol = "text"
): Array<ModelMessage> => {
  const messages = [...opening]
  for (let i = 0; i < turns.length; ) {
    const first = turns[i]!
    let end = i + 1
    while (end < turns.length && turns[end]!.answerTurn === first.turn) end++
    const answer = turns.slice(i, end)
    i = end
    const calls = answer.flatMap((turn) => (turn.toolCall === undefined ? [] : [turn.toolCall]))
    if (calls.length === 0) {
      messages.push({ role: "assistant", content: first.reply })
      if (first.feedback !== null) messages.push({ role: "user", content: first.feedback })
    } else if (protocol === "native") {
      messages.push({ role: "assistant", content: first.reply, toolCalls: calls })
      for (const turn of answer) {
        if (turn.toolCall !== undefined && turn.feedback !== null) {
          messages.push({ role: "tool", toolCallId: turn.toolCall.id, content: toolMessageOf(turn.feedback) })
        }
      }
    } else {
      const lines = answer.flatMap(({ call, toolCall }) =>
        toolCall === undefined ? [] : [`TOOL_CALL:${call?.skillId ?? toolCall.name}|${toolCall.arguments}`]
      )
      messages.push({ role: "assistant", content: [first.reply, ...lines].filter((line) => line !== "").join("\n") })
      const results = answer.flatMap((turn) => (turn.feedback === null ? [] : [turn.feedback]))
      if (results.length > 0) messages.push({ role: "user", content: results.join("\n") })
    }
  }
  return messages
}

/** A skill offered as a native tool: the tool, and the skill it stands for. */
export interface OfferedTool {
  readonly tool: ModelTool
  readonly skillId: string
}

/** Tool names as chat completions take them: letters, digits, _ and -, at most 64. */
const TOOL_NAME_CHARS = /[^A-Za-z0-9_-]/g
const MAX_TOOL_NAME = 64

/** The skills as native tools, each under a name of its own (`email.send` is `email_send`). */
export const offeredTools = (skills: ReadonlyArray<SkillDefinition>): ReadonlyArray<OfferedTool> => {
  const taken = new Set<string>()
  return skills.map((skill) => {
    const base = skill.id.replace(TOOL_NAME_CHARS, "_").slice(0, MAX_TOOL_NAME)
    let name = base
    for (let n = 2; taken.has(name); n++) name = `${base.slice(0, MAX_TOOL_NAME - `_${n}`.length)}_${n}`
    taken.add(name)
    return {
      skillId: skill.id,
      tool: {
        name,
        description: `${skill.description}${skill.approval ? " A person approves each call first." : ""}`,
        parameters: isObject(skill.inputSchema) ? skill.inputSchema : { type: "object" }
      }
    }
  })
}

/**
 * A native tool call read: the skill its name stands for (the name itself when it stands for
 * none, which the skill gate then refuses) and its arguments as a JSON object, or why they are not one.
 */
export const readToolCall = (
  call: ModelToolCall,
  offered: ReadonlyArray<OfferedTool>
): { readonly skillId: string; readonly input: JsonObject } | { readonly skillId: string; readonly why: string } => {
  const skillId = offered.find((one) => one.tool.name === call.name)?.skillId ?? call.name
  try {
    const input: unknown = JSON.parse(call.arguments === "" ? "{}" : call.arguments)
    return isObject(input) ? { skillId, input } : { skillId, why: "the call's arguments must be a JSON object" }
  } catch {
    return { skillId, why: "the call's arguments are not JSON" }
  }
}
