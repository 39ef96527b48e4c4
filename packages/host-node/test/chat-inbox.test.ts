import { describe, expect, it } from "vitest"
import { chatCalls, chatTenant, follow, until } from "./chatEvents.js"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

// What the inbox shows of each conversation: who it is with, its last message, and each agent's unread count.
describe("The Live Chat inbox's names, previews and unread counts", () => {
  const served = serve(() => memoryKit())

  const { call, json } = chatCalls(served)
  const setUp = async () => {
    const { key, tenantId, token } = await chatTenant(served, "Inbox")
    return { tenantId, key, ada: await token("agent-ada"), bo: await token("agent-bo") }
  }

  it("titles a conversation by its name, else the visitor's display name, email or external id, as the visitor's record says now", async () => {
    const { tenantId, key, ada } = await setUp()
    const mint = (body: unknown) => json(call(key, "POST", "/v1/chat/sessions", body))
    const named = await mint({ externalId: "c-1", displayName: "Grace Hopper", name: "Refund for order 1042" })
    const byName = await mint({ externalId: "c-2", displayName: "Ada <b>Lovelace</b>", email: "ada@example.com" })
    const byEmail = await mint({ externalId: "c-3", email: "linus@example.com" })
    const byId = await mint({ externalId: "customer-77" })
    const listed = await json(await call(ada, "GET", `/tenants/${tenantId}/chat/conversations`))
    const titleOf = (id: string) => listed.data.find((conversation: any) => conversation.id === id).title
    expect(titleOf(named.conversationId)).toBe("Refund for order 1042")
    expect(titleOf(byName.conversationId)).toBe("Ada <b>Lovelace</b>")
    expect(titleOf(byEmail.conversationId)).toBe("linus@example.com")
    expect(titleOf(byId.conversationId)).toBe("customer-77")
    expect(listed.data.find((conversation: any) => conversation.id === byName.conversationId).visitor).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      externalId: "c-2",
      displayName: "Ada <b>Lovelace</b>",
      email: "ada@example.com"
    })

    // The visitor named later: every read of the conversation says so, the public API's too.
    await mint({ externalId: "customer-77", displayName: "Linus" })
    const renamed = await json(await call(key, "GET", `/v1/chat/conversations?limit=10`))
    expect(renamed.data.find((conversation: any) => conversation.id === byId.conversationId)).toMatchObject({
      name: null,
      title: "Linus",
      visitor: { externalId: "customer-77", displayName: "Linus", email: null }
    })
    // A conversation opened by the API without a visitor is titled by its name alone.
    const bare = await json(call(key, "POST", "/v1/chat/conversations", { name: "Outreach" }))
    expect(bare).toMatchObject({ name: "Outreach", title: "Outreach", visitor: null, visitorId: null, lastMessage: null })
  })

  it("shows the last message's first line and time, and each agent's unread count, moved by reading and replying", async () => {
    const { tenantId, key, ada, bo } = await setUp()
    const session = await json(await call(key, "POST", "/v1/chat/sessions", { externalId: "c-9", displayName: "Grace" }))
    const { conversationId, visitorToken } = session
    const visitorSays = (content: string) => json(call(visitorToken, "POST", "/public/chat/messages", { content }))
    const as = (token: string) => ({
      get: () => json(call(token, "GET", `/tenants/${tenantId}/chat/conversations/${conversationId}`)),
      list: async () =>
        (await json(await call(token, "GET", `/tenants/${tenantId}/chat/conversations`))).data.find(
          (conversation: any) => conversation.id === conversationId
        ),
      read: (sequence: unknown) => call(token, "POST", `/tenants/${tenantId}/chat/conversations/${conversationId}/read`, { sequence })
    })

    expect(await as(ada).get()).toMatchObject({ messageCount: 0, lastMessage: null, lastReadSequence: 0, unreadCount: 0 })
    await visitorSays("Hello!")
    const second = await visitorSays("\n  My parcel   never\tcame.\nOrder 1042, shipped Monday.")
    expect(await as(ada).list()).toMatchObject({
      title: "Grace",
      lastMessage: { sequence: 2, authorType: "visitor", preview: "My parcel never came.", createdAt: second.createdAt },
      lastMessageAt: second.createdAt,
      lastReadSequence: 0,
      unreadCount: 2
    })

    expect(await json(await as(ada).read(1))).toMatchObject({ lastReadSequence: 1, unreadCount: 1 })
    // A mark never moves back, and never past the last message.
    expect(await json(await as(ada).read(0))).toMatchObject({ lastReadSequence: 1, unreadCount: 1 })
    expect(await json(await as(bo).read(99))).toMatchObject({ lastReadSequence: 2, unreadCount: 0 })
    expect(await as(ada).list()).toMatchObject({ lastReadSequence: 1, unreadCount: 1 })

    // Replying reads what the reply answers; the other agent has it unread.
    await json(await call(ada, "POST", `/tenants/${tenantId}/chat/conversations/${conversationId}/messages`, { content: "On it!" }))
    expect(await as(ada).get()).toMatchObject({
      lastMessage: { sequence: 3, authorType: "agent", preview: "On it!" },
      lastReadSequence: 3,
      unreadCount: 0
    })
    expect(await as(bo).get()).toMatchObject({ lastReadSequence: 2, unreadCount: 1 })
    // Assigning and changing the status answer with the agent's own counts too.
    expect(
      await json(await call(bo, "POST", `/tenants/${tenantId}/chat/conversations/${conversationId}/assign`, { assigneeId: "agent-bo" }))
    ).toMatchObject({ assigneeId: "agent-bo", lastReadSequence: 2, unreadCount: 1 })
  })

  it("refuses a read mark that is no whole number from 0, of an unknown conversation or another tenant's, changing nothing", async () => {
    const { tenantId, key, ada } = await setUp()
    const theirs = await setUp()
    const { conversationId, visitorToken } = await json(await call(key, "POST", "/v1/chat/sessions", { externalId: "c-5" }))
    await json(await call(visitorToken, "POST", "/public/chat/messages", { content: "Hi" }))
    const read = (body: unknown, id = conversationId, token = ada, tenant = tenantId) =>
      fetch(`${served.url}/api/tenants/${tenant}/chat/conversations/${id}/read`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body)
      })
    for (const body of [{ sequence: -1 }, { sequence: 1.5 }, { sequence: "1" }, { sequence: 2 ** 31 }, { sequence: null }, {}, "[]"])
      await expectRefusal(await read(body), 400, "validation_failed")
    await expectRefusal(await read('{"sequence":'), 400, "invalid_body")
    await expectRefusal(await read({ sequence: 1 }, globalThis.crypto.randomUUID()), 404, "conversation_not_found")
    await expectRefusal(await read({ sequence: 1 }, "not-a-uuid"), 400, "validation_failed")
    await expectRefusal(await read({ sequence: 1 }, conversationId, theirs.ada, theirs.tenantId), 404, "conversation_not_found")
    await expectRefusal(await read({ sequence: 1 }, conversationId, theirs.ada), 403, "tenant_mismatch")
    await expectRefusal(await read({ sequence: 1 }, conversationId, key), 401, "api_key_not_accepted")
    const after = await json(await call(ada, "GET", `/tenants/${tenantId}/chat/conversations/${conversationId}`))
    expect(after).toMatchObject({ lastReadSequence: 0, unreadCount: 1 })
  })

  it("tells the inbox how far an agent has read, by a mark or a reply, so their other tabs recount", async () => {
    const { tenantId, key, ada } = await setUp()
    const inbox = follow(`${served.url}/api/tenants/${tenantId}/chat/events`, ada)
    try {
      await until("the inbox live", () => inbox.seen.length > 0)
      const { conversationId, visitorToken } = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "c-read" }))
      for (const content of ["one", "two", "three"]) {
        await json(call(visitorToken, "POST", "/public/chat/messages", { content }))
      }
      const reads = () => inbox.seen.filter((event) => event.event === "read").map((event) => event.data)
      await json(call(ada, "POST", `/tenants/${tenantId}/chat/conversations/${conversationId}/read`, { sequence: 2 }))
      await until("the mark", () => reads().length === 1)
      await json(call(ada, "POST", `/tenants/${tenantId}/chat/conversations/${conversationId}/messages`, { content: "Here." }))
      await until("the reply's mark", () => reads().length === 2)
      expect(reads()).toEqual([
        { conversationId, readerId: "agent-ada", lastReadSequence: 2 },
        { conversationId, readerId: "agent-ada", lastReadSequence: 4 }
      ])
    } finally {
      await inbox.close()
    }
  })

  it("streams each change with the title, visitor and last message, so a list updates live", async () => {
    const { tenantId, key, ada } = await setUp()
    const inbox = follow(`${served.url}/api/tenants/${tenantId}/chat/events`, ada)
    try {
      await until("the inbox live", () => inbox.seen.length > 0)
      const { conversationId, visitorToken } = await json(
        await call(key, "POST", "/v1/chat/sessions", { externalId: "c-7", email: "kay@example.com" })
      )
      await json(await call(visitorToken, "POST", "/public/chat/messages", { content: "Is anyone there?" }))
      const changes = () => inbox.seen.filter((event) => event.event === "conversation" && event.data.id === conversationId)
      await until("the message's conversation", () => changes().some((event) => event.data.messageCount === 1))
      expect(changes().at(-1)!.data).toMatchObject({
        title: "kay@example.com",
        visitor: { externalId: "c-7", email: "kay@example.com" },
        lastMessage: { sequence: 1, authorType: "visitor", preview: "Is anyone there?" }
      })
      // Told to every agent alike: no one's read mark is in it.
      expect(changes().at(-1)!.data).not.toHaveProperty("unreadCount")
    } finally {
      await inbox.close()
    }
  })
})
