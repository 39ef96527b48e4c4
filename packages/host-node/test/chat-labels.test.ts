import { describe, expect, it } from "vitest"
import { chatCalls, chatTenant, follow, until } from "./chatEvents.js"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

// The team's labels on conversations: set by key or agent, listed by, never shown to the visitor.
describe("Live Chat labels", () => {
  const served = serve(() => memoryKit())
  const { call, json } = chatCalls(served)
  const setUp = async () => {
    const { key, tenantId, token } = await chatTenant(served, "Labels")
    const ada = await token("agent-ada")
    const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId: `visitor-${Math.random()}` }))
    return { tenantId, key, ada, session }
  }

  it("stores labels trimmed, in lower case and once each, lists by one in any case, and tells the inbox", async () => {
    const { ada, key, session, tenantId } = await setUp()
    const inbox = follow(`${served.url}/api/tenants/${tenantId}/chat/events`, ada)
    try {
      await until("the inbox live", () => inbox.seen.length > 0)
      const labelled = await json(
        call(key, "PUT", `/v1/chat/conversations/${session.conversationId}/labels`, { labels: ["  Refund ", "VIP  customer", "refund"] })
      )
      expect(labelled.labels).toEqual(["refund", "vip customer"])
      await until("the change in the inbox", () =>
        inbox.seen.some((event) => event.event === "conversation" && event.data.labels?.includes("vip customer"))
      )
      const other = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "visitor-other" }))
      const byAgent = await json(
        call(ada, "PUT", `/tenants/${tenantId}/chat/conversations/${other.conversationId}/labels`, { labels: ["vip customer"] })
      )
      expect(byAgent).toMatchObject({ labels: ["vip customer"], unreadCount: 0 })

      const ids = (listed: { data: Array<{ id: string }> }) => listed.data.map((conversation) => conversation.id)
      expect(ids(await json(call(key, "GET", "/v1/chat/conversations?label=REFUND")))).toEqual([session.conversationId])
      expect(ids(await json(call(ada, "GET", `/tenants/${tenantId}/chat/conversations?label=${encodeURIComponent("VIP Customer")}`)))).toEqual([
        other.conversationId,
        session.conversationId
      ])
      expect(ids(await json(call(key, "GET", "/v1/chat/conversations?label=nothing")))).toEqual([])
      // The visitor never sees them.
      const theirs = await json(call(session.visitorToken, "GET", "/public/chat/conversation"))
      expect(theirs).not.toHaveProperty("labels")
      // Emptied, the conversation has none.
      expect((await json(call(key, "PUT", `/v1/chat/conversations/${session.conversationId}/labels`, { labels: [] }))).labels).toEqual([])
    } finally {
      await inbox.close()
    }
  })

  it("refuses labels it cannot keep, changing nothing, and another tenant's conversation", async () => {
    const { ada, key, session, tenantId } = await setUp()
    const path = `/v1/chat/conversations/${session.conversationId}/labels`
    await json(call(key, "PUT", path, { labels: ["kept"] }))
    for (const labels of [
      Array.from({ length: 11 }, (_, n) => `label ${n}`),
      ["x".repeat(41)],
      [""],
      ["   "],
      ["bell\u0007"],
      ["nul\u0000"],
      "refund",
      [7]
    ]) {
      await expectRefusal(await call(key, "PUT", path, { labels }), 400, "validation_failed")
    }
    await expectRefusal(await call(key, "GET", `/v1/chat/conversations?label=${"x".repeat(41)}`), 400, "validation_failed")
    expect((await json(call(ada, "GET", `/tenants/${tenantId}/chat/conversations/${session.conversationId}`))).labels).toEqual(["kept"])
    const other = await setUp()
    await expectRefusal(await call(other.key, "PUT", path, { labels: ["mine"] }), 404, "conversation_not_found")
    await expectRefusal(
      await call(other.ada, "PUT", `/tenants/${tenantId}/chat/conversations/${session.conversationId}/labels`, { labels: ["mine"] }),
      403,
      "tenant_mismatch"
    )
  })
})
