import { EmailPipeline, type PipelineEmail, ReplyEmailService } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { type TestKit, makeTestKit } from "./support.js"

const MINUTE = 60_000

// A reply reaches a visitor by email once they have been away (page closed, nothing written) for the tenant's minutes.
describe("Live Chat replies by email", () => {
  let t: TestKit
  let key: string
  let tenantId: string
  const sent: Array<{ noticeOf: string | undefined; email: PipelineEmail }> = []
  const pipeline = Option.some(
    EmailPipeline.of({
      send: (sender, email) =>
        Effect.sync(() => {
          sent.push({ noticeOf: sender.noticeOf, email })
          return { messageId: `m${sent.length}` }
        })
    })
  )
  beforeEach(async () => {
    sent.length = 0
    t = makeTestKit()
    tenantId = (await t.createTenant(["chat"])).id
    key = (await t.createKey(tenantId, "chat", { scopes: ["chat:read", "chat:write"] })).key
  })
  afterEach(() => t.dispose())

  const open = async (email?: string) => {
    const minted = await t.request("/api/v1/chat/sessions", { method: "POST", key, body: { externalId: `v-${Math.random()}`, email } })
    expect(minted.status).toBe(200)
    return minted.body as { conversationId: string; visitorToken: string }
  }
  const reply = async (conversationId: string, content: string) =>
    expect((await t.request(`/api/v1/chat/conversations/${conversationId}/messages`, { method: "POST", key, body: { content } })).status).toBe(200)
  const visitorIsHere = async (token: string) =>
    expect((await t.request("/api/public/chat/presence", { method: "POST", token })).status).toBe(200)
  const look = (conversationId: string) =>
    t.run(Effect.flatMap(ReplyEmailService, (replies) => replies.look(tenantId, conversationId, pipeline)))
  /** Minutes until the next look the last one asked for; undefined when it asked for none. */
  const lookAgainIn = async (conversationId: string) => {
    const again = await look(conversationId)
    return Option.isNone(again) ? undefined : Math.round((again.value.getTime() - t.clock.now()) / MINUTE)
  }

  it("waits until the visitor has been away the tenant's minutes, then sends each unseen reply once", async () => {
    const session = await open("ada@example.com")
    await visitorIsHere(session.visitorToken)
    t.clock.advance(2 * MINUTE)
    await reply(session.conversationId, "First answer")
    // Ten minutes after the visitor was last here, not after the reply.
    expect(await lookAgainIn(session.conversationId)).toBe(8)
    expect(sent).toEqual([])
    t.clock.advance(7 * MINUTE)
    expect(await lookAgainIn(session.conversationId)).toBe(1)
    expect(sent).toEqual([])
    t.clock.advance(MINUTE)
    expect(await lookAgainIn(session.conversationId)).toBeUndefined()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ noticeOf: "chat", email: { to: "ada@example.com", source: "live_chat_replies" } })
    expect(sent[0]!.email.text).toContain("First answer")
    expect(await lookAgainIn(session.conversationId)).toBeUndefined()
    expect(sent).toHaveLength(1)

    // Back, and away again: a reply they saw goes nowhere; one they did not goes once they are away.
    await visitorIsHere(session.visitorToken)
    t.clock.advance(MINUTE)
    await reply(session.conversationId, "Second answer")
    t.clock.advance(8 * MINUTE)
    expect(await lookAgainIn(session.conversationId)).toBe(1)
    expect(sent).toHaveLength(1)
    t.clock.advance(MINUTE)
    await look(session.conversationId)
    expect(sent).toHaveLength(2)
    expect(sent[1]!.email.text).toContain("Second answer")
    expect(sent[1]!.email.text).toContain("Earlier in the conversation:\nServiceKit: First answer")
  })

  it("counts the visitor's own message as being here, and follows the tenant's minutes", async () => {
    const session = await open("bo@example.com")
    const hours = await t.request("/api/v1/chat/working-hours", { method: "PATCH", key, body: { emailAfterMinutes: 3 } })
    expect(hours.status).toBe(200)
    const wrote = await t.request("/api/public/chat/messages", { method: "POST", token: session.visitorToken, body: { content: "Hello?" } })
    expect(wrote.status).toBe(200)
    await reply(session.conversationId, "Hi Bo")
    t.clock.advance(2 * MINUTE)
    expect(await lookAgainIn(session.conversationId)).toBe(1)
    expect(sent).toEqual([])
    t.clock.advance(MINUTE)
    await look(session.conversationId)
    expect(sent.map((each) => each.email.to)).toEqual(["bo@example.com"])
    expect(sent[0]!.email.text).toContain("Earlier in the conversation:\nYou: Hello?")
  })

  it("sends nothing to a visitor without an email address, in a closed conversation, or without a pipeline", async () => {
    const anonymous = await open()
    await reply(anonymous.conversationId, "Hello")
    t.clock.advance(20 * MINUTE)
    await look(anonymous.conversationId)

    const closed = await open("cy@example.com")
    await reply(closed.conversationId, "Bye")
    const status = await t.request(`/api/tenants/${tenantId}/chat/conversations/${closed.conversationId}/status`, {
      method: "POST",
      token: await t.adminToken(tenantId),
      body: { status: "closed" }
    })
    expect(status.status).toBe(200)
    t.clock.advance(20 * MINUTE)
    await look(closed.conversationId)

    const unpiped = await open("di@example.com")
    await reply(unpiped.conversationId, "Hi")
    t.clock.advance(20 * MINUTE)
    await t.run(Effect.flatMap(ReplyEmailService, (replies) => replies.look(tenantId, unpiped.conversationId, Option.none())))
    expect(sent).toEqual([])
    await look(unpiped.conversationId)
    expect(sent.map((each) => each.email.to)).toEqual(["di@example.com"])
  })
})
