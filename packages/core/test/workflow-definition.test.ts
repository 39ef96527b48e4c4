import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { customSkillParts, defineSkill } from "../src/automations/skills/CustomSkills.js"
import { type ToolProfile, verdictOf } from "../src/automations/governance/Governance.js"
import { SkillRegistry } from "../src/automations/skills/Skills.js"
import { builtInSkills } from "../src/Modules.js"
import { checkSteps, checkTrigger } from "../src/automations/workflows/WorkflowDefinition.js"
import { allProducts } from "../src/BuiltInProducts.js"
import type { Product } from "../src/platform/Products.js"

const accepts = async (effect: Effect.Effect<unknown, unknown>) =>
  expect(Either.isRight(await Effect.runPromise(Effect.either(effect)))).toBe(true)
const refusal = async (effect: Effect.Effect<unknown, any>) => {
  const result = await Effect.runPromise(Effect.either(effect))
  if (Either.isRight(result)) throw new Error("accepted")
  return result.left as { _tag: string; code?: string; details?: Array<{ field: string; reason?: string }> }
}

/** A valid input for each built-in skill. */
const samples: Record<string, Record<string, unknown>> = {
  "log.write": { message: "hello {{payload.name}}" },
  "ai.invoke": { input: "Summarise {{context}}" },
  "email.send": { to: ["{{payload.email}}"], subject: "Hi", body: "Hello" },
  "marketing.campaign_send": { campaignId: "spring" },
  "chat.post_message": { channelId: "c1", content: "Hi" },
  "chat.assign": { channelId: "c1", assigneeId: "agent-7" },
  "webhook.deliver": { url: "https://partner.example/hook", body: { any: ["json"] } },
  "memory.read": { key: "k" },
  "memory.write": { key: "k", value: { n: 1 } },
  "channel.deliver": { channelId: "{{payload.channelId}}", content: "Hi" },
  "voice.usage_read": {},
  "subagent.spawn": { workflowId: "w1", payload: { a: 1 } },
  "node.capture_screen": { nodeId: "n1" },
  "node.capture_camera": { nodeId: "n1" },
  "node.capture_audio": { nodeId: "n1" },
  "node.ping": { nodeId: "n1" },
  "node.files_list": { nodeId: "n1" },
  "node.files_read": { nodeId: "n1", path: "/etc/hostname" },
  "system.run": { nodeId: "n1", argv: ["uname", "-a"] },
  "browser.navigate": { nodeId: "n1", url: "https://example.com" },
  "browser.screenshot": { nodeId: "n1" },
  "browser.click": { nodeId: "n1", selector: "#go" },
  "browser.type": { nodeId: "n1", selector: "#q", text: "hello" },
  "browser.evaluate": { nodeId: "n1", script: "document.title" },
  "browser.content": { nodeId: "n1" }
}

/** A platform where every built-in skill is installed, and an embedder's `crm.lookup`. */
const lookup = defineSkill({
  id: "crm.lookup",
  requires: ["chat"],
  input: z.object({ email: z.string().email(), fields: z.array(z.string()).max(3).optional() }).strict(),
  run: ({ input }) => ({ email: input.email })
})
const custom = customSkillParts([lookup], [])
const registry = SkillRegistry.make([...builtInSkills, ...custom.definitions], [
  ...builtInSkills.map((skill) => ({ id: skill.id, run: () => Effect.succeed({ output: null, outputText: null }) })),
  ...custom.runners
])

const profile = (name: string, lists: Partial<Pick<ToolProfile, "allow" | "deny" | "requireApprovalSkills">>) => ({
  id: "00000000-0000-4000-8000-000000000001",
  tenantId: "00000000-0000-4000-8000-000000000002",
  name,
  allow: [],
  deny: [],
  requireApprovalSkills: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...lists
})

const KNOWN_AGENT = "00000000-0000-4000-8000-0000000000a1"
const KNOWN_CHANNEL = "00000000-0000-4000-8000-0000000000c1"

const rules = (
  entitlements: ReadonlyArray<Product>,
  profiles: ReadonlyArray<ToolProfile> = [],
  skills: SkillRegistry["Type"] = registry,
  modelConfigured = true,
  outboundAllowPrivate = false
) => ({
  entitlements,
  skills,
  modelConfigured,
  outboundAllowPrivate,
  profile: (name: string) => Effect.succeed(profiles.find((each) => each.name === name)),
  agentExists: (id: string) => Effect.succeed(id === KNOWN_AGENT),
  channelExists: (id: string) => Effect.succeed(id === KNOWN_CHANNEL)
})

