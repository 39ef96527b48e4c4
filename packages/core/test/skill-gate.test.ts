import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import type { ToolProfile } from "../src/automations/governance/Governance.js"
import { SkillRegistry } from "../src/automations/skills/Skills.js"
import { passSkillGate, stepRefusal, toolRefusal } from "../src/automations/steps/SkillGate.js"
import { builtInSkills } from "../src/Modules.js"
import { allProducts } from "../src/BuiltInProducts.js"
import type { Product } from "../src/platform/Products.js"

/** Every built-in skill, with webhook.deliver left uninstalled. */
const registry = SkillRegistry.make(
  builtInSkills.map((skill) =>
    skill.id === "webhook.deliver"
      ? { ...skill, run: undefined }
      : { ...skill, run: () => Effect.succeed({ output: null, outputText: null }) }
  )
)

const profile = (lists: Partial<Pick<ToolProfile, "allow" | "deny" | "requireApprovalSkills">>): ToolProfile => ({
  id: "00000000-0000-4000-8000-000000000001",
  tenantId: "00000000-0000-4000-8000-000000000002",
  name: "careful",
  allow: [],
  deny: [],
  requireApprovalSkills: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...lists
})

const gate = (
  skillId: string,
  input: Record<string, unknown>,
  options: {
    readonly entitlements?: ReadonlyArray<Product>
    readonly profile?: ToolProfile
    readonly offered?: ReadonlyArray<string>
    readonly checkedWhenWritten?: boolean
  } = {}
) =>
  Effect.runPromise(
    passSkillGate({
      registry,
      skillId,
      input,
      entitlements: options.entitlements ?? allProducts,
      profile: Effect.succeed(options.profile),
      offered: options.offered,
      checkedWhenWritten: options.checkedWhenWritten ?? false,
      outboundAllowPrivate: false
    })
  )

const refusalOf = async (passed: ReturnType<typeof gate>) => {
  const result = await passed
  if (Either.isRight(result)) throw new Error("the call passed the gate")
  return result.left
}

describe("the skill gate", () => {
  it("checks in one order: known and installed, offered, entitled, the tool profile, the input", async () => {
    expect(await refusalOf(gate("crm.nothing", {}))).toEqual({ kind: "unknown" })
    expect(await refusalOf(gate("webhook.deliver", { url: "https://example.com" }))).toEqual({ kind: "not_installed" })
    expect(await refusalOf(gate("log.write", { message: "hi" }, { offered: ["memory.read"] }))).toEqual({
      kind: "not_offered"
    })
    // Not entitled wins over a profile that denies it, which wins over a bad input.
    const denying = profile({ deny: ["email.send"] })
    const mail = { to: ["ada@example.com"], subject: "Hi" }
    expect(await refusalOf(gate("email.send", mail, { entitlements: ["automations"], profile: denying }))).toEqual({
      kind: "not_entitled",
      product: "business_email"
    })
    expect(await refusalOf(gate("email.send", mail, { profile: denying }))).toEqual({
      kind: "denied",
      profile: "careful"
    })
    expect(await refusalOf(gate("email.send", mail))).toEqual({
      kind: "invalid",
      details: [{ field: "html", reason: "html, text or body is required" }]
    })
  })

  it("answers whether the call waits for an approval, with its input as parsed", async () => {
    const run = await gate("system.run", { nodeId: "n1", argv: ["ls"] })
    expect(Either.getOrThrow(run)).toMatchObject({ verdict: "approval", input: { nodeId: "n1", argv: ["ls"] } })
    const lifted = await gate("system.run", { nodeId: "n1", argv: ["ls"] }, {
      profile: profile({ requireApprovalSkills: ["!system.run"] })
    })
    expect(Either.getOrThrow(lifted).verdict).toBe("allowed")
  })

  it("does not parse again a built-in skill's input checked when written; its placeholders are filled in since", async () => {
    const filled = { to: ["ada@example.com"], subject: "Hi" }
    expect(Either.getOrThrow(await gate("email.send", filled, { checkedWhenWritten: true })).input).toBe(filled)
  })

  it("words one refusal for a step and for an agent's model", () => {
    const refusal = { kind: "not_entitled", product: "voice" } as const
    expect(stepRefusal("voice.usage_read", refusal)).toBe(
      "The skill voice.usage_read needs the voice product, which the account is not entitled to."
    )
    expect(toolRefusal("voice.usage_read", refusal)).toBe(
      "TOOL_RESULT:voice.usage_read|NOT_ALLOWED: it needs the voice product, which the account is not entitled to."
    )
  })
})
