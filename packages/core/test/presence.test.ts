import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { testDashboardToken } from "@servicekit/core/testing"
import { type TestKit, makeTestKit } from "./support.js"

// Who of the team is here: each agent says online or away; one who stops saying it is offline two minutes on.
describe("Live Chat presence", () => {
  let t: TestKit
  let tenantId: string
  let key: string
  const agent = (sub: string) => testDashboardToken({ tenantId, role: "member", sub })
  beforeEach(async () => {
    t = makeTestKit()
    tenantId = (await t.createTenant(["chat"])).id
    key = (await t.createKey(tenantId, "chat", { scopes: ["chat:read"] })).key
  })
  afterEach(() => t.dispose())

  const say = async (sub: string, status: unknown) =>
    t.request(`/api/tenants/${tenantId}/chat/presence`, { method: "PUT", token: await agent(sub), body: { status } })
  const here = async () => (await t.request(`/api/tenants/${tenantId}/chat/presence`, { token: await agent("agent-ada") })).body.data

  it("lists who said online or away within two minutes, named by their profile, the latest first", async () => {
    await t.request(`/api/tenants/${tenantId}/chat/agents/agent-ada`, {
      method: "PUT",
      token: await agent("agent-ada"),
      body: { displayName: "Ada Lovelace" }
    })
    expect((await say("agent-ada", "online")).body).toMatchObject({ agentId: "agent-ada", status: "online", displayName: "Ada Lovelace", initials: "AL" })
    t.clock.advance(30_000)
    await say("agent-bo", "away")
    expect((await here()).map((agent: { agentId: string; status: string }) => [agent.agentId, agent.status])).toEqual([
      ["agent-bo", "away"],
      ["agent-ada", "online"]
    ])
    // Ada's console closed: past two minutes without a word she is offline; Bo, saying it again, stays.
    t.clock.advance(60_000)
    await say("agent-bo", "online")
    t.clock.advance(31_000)
    expect((await here()).map((agent: { agentId: string }) => agent.agentId)).toEqual(["agent-bo"])
    expect((await t.request("/api/v1/chat/presence", { key })).body.data).toEqual([
      expect.objectContaining({ agentId: "agent-bo", status: "online", displayName: null })
    ])
    t.clock.advance(120_000)
    expect(await here()).toEqual([])
  })

  it("takes online or away only, from the tenant's own agents", async () => {
    for (const status of ["offline", "busy", "", 1, null]) {
      const refused = await say("agent-ada", status)
      expect(refused.status).toBe(400)
      expect(refused.body.error.code).toBe("validation_failed")
    }
    expect(await here()).toEqual([])
    const other = (await t.createTenant(["chat"], "Other")).id
    const stranger = await testDashboardToken({ tenantId: other, role: "admin", sub: "agent-x" })
    const refused = await t.request(`/api/tenants/${tenantId}/chat/presence`, { method: "PUT", token: stranger, body: { status: "online" } })
    expect(refused.body.error.code).toBe("tenant_mismatch")
  })
})