describe("workflow definitions", () => {
  it("accepts every trigger type in its documented form", async () => {
    for (const trigger of [
      { type: "manual" },
      { type: "schedule", everySeconds: 300 },
      { type: "schedule", at: "2026-12-24T18:00:00+01:00" },
      { type: "schedule", cron: "*/5 * * * *" },
      { type: "heartbeat", cron: "0 * * * *", checklist: ["inbox zero?", ""] },
      { type: "event", events: ["conversation.created", "message.created"] },
      { type: "webhook" },
      { type: "webhook", webhook: { token: "0123456789abcdef" } },
      { type: "channel", channelId: "support-email" }
    ]) {
      await accepts(checkTrigger({ schemaVersion: 1, ...trigger }))
    }
    expect(
      (await refusal(checkTrigger({ schemaVersion: 1, type: "heartbeat", at: "2026-12-24T18:00:00Z" }))).details
    ).toEqual([{ field: "triggerJson", reason: "needs exactly one of everySeconds or cron" }])
  })

  it("accepts a time to live of its runs on any trigger, as whole seconds from 1 to a year", async () => {
    for (const type of ["manual", "webhook"]) {
      for (const ttlSeconds of [1, 600, 31_536_000]) await accepts(checkTrigger({ schemaVersion: 1, type, ttlSeconds }))
    }
    await accepts(checkTrigger({ schemaVersion: 1, type: "schedule", everySeconds: 60, ttlSeconds: 30 }))
    for (const ttlSeconds of [0, -1, 2.5, "60", 31_536_001, null, Number.NaN, {}]) {
      expect((await refusal(checkTrigger({ schemaVersion: 1, type: "manual", ttlSeconds }))).details).toEqual([
        { field: "triggerJson.ttlSeconds", reason: "must be a whole number of seconds from 1 to 31536000" }
      ])
    }
  })

  it("accepts each built-in skill with a valid input, and every step type", async () => {
    expect(Object.keys(samples).sort()).toEqual(builtInSkills.map((skill) => skill.id).sort())
    const steps = [
      ...builtInSkills.map((skill) => ({ type: "skill", skillId: skill.id, input: samples[skill.id] })),
      { type: "log" },
      { type: "deliver", channelId: KNOWN_CHANNEL, content: "{{last.outputText}}" },
      { type: "deliver", channelId: "{{payload.channelId}}" },
      { type: "agent", instructions: "Help", skills: ["log.write"], maxTurns: 5 },
      { type: "agent", instructions: "Help", session: { scope: "dm", peer: "{{payload.visitorId}}" } },
      { type: "agent", instructions: "Help", session: { scope: "workspace" } },
      { type: "agent", agent: KNOWN_AGENT },
      { type: "agent" },
      { type: "approval", title: "OK?", expiresInSeconds: 3600 },
      { type: "approval" }
    ]
    await accepts(checkSteps(steps, rules(allProducts)))
  })

  it("refuses a placeholder no run fills in, naming the step, the field and the placeholder", async () => {
    const refused = await refusal(
      checkSteps(
        [
          { type: "log", message: "{{policy}} {{step0.output}} {{event.type}}" },
          { type: "skill", skillId: "log.write", input: { message: "Hi {{input.who}} and {{payload.who}}" } },
          { type: "approval", title: "{{last.text}}?" }
        ],
        rules(allProducts)
      )
    )
    expect(refused.details).toEqual([
      { field: "stepsJson.1.input.message", reason: expect.stringMatching(/^\{\{input\.who\}\} is not a variable: use /) }
    ])
    const later = await refusal(checkSteps([{ type: "approval", title: "{{last.text}}?" }], rules(allProducts)))
    expect(later.details).toMatchObject([{ field: "stepsJson.0.title", reason: expect.stringMatching(/^\{\{last\.text\}\}/) }])
    const keyed = await refusal(
      checkSteps([{ type: "skill", skillId: "webhook.deliver", input: { url: "https://partner.example", body: { "{{payload.k}}": 1 } } }], rules(allProducts))
    )
    expect(keyed.details).toEqual([{ field: "stepsJson.0.input.body.{{payload.k}}", reason: "a key may not hold a placeholder" }])
  })

  it("needs an agent a step names to be one of the account's", async () => {
    const named = (agent: string) => checkSteps([{ type: "agent", agent }], rules(allProducts))
    expect((await refusal(named("00000000-0000-4000-8000-0000000000b2"))).details).toEqual([
      { field: "stepsJson.0.agent", reason: "is not an agent of this account: 00000000-0000-4000-8000-0000000000b2" }
    ])
    expect((await refusal(named("support"))).details?.[0]?.field).toBe("stepsJson.0.agent")
    // The same for channels a deliver step or channel.deliver names as written.
    const deliver = [{ type: "deliver", channelId: "00000000-0000-4000-8000-0000000000c2" }]
    expect((await refusal(checkSteps(deliver, rules(allProducts)))).details?.[0]?.field).toBe("stepsJson.0.channelId")
    const skill = [{ type: "skill", skillId: "channel.deliver", input: { channelId: "elsewhere", content: "x" } }]
    expect((await refusal(checkSteps(skill, rules(allProducts)))).details?.[0]?.field).toBe(
      "stepsJson.0.input.channelId"
    )
  })

  it("checks a partner URL by the outbound client's rule: http and private targets only where allowed", async () => {
    const deliver = (url: string) => [{ type: "skill", skillId: "webhook.deliver", input: { url } }]
    const refusedAt = async (url: string, allowPrivate: boolean) =>
      (await refusal(checkSteps(deliver(url), rules(allProducts, [], registry, true, allowPrivate)))).details
    expect(await refusedAt("http://127.0.0.1:8080/hook", false)).toEqual([
      { field: "stepsJson.0.input.url", reason: "cannot be reached from this platform: The URL must use https." }
    ])
    expect(await refusedAt("https://10.0.0.7/hook", false)).toEqual([
      {
        field: "stepsJson.0.input.url",
        reason: "cannot be reached from this platform: 10.0.0.7 is not a public address."
      }
    ])
    for (const url of ["http://127.0.0.1:8080/hook", "https://10.0.0.7/hook", "http://partner.example/hook"]) {
      await accepts(checkSteps(deliver(url), rules(allProducts, [], registry, true, true)))
    }
    // Not a URL the client speaks, allowed or not; a placeholder is checked when it is sent.
    for (const allowPrivate of [false, true]) {
      expect((await refusedAt("ftp://partner.example/x", allowPrivate))?.[0]?.reason).toBe(
        "must be an http or https URL or a {{placeholder}}"
      )
      await accepts(checkSteps(deliver("{{payload.url}}"), rules(allProducts, [], registry, true, allowPrivate)))
    }
  })

  it("needs each skill's products, naming the first one missing", async () => {
    for (const skill of builtInSkills) {
      const step = [{ type: "skill", skillId: skill.id, input: samples[skill.id] }]
      await accepts(checkSteps(step, rules(skill.requires)))
      for (const product of skill.requires) {
        const refused = await refusal(checkSteps(step, rules(skill.requires.filter((each) => each !== product))))
        expect(refused).toMatchObject({ _tag: "PermissionDenied", code: "product_not_entitled" })
      }
    }
    // An agent may only be given skills the account may use.
    const agent = [{ type: "agent", instructions: "Help", skills: ["voice.usage_read"] }]
    expect((await refusal(checkSteps(agent, rules(["automations"]))))._tag).toBe("PermissionDenied")
  })

  it("refuses a skill the platform has not installed", async () => {
    const bare = SkillRegistry.make(builtInSkills.map(({ run: _run, ...definition }) => definition))
    const refused = await refusal(
      checkSteps([{ type: "skill", skillId: "system.run", input: samples["system.run"] }], rules(allProducts, [], bare))
    )
    expect(refused).toMatchObject({ _tag: "ValidationFailed", details: [{ field: "stepsJson.0.skillId" }] })
  })

  it("refuses ai.invoke and agent steps on a platform without a language model, naming the configuration", async () => {
    const ai = [{ type: "skill", skillId: "ai.invoke", input: samples["ai.invoke"] }]
    const refused = await refusal(checkSteps(ai, rules(allProducts, [], registry, false)))
    expect(refused).toMatchObject({
      _tag: "ValidationFailed",
      details: [{ field: "stepsJson.0.skillId", reason: expect.stringContaining("SERVICEKIT_LLM_BASE_URL") }]
    })
    const agent = [{ type: "log" }, { type: "agent", instructions: "Help" }]
    expect(await refusal(checkSteps(agent, rules(allProducts, [], registry, false)))).toMatchObject({
      details: [{ field: "stepsJson.1.type", reason: expect.stringContaining("needs a language model") }]
    })
    const plain = [{ type: "log" }, { type: "approval", title: "OK?" }]
    await accepts(checkSteps(plain, rules(allProducts, [], registry, false)))
  })

  it("follows the step's tool profile, else the default one", async () => {
    const log = { type: "skill", skillId: "log.write", input: { message: "hi" } }
    const denying = [profile("default", { deny: ["log.write"] }), profile("ops", { allow: ["log.write"] })]
    expect(await refusal(checkSteps([log], rules(allProducts, denying)))).toMatchObject({
      _tag: "PermissionDenied",
      code: "skill_denied"
    })
    await accepts(checkSteps([{ ...log, toolProfile: "ops" }], rules(allProducts, denying)))
    // An allow list refuses every skill it does not name, agents' skills included.
    const agent = { type: "agent", instructions: "Help", skills: ["log.write", "webhook.deliver"], toolProfile: "ops" }
    expect(await refusal(checkSteps([agent], rules(allProducts, denying)))).toMatchObject({ code: "skill_denied" })
    const missing = await refusal(checkSteps([{ ...log, toolProfile: "nope" }], rules(allProducts, denying)))
    expect(missing).toMatchObject({ _tag: "ValidationFailed", details: [{ field: "stepsJson.0.toolProfile" }] })
  })

  it("checks an embedder's skill with its Standard Schema, and leaves inputs with placeholders to run time", async () => {
    const step = (input: unknown) => [{ type: "skill", skillId: "crm.lookup", input }]
    await accepts(checkSteps(step({ email: "ada@example.com" }), rules(allProducts)))
    await accepts(checkSteps(step({ email: "{{payload.email}}" }), rules(allProducts)))
    const refused = await refusal(
      checkSteps(step({ email: "not mail", fields: ["a", "b", "c", "d"] }), rules(allProducts))
    )
    expect(refused.details?.map((detail) => detail.field).sort()).toEqual([
      "stepsJson.0.input.email",
      "stepsJson.0.input.fields"
    ])
    expect(await refusal(checkSteps(step({ email: "ada@example.com" }), rules(["automations"])))).toMatchObject({
      code: "product_not_entitled"
    })
  })

  it("refuses an embedder's skill that clashes or lacks what it needs", () => {
    const run = () => null
    expect(() => customSkillParts([{ id: "log.write", run }], builtInSkills)).toThrow(/implemented/)
    expect(() => customSkillParts([{ id: "crm.lookup", run }], builtInSkills)).toThrow(/input schema/)
    expect(() => customSkillParts([{ id: "Lookup", input: z.object({}), run }], builtInSkills)).toThrow(/lowercase/)
    expect(() => customSkillParts([lookup, lookup], builtInSkills)).toThrow(/twice/)
    expect(() => customSkillParts([{ id: "marketing.campaign_send", input: z.object({}), run }], builtInSkills)).toThrow(
      /built in/
    )
    expect(customSkillParts([{ id: "marketing.campaign_send", run }], builtInSkills).definitions).toEqual([])
  })
})

describe("tool profile verdicts", () => {
  const skill = (id: string) => builtInSkills.find((each) => each.id === id)!
  it("gates system.run, browser.navigate and browser.evaluate by default, and lets a profile lift or add gates", () => {
    for (const id of ["system.run", "browser.navigate", "browser.evaluate"]) {
      expect(verdictOf(undefined, skill(id))).toBe("approval")
      expect(verdictOf(profile("p", { requireApprovalSkills: [`!${id}`] }), skill(id))).toBe("allowed")
    }
    expect(verdictOf(undefined, skill("browser.click"))).toBe("allowed")
    expect(verdictOf(profile("p", { requireApprovalSkills: ["log.write"] }), skill("log.write"))).toBe("approval")
    // Deny wins over everything; an allow list refuses what it does not name.
    expect(verdictOf(profile("p", { deny: ["log.write"], allow: ["log.write"] }), skill("log.write"))).toBe("denied")
    expect(verdictOf(profile("p", { allow: ["memory.read"] }), skill("log.write"))).toBe("denied")
    expect(verdictOf(profile("p", { allow: ["memory.read"] }), skill("memory.read"))).toBe("allowed")
  })
})
