import { expect, it } from "vitest"
import { type ContractContext } from "./setup.js"

/** Chat through the API and to agents: sessions, conversations, messages and visitors. */
export const chatTests = (context: ContractContext) => {
  const { connect, tenantWith, expectOk, expectError } = context

  it("mints chat sessions and serves conversations, messages and visitors to the API and to agents", async () => {
    const chat = await tenantWith("Chat", ["chat"])
    const api = connect({
      apiKey: await chat.key({ product: "chat", scopes: ["chat:read", "chat:write", "visitors:read"] })
    })
    const agent = connect({ dashboardToken: await chat.token("member", "agent-ada") })
    const session = expectOk(
      await api.chat.mintSession({ body: { externalId: "user-42", displayName: "Ada", name: "Billing question" } })
    )
    expect(session).toMatchObject({ externalId: "user-42", siteKey: expect.stringMatching(/^svw_/) })
    const visitors = expectOk(await api.chat.listVisitors({ query: { externalId: "user-42" } }))
    expect(visitors.data).toEqual([expect.objectContaining({ externalId: "user-42", displayName: "Ada" })])

    // The agent's list of visitors is the API's list.
    expect(
      expectOk(
        await agent.chatDashboard.listAgentVisitors({ path: { tenantId: chat.id }, query: { externalId: "user-42" } })
      ).data
    ).toEqual(visitors.data)

    const created = expectOk(
      await api.chat.createConversation({
        body: { name: "Order 1", priority: "high", visitor: { externalId: "buyer-1" } }
      })
    )
    expect(created).toMatchObject({ name: "Order 1", priority: "high", source: "api", status: "open" })
    const conversations = expectOk(await api.chat.listConversations({ query: { limit: 10 } }))
    expect(conversations.data.map((conversation) => conversation.id)).toEqual([created.id, session.conversationId])
    const posted = expectOk(
      await api.chat.postMessage({ path: { id: created.id }, body: { content: "Your order shipped." } })
    )
    expect(posted).toMatchObject({ sequence: 1, authorType: "api", content: "Your order shipped." })

    const path = { tenantId: chat.id, id: created.id }
    const reply = expectOk(await agent.chatDashboard.replyAsAgent({ path, body: { content: "Anything else?" } }))
    expect(reply).toMatchObject({ sequence: 2, authorType: "agent", authorId: "agent-ada" })
    const messages = expectOk(await api.chat.listMessages({ path: { id: created.id } }))
    expect(messages.data.map((message) => message.content)).toEqual(["Your order shipped.", "Anything else?"])
    expect(expectOk(await agent.chatDashboard.listAgentMessages({ path, query: { after: posted.id } })).data).toEqual(
      [reply]
    )
    const listed = expectOk(
      await agent.chatDashboard.listAgentConversations({ path: { tenantId: chat.id }, query: { status: "open" } })
    )
    expect(listed.data.map((conversation) => conversation.id)).toContain(created.id)
    // Replying read the conversation; a later message is unread until the agent marks it read.
    expect(listed.data.find((conversation) => conversation.id === created.id)).toMatchObject({
      title: "Order 1",
      lastMessage: { sequence: 2, authorType: "agent", preview: "Anything else?" },
      lastReadSequence: 2,
      unreadCount: 0
    })
    expectOk(await api.chat.postMessage({ path: { id: created.id }, body: { content: "One more thing:\nthe invoice." } }))
    expect(expectOk(await agent.chatDashboard.getAgentConversation({ path }))).toMatchObject({
      lastMessage: { sequence: 3, authorType: "api", preview: "One more thing:" },
      lastReadSequence: 2,
      unreadCount: 1
    })
    expect(expectOk(await agent.chatDashboard.markConversationRead({ path, body: { sequence: 3 } }))).toMatchObject({
      lastReadSequence: 3,
      unreadCount: 0
    })
    expect(
      expectOk(await agent.chatDashboard.assignConversation({ path, body: { assigneeId: "agent-bo" } })).assigneeId
    ).toBe("agent-bo")
    expect(
      expectOk(await agent.chatDashboard.setConversationStatus({ path, body: { status: "closed" } })).status
    ).toBe("closed")
    expect(expectOk(await agent.chatDashboard.getAgentConversation({ path }))).toMatchObject({
      status: "closed",
      assigneeId: "agent-bo",
      messageCount: 3,
      unreadCount: 0
    })

    // A closed conversation takes no messages: 409, typed.
    const late = await api.chat.postMessage({ path: { id: created.id }, body: { content: "late" } })
    if (late.error?.code === "conversation_closed") expect(late.error.status).toBe(409)
    const closed = expectError(late, 409)
    expect(closed.code).toBe("conversation_closed")
    // @ts-expect-error: a 409 of postMessage is never a rate limit
    expect(closed.code === "rate_limited").toBe(false)

    const elsewhere = connect({
      apiKey: await (await tenantWith("Elsewhere", ["chat"])).key({ product: "chat", scopes: ["chat:read"] })
    })
    const missing = expectError(await elsewhere.chat.listMessages({ path: { id: created.id } }), 404)
    expect(missing.code).toBe("conversation_not_found")
    const denied = expectError(await elsewhere.chat.mintSession({ body: { externalId: "v" } }), 403)
    expect(denied.code).toBe("missing_scope")
    // @ts-expect-error: a 403 is never an authentication code
    expect(denied.code === "invalid_key").toBe(false)
  })
}
