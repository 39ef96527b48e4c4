import { describe, expect, it } from "vitest"
import { chatCalls, chatTenant, follow, until } from "./chatEvents.js"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

// Who is typing, both ways, and "seen" once an agent has read: live, never stored.
describe("Live Chat typing and seen", () => {
  const served = serve(() => memoryKit())

  const { call, json } = chatCalls(served)
  const setUp = async () => {
    const { key, tenantId, token } = await chatTenant(served, "Typing")
    const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "visitor-1" }))
    return { tenantId, key, ada: await token("agent-ada"), session }
  }
  const noContent = async (answer: Promise<Response>) => expect((await answer).status).toBe(204)
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it("tells the visitor an agent is typing, signed with their name, and each agent the visitor is", async () => {
    const { tenantId, ada, session } = await setUp()
    const conversation = `/tenants/${tenantId}/chat/conversations/${session.conversationId}`
    await json(call(ada, "PUT", `/tenants/${tenantId}/chat/agents/agent-ada`, { displayName: "Ada Lovelace" }))
    const visitor = follow(`${served.url}/api/public/chat/events`, session.visitorToken)
    const inbox = follow(`${served.url}/api/tenants/${tenantId}/chat/events`, ada)
    try {
      await until("both streams live", () => visitor.seen.length > 0 && inbox.seen.length > 0)
      await noContent(call(ada, "POST", `${conversation}/typing`))
      await until("the agent typing", () => visitor.seen.some((event) => event.event === "typing"))
      expect(visitor.seen.find((event) => event.event === "typing")!.data).toEqual({
        authorType: "agent",
        authorName: "Ada Lovelace",
        authorInitials: "AL"
      })
      await noContent(call(session.visitorToken, "POST", "/public/chat/typing"))
      await until("the visitor typing", () => inbox.seen.some((event) => event.event === "typing"))
      expect(inbox.seen.find((event) => event.event === "typing")!.data).toEqual({
        conversationId: session.conversationId,
        authorType: "visitor"
      })

      // Said again at once, it is dropped; after two seconds it is told again.
      await noContent(call(session.visitorToken, "POST", "/public/chat/typing"))
      await noContent(call(ada, "POST", `${conversation}/typing`))
      await sleep(500)
      expect(inbox.seen.filter((event) => event.event === "typing")).toHaveLength(1)
      expect(visitor.seen.filter((event) => event.event === "typing")).toHaveLength(1)
      await sleep(1_700)
      await noContent(call(session.visitorToken, "POST", "/public/chat/typing"))
      await until("the visitor typing again", () => inbox.seen.filter((event) => event.event === "typing").length === 2)

      // Nothing of it is stored.
      const stored = await json(call(ada, "GET", conversation))
      expect(stored).toMatchObject({ messageCount: 0, lastMessage: null })
      expect((await json(call(ada, "GET", `${conversation}/messages`))).data).toEqual([])
    } finally {
      await visitor.close()
      await inbox.close()
    }
  })

  it("tells the visitor how far agents have read: at once on connecting, and as they read on", async () => {
    const { tenantId, ada, session } = await setUp()
    const conversation = `/tenants/${tenantId}/chat/conversations/${session.conversationId}`
    for (const content of ["Hello", "Is anyone there?", "About my order"]) {
      await json(call(session.visitorToken, "POST", "/public/chat/messages", { content }))
    }
    await json(call(ada, "POST", `${conversation}/read`, { sequence: 2 }))
    const visitor = follow(`${served.url}/api/public/chat/events`, session.visitorToken)
    try {
      await until("the stream's opening", () => visitor.messages().length === 3)
      expect(visitor.seen.map((event) => event.event)).toEqual(["conversation", "seen", "message", "message", "message"])
      expect(visitor.seen[1]!.data).toEqual({ sequence: 2 })
      // Reading on, and replying (which reads what it answers), each say how far.
      await json(call(ada, "POST", `${conversation}/read`, { sequence: 3 }))
      await until("seen up to 3", () => visitor.seen.some((event) => event.event === "seen" && event.data.sequence === 3))
      await json(call(ada, "POST", `${conversation}/messages`, { content: "Here I am." }))
      await until("seen up to 4", () => visitor.seen.some((event) => event.event === "seen" && event.data.sequence === 4))
    } finally {
      await visitor.close()
    }
    // A conversation nobody has read opens without one.
    const other = await setUp()
    const fresh = follow(`${served.url}/api/public/chat/events`, other.session.visitorToken)
    try {
      await until("the fresh stream", () => fresh.seen.length > 0)
      await sleep(200)
      expect(fresh.seen.map((event) => event.event)).toEqual(["conversation"])
    } finally {
      await fresh.close()
    }
  })

  it("says nothing for a closed conversation, and refuses another tenant's agent or a stranger", async () => {
    const { tenantId, ada, session } = await setUp()
    const conversation = `/tenants/${tenantId}/chat/conversations/${session.conversationId}`
    const other = await setUp()
    await expectRefusal(await call(other.ada, "POST", `${conversation}/typing`), 403, "tenant_mismatch")
    await expectRefusal(
      await call(other.ada, "POST", `/tenants/${other.tenantId}/chat/conversations/${session.conversationId}/typing`),
      404,
      "conversation_not_found"
    )
    await expectRefusal(await call(`${session.visitorToken}x`, "POST", "/public/chat/typing"), 401, "invalid_visitor_token")
    await json(call(ada, "POST", `${conversation}/status`, { status: "closed" }))
    const inbox = follow(`${served.url}/api/tenants/${tenantId}/chat/events`, ada)
    try {
      await until("the inbox live", () => inbox.seen.length > 0)
      await noContent(call(session.visitorToken, "POST", "/public/chat/typing"))
      await sleep(300)
      expect(inbox.seen.filter((event) => event.event === "typing")).toEqual([])
    } finally {
      await inbox.close()
    }
  })
})
