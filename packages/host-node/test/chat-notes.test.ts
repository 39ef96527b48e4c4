import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chatCalls, chatTenant, follow, until } from "./chatEvents.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { receiver, until as untilAsync } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-notes-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// Private notes: the team's own words on a conversation, which no visitor, stream or webhook receiver ever gets.
describe("Live Chat private notes", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: dataDir,
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_WEBHOOK_RETRY_SECONDS: "0.05"
    })
  )
  const { call, json } = chatCalls(served)
  const hook = receiver()
  beforeAll(async () => {
    await hook.start()
    await served.kit.startWorkers()
  })
  afterAll(() => hook.stop())

  const setUp = async () => {
    const { key, tenantId, token } = await chatTenant(served, "Notes")
    const ada = await token("agent-ada")
    const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "visitor-1" }))
    return { tenantId, key, ada, session, conversation: `/tenants/${tenantId}/chat/conversations/${session.conversationId}` }
  }

  it("keeps notes from the visitor's page, stream and every webhook, and from the conversation they read", async () => {
    const { ada, conversation, key, session, tenantId } = await setUp()
    const admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "lead", role: "admin" })).token
    // A subscription to every event of the tenant, and a visitor and an agent following live.
    const subscription = await json(call(admin, "POST", `/tenants/${tenantId}/webhooks`, { url: hook.url() }))
    hook.setSecret(subscription.secret)
    await json(call(ada, "PUT", `/tenants/${tenantId}/chat/agents/agent-ada`, { displayName: "Ada Lovelace" }))
    const visitor = follow(`${served.url}/api/public/chat/events`, session.visitorToken)
    const inbox = follow(`${served.url}/api/tenants/${tenantId}/chat/events`, ada)
    try {
      await until("both streams live", () => visitor.seen.length > 0 && inbox.seen.length > 0)
      await json(call(session.visitorToken, "POST", "/public/chat/messages", { content: "My order 1042 is late." }))
      const secret = "SECRET-NOTE: refund approved, customer is VIP"
      const note = await json(call(ada, "POST", `${conversation}/notes`, { content: secret }))
      expect(note).toMatchObject({
        conversationId: session.conversationId,
        authorType: "agent",
        authorId: "agent-ada",
        authorName: "Ada Lovelace",
        authorInitials: "AL",
        content: secret
      })
      const byApi = await json(call(key, "POST", `/v1/chat/conversations/${session.conversationId}/notes`, { content: `${secret} (API)` }))
      expect(byApi).toMatchObject({ authorType: "api", authorId: null, authorName: null })
      // The agents' inbox hears of both.
      await until("the notes in the inbox", () => inbox.seen.filter((event) => event.event === "note").length === 2)
      expect(inbox.seen.filter((event) => event.event === "note").map((event) => event.data.id)).toEqual([note.id, byApi.id])

      // A reply after it, so that every event of the exchange reaches the receiver.
      await json(call(ada, "POST", `${conversation}/messages`, { content: "It ships today." }))
      await untilAsync("the reply's webhook", () =>
        hook.received.some((delivery) => delivery.event === "message.created" && delivery.payload.message.content === "It ships today.")
      )
      await until("the reply on the visitor's stream", () => visitor.messages().length === 2)
      expect(JSON.stringify(visitor.seen)).not.toContain("SECRET-NOTE")
      expect(hook.requests.map((request) => request.body).join("\n")).not.toContain("SECRET-NOTE")
      const seenByVisitor = await json(call(session.visitorToken, "GET", "/public/chat/messages"))
      expect(seenByVisitor.data.map((message: { content: string }) => message.content)).toEqual([
        "My order 1042 is late.",
        "It ships today."
      ])
      // The conversation counts and previews messages only.
      const stored = await json(call(ada, "GET", conversation))
      expect(stored).toMatchObject({ messageCount: 2, lastMessage: { sequence: 2, authorType: "agent", preview: "It ships today." } })
      const listed = await json(call(key, "GET", `/v1/chat/conversations/${session.conversationId}/messages`))
      expect(listed.data).toHaveLength(2)
    } finally {
      await visitor.close()
      await inbox.close()
    }
  })

  it("lists notes newest first by page, on a closed conversation too, and refuses what it cannot keep", async () => {
    const { ada, conversation, key, session, tenantId } = await setUp()
    for (const content of ["first", "second", "third"]) await json(call(ada, "POST", `${conversation}/notes`, { content }))
    const page = await json(call(ada, "GET", `${conversation}/notes?limit=2`))
    expect(page.data.map((note: { content: string }) => note.content)).toEqual(["third", "second"])
    const rest = await json(call(key, "GET", `/v1/chat/conversations/${session.conversationId}/notes?cursor=${page.meta.nextCursor}`))
    expect(rest.data.map((note: { content: string }) => note.content)).toEqual(["first"])
    expect(rest.meta.nextCursor).toBeNull()
    await json(call(ada, "POST", `${conversation}/status`, { status: "closed" }))
    await json(call(ada, "POST", `${conversation}/notes`, { content: "Closed: nothing more to do." }))

    for (const content of ["", "   ", "x".repeat(10_001), "nul\u0000here"]) {
      await expectRefusal(await call(ada, "POST", `${conversation}/notes`, { content }), 400, "validation_failed")
    }
    await expectRefusal(await call(ada, "GET", `${conversation}/notes?cursor=00000000-0000-4000-8000-000000000000`), 400, "validation_failed")
    // Another tenant's agent and key reach nothing of it; a key without chat:write writes none.
    const other = await setUp()
    await expectRefusal(await call(other.ada, "GET", `${conversation}/notes`), 403, "tenant_mismatch")
    await expectRefusal(
      await call(other.key, "POST", `/v1/chat/conversations/${session.conversationId}/notes`, { content: "mine" }),
      404,
      "conversation_not_found"
    )
    const { key: reader } = await served.kit.admin.createKey({
      tenantId,
      product: "chat",
      environment: "live",
      scopes: ["chat:read"]
    })
    await expectRefusal(
      await call(reader, "POST", `/v1/chat/conversations/${session.conversationId}/notes`, { content: "mine" }),
      403,
      "missing_scope"
    )
    expect((await json(call(reader, "GET", `/v1/chat/conversations/${session.conversationId}/notes`))).data).toHaveLength(4)
    expect((await json(call(ada, "GET", `${conversation}/notes?limit=100`))).data).toHaveLength(4)
  })

  it("keeps at most 500 notes a conversation", async () => {
    const { ada, conversation } = await setUp()
    for (let n = 0; n < 500; n += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => json(call(ada, "POST", `${conversation}/notes`, { content: `note ${n + i}` })))
      )
    }
    await expectRefusal(await call(ada, "POST", `${conversation}/notes`, { content: "one more" }), 409, "note_limit_reached")
    const newest = await json(call(ada, "GET", `${conversation}/notes?limit=1`))
    expect(newest.data[0].content).not.toBe("one more")
  })
})
