import { describe, expect, it } from "vitest"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

// Search: conversations found by their visitor or by words of their messages, in the lists the team reads.
describe("Live Chat search", () => {
  const served = serve(() => memoryKit())
  const { call, json } = chatCalls(served)

  it("finds conversations by a visitor's name or email and by words beginning in their messages, by key and by agent", async () => {
    const { key, tenantId, token } = await chatTenant(served, "Search")
    const agent = await token("agent-ada")
    const grace = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "crm-1", displayName: "Grace Hopper", email: "grace@navy.example" }))
    const other = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "crm-2", displayName: "Alan" }))
    await json(call(grace.visitorToken, "POST", "/public/chat/messages", { content: "My kettle arrived broken." }))
    await json(call(other.visitorToken, "POST", "/public/chat/messages", { content: "Can I get a refund for the toaster?" }))

    const ids = async (path: string, credential = key) => (await json(call(credential, "GET", path))).data.map((each: any) => each.id)
    expect(await ids("/v1/chat/conversations?q=REFU")).toEqual([other.conversationId])
    expect(await ids("/v1/chat/conversations?q=grace%20hopper")).toEqual([grace.conversationId])
    expect(await ids("/v1/chat/conversations?q=navy.example")).toEqual([grace.conversationId])
    expect(await ids("/v1/chat/conversations?q=kettle&status=resolved")).toEqual([])
    expect(await ids(`/tenants/${tenantId}/chat/conversations?q=kettle`, agent)).toEqual([grace.conversationId])
    // Hostile text is only ever words to look for.
    expect(await ids(`/v1/chat/conversations?q=${encodeURIComponent("refund' OR 1=1 --")}`)).toEqual([])
    expect(await ids(`/v1/chat/conversations?q=${encodeURIComponent("toast:* | &")}`)).toEqual([other.conversationId])

    for (const q of ["", "  ", "!!! ???", Array.from({ length: 9 }, (_, i) => `w${i}`).join(" "), "x".repeat(65)]) {
      const refused = await expectRefusal(await call(key, "GET", `/v1/chat/conversations?q=${encodeURIComponent(q)}`), 400, "validation_failed")
      expect(refused.details![0]!.field).toBe("q")
    }
  })
})
