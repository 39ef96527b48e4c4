import { describe, expect, it } from "vitest"
import {
  type AgentTurn,
  offeredTools,
  readToolCall,
  toolResult,
  transcript
} from "../src/automations/agents/AgentProtocol.js"
import type { SkillDefinition } from "../src/module/Skill.js"

const skill = (id: string, extra: Partial<SkillDefinition> = {}) =>
  ({ id, description: `Does ${id}.`, approval: false, inputSchema: { type: "object" }, ...extra }) as SkillDefinition

const opening = [
  { role: "system", content: "Instructions" },
  { role: "user", content: "Begin." }
] as const

const base = { label: "m", ms: 1, attempts: [], approvalId: undefined }

/** A native answer with two calls (the second refused), then a text turn that finished. */
const turns: ReadonlyArray<AgentTurn> = [
  {
    ...base,
    turn: 1,
    reply: "Checking.",
    call: { skillId: "memory.read", input: { key: "a" } },
    toolCall: { id: "call_a", name: "memory_read", arguments: '{"key":"a"}' },
    verdict: "allowed",
    feedback: toolResult("memory.read", "ok", '{"value":1}')
  },
  {
    ...base,
    turn: 2,
    reply: "",
    answerTurn: 1,
    call: { skillId: "email.send", input: {} },
    toolCall: { id: "call_b", name: "email_send", arguments: "{}" },
    verdict: "denied",
    feedback: toolResult("email.send", "not_allowed", "this step may not call it.")
  },
  { ...base, turn: 3, reply: "FINAL:Done.", call: null, verdict: "final", feedback: null }
]

describe("agent tool protocols", () => {
  it("names each skill as a tool chat completions accept, once, with its schema and approval said", () => {
    const tools = offeredTools([
      skill("email.send", { approval: true }),
      skill("email_send"),
      skill(`x.${"y".repeat(80)}`),
      skill(`x_${"y".repeat(80)}`),
      skill("odd", { inputSchema: "not a schema" })
    ])
    const names = tools.map((one) => one.tool.name)
    expect(names.slice(0, 2)).toEqual(["email_send", "email_send_2"])
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(tools[0]!.tool.description).toBe("Does email.send. A person approves each call first.")
    expect(tools[4]!.tool.parameters).toEqual({ type: "object" })
    expect(tools.map((one) => one.skillId)[3]).toBe(`x_${"y".repeat(80)}`)
  })

  it("reads a call's skill by its tool name, and its arguments only as a JSON object", () => {
    const offered = offeredTools([skill("email.send")])
    const call = (name: string, args: string) => readToolCall({ id: "c", name, arguments: args }, offered)
    expect(call("email_send", '{"to":"a@b.c"}')).toEqual({ skillId: "email.send", input: { to: "a@b.c" } })
    expect(call("email_send", "")).toEqual({ skillId: "email.send", input: {} })
    expect(call("email_send", "[1]")).toEqual({ skillId: "email.send", why: "the call's arguments must be a JSON object" })
    expect(call("email_send", "{oops")).toEqual({ skillId: "email.send", why: "the call's arguments are not JSON" })
    // A name no skill stands for goes on as it is: the skill gate refuses it as not offered.
    expect(call("rm_rf", "{}")).toEqual({ skillId: "rm_rf", input: {} })
  })

  it("reads an answer's calls to a native label as one assistant message and a tool message each", () => {
    expect(transcript(opening, turns, "native")).toEqual([
      ...opening,
      {
        role: "assistant",
        content: "Checking.",
        toolCalls: [
          { id: "call_a", name: "memory_read", arguments: '{"key":"a"}' },
          { id: "call_b", name: "email_send", arguments: "{}" }
        ]
      },
      { role: "tool", toolCallId: "call_a", content: '<untrusted-data source="skill:memory.read">\n{"value":1}\n</untrusted-data>' },
      { role: "tool", toolCallId: "call_b", content: "NOT_ALLOWED: this step may not call it." },
      { role: "assistant", content: "FINAL:Done." }
    ])
  })

  it("reads the same answer to a text label in its own protocol, so a step fails over between the two", () => {
    expect(transcript(opening, turns, "text")).toEqual([
      ...opening,
      {
        role: "assistant",
        content: 'Checking.\nTOOL_CALL:memory.read|{"key":"a"}\nTOOL_CALL:email.send|{}'
      },
      { role: "user", content: `${turns[0]!.feedback}\n${turns[1]!.feedback}` },
      { role: "assistant", content: "FINAL:Done." }
    ])
  })
})
