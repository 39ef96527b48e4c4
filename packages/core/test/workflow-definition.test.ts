import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { builtInSkills } from "../src/automations/Skills.js"
import { checkSteps, checkTrigger } from "../src/automations/WorkflowDefinition.js"
import { allProducts } from "../src/platform/Products.js"

const accepts = (effect: Effect.Effect<unknown, unknown>) =>
  expect(Either.isRight(Effect.runSync(Effect.either(effect)))).toBe(true)
const refusal = (effect: Effect.Effect<unknown, any>) => {
  const result = Effect.runSync(Effect.either(effect))
  if (Either.isRight(result)) throw new Error("accepted")
  return result.left as { _tag: string; code?: string; details?: Array<{ field: string }> }
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
  "channel.deliver": { channelId: "c1", content: "Hi" },
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

describe("workflow definitions", () => {
  it("accepts every trigger type in its documented form", () => {
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
      accepts(checkTrigger({ schemaVersion: 1, ...trigger }))
    }
    expect(refusal(checkTrigger({ schemaVersion: 1, type: "heartbeat", at: "2026-12-24T18:00:00Z" })).details).toEqual([
      { field: "triggerJson", reason: "needs exactly one of everySeconds or cron" }
    ])
  })

  it("accepts each built-in skill with a valid input, and every step type", () => {
    expect(Object.keys(samples).sort()).toEqual(builtInSkills.map((skill) => skill.id).sort())
    const steps = [
      ...builtInSkills.map((skill) => ({ type: "skill", skillId: skill.id, input: samples[skill.id] })),
      { type: "log" },
      { type: "deliver", channelId: "c1", content: "{{last.outputText}}" },
      { type: "agent", instructions: "Help", skills: ["log.write"], maxTurns: 5 },
      { type: "approval", title: "OK?", expiresInSeconds: 3600 }
    ]
    accepts(checkSteps(steps, allProducts))
  })

  it("needs each skill's products, naming the first one missing", () => {
    for (const skill of builtInSkills) {
      const step = [{ type: "skill", skillId: skill.id, input: samples[skill.id] }]
      accepts(checkSteps(step, skill.requires))
      for (const product of skill.requires) {
        const refused = refusal(
          checkSteps(
            step,
            skill.requires.filter((each) => each !== product)
          )
        )
        expect(refused).toMatchObject({ _tag: "PermissionDenied", code: "product_not_entitled" })
      }
    }
    // An agent may only be given skills the account may use.
    const agent = [{ type: "agent", instructions: "Help", skills: ["voice.usage_read"] }]
    expect(refusal(checkSteps(agent, ["automations"]))._tag).toBe("PermissionDenied")
  })
})
