import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ScopeOf } from "@servicekit/core"
import { UsageLedger } from "@servicekit/core/internal"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { follow, until } from "./chatEvents.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-chat-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const ALL_SCOPES: Array<ScopeOf<"chat">> = ["chat:read", "chat:write", "visitors:read", "webhooks:manage"]

describe("Live Chat over HTTP", () => {
  const served = serve(() =>
    kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SERVICEKIT_PUBLIC_URL: "https://chat.example.com" })
  )

  interface Account {
    readonly tenantId: string
    readonly key: string
    readonly agent: string
  }
  let account: Account
  let other: Account

  const newAccount = async (scopes = ALL_SCOPES): Promise<Account> => {
    const tenant = await served.kit.admin.createTenant({ name: "Chat", entitlements: ["chat"] })
    const { key } = await served.kit.admin.createKey({
      tenantId: tenant.id,
      product: "chat",
      environment: "live",
      scopes
    })
    const { token } = await served.kit.admin.issueDashboardToken(tenant.id, { sub: "agent-ada", role: "member" })
    return { tenantId: tenant.id, key, agent: token }
  }

  const call = (credential: string, method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${served.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${credential}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
    })
  const json = async (response: Response, status = 200) => {
    expect(response.status).toBe(status)
    return response.json()
  }
  const mint = (who: Account, body: unknown) => call(who.key, "POST", "/v1/chat/sessions", body)
  const agent = (who: Account, method: string, path: string, body?: unknown) =>
    call(who.agent, method, `/tenants/${who.tenantId}/chat${path}`, body)

  beforeAll(async () => {
    account = await newAccount()
    other = await newAccount()
  })

  it("mints a session: visitor upserted, widget created once, one open conversation reused, token once", async () => {
    const first = await json(
      await mint(account, {
        externalId: "user-42",
        displayName: "Ada",
        email: "ada@example.com",
        name: "Billing question",
        attributes: { plan: "pro" }
      })
    )
    expect(first).toMatchObject({ externalId: "user-42", siteKey: expect.stringMatching(/^svw_[0-9A-Za-z]{24}$/) })
    expect(first.visitorToken).toMatch(/^svt_[0-9A-Za-z]{40}$/)
    const url = new URL(first.chatUrl)
    expect(url.origin + url.pathname).toBe("https://chat.example.com/api/public/chat")
    expect(url.searchParams.get("siteKey")).toBe(first.siteKey)
    expect(url.searchParams.get("token")).toBe(first.visitorToken)
    const expiresIn = Date.parse(first.expiresAt) - Date.now()
    expect(expiresIn).toBeGreaterThan(23 * 3_600_000)
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000)

    // Same visitor again: same widget, same open conversation, a fresh token.
    const again = await json(await mint(account, { externalId: "user-42" }))
    expect(again).toMatchObject({ conversationId: first.conversationId, siteKey: first.siteKey })
    expect(again.visitorToken).not.toBe(first.visitorToken)
    // A new title starts a new conversation.
    const renamed = await json(await mint(account, { externalId: "user-42", name: "Another topic" }))
    expect(renamed.conversationId).not.toBe(first.conversationId)
    // Another visitor has its own conversation; another tenant its own widget and visitor of the same externalId.
    const someoneElse = await json(await mint(account, { externalId: "user-43" }))
    expect(someoneElse.conversationId).not.toBe(renamed.conversationId)
    const elsewhere = await json(await mint(other, { externalId: "user-42" }))
    expect(elsewhere.siteKey).not.toBe(first.siteKey)

    const visitors = await json(await call(account.key, "GET", "/v1/chat/visitors?externalId=user-42"))
    expect(visitors.data).toEqual([
      expect.objectContaining({
        externalId: "user-42",
        displayName: "Ada",
        email: "ada@example.com",
        attributes: { plan: "pro" }
      })
    ])
    const all = await json(await call(account.key, "GET", "/v1/chat/visitors?limit=1"))
    expect(all.data.map((v: { externalId: string }) => v.externalId)).toEqual(["user-43"])
    const rest = await json(await call(account.key, "GET", `/v1/chat/visitors?cursor=${all.meta.nextCursor}`))
    expect(rest.data.map((v: { externalId: string }) => v.externalId)).toEqual(["user-42"])

    const conversation = await json(await agent(account, "GET", `/conversations/${first.conversationId}`))
    expect(conversation).toMatchObject({
      name: "Billing question",
      status: "open",
      priority: "normal",
      source: "api",
      visitorId: visitors.data[0].id,
      assigneeId: null,
      csat: null,
      messageCount: 0
    })

    const mints = await served.kit.runtime.runPromise(
      Effect.flatMap(UsageLedger, (ledger) => ledger.list(account.tenantId, { kind: "chat_session_mint" }))
    )
    expect(mints).toHaveLength(4)
  })

  it("lists visitors to the tenant's agents as the API does, and never another tenant's", async () => {
    const mine = await newAccount()
    const theirs = await newAccount()
    await json(await mint(mine, { externalId: "buyer-1", displayName: "<b>Bo</b>", attributes: { plan: "pro" } }))
    await json(await mint(mine, { externalId: "buyer-2" }))
    await json(await mint(theirs, { externalId: "buyer-1" }))

    const listed = await json(await agent(mine, "GET", "/visitors"))
    expect(listed).toEqual(await json(await call(mine.key, "GET", "/v1/chat/visitors")))
    expect(listed.data).toEqual([
      {
        id: expect.any(String),
        externalId: "buyer-2",
        displayName: null,
        email: null,
        attributes: {},
        createdAt: expect.any(String),
        updatedAt: expect.any(String)
      },
      expect.objectContaining({ externalId: "buyer-1", displayName: "<b>Bo</b>", attributes: { plan: "pro" } })
    ])
    expect(listed.meta).toEqual({ limit: 25, nextCursor: null })
    const first = await json(await agent(mine, "GET", "/visitors?limit=1"))
    expect(first.data.map((visitor: { externalId: string }) => visitor.externalId)).toEqual(["buyer-2"])
    const next = await json(await agent(mine, "GET", `/visitors?limit=1&cursor=${first.meta.nextCursor}`))
    expect(next.data.map((visitor: { externalId: string }) => visitor.externalId)).toEqual(["buyer-1"])
    const named = await json(await agent(mine, "GET", "/visitors?externalId=buyer-1"))
    expect(named.data).toEqual([listed.data[1]])

    // The other tenant's visitor of the same externalId is theirs alone; their token on this path is refused.
    const theirVisitor = (await json(await agent(theirs, "GET", "/visitors?externalId=buyer-1"))).data[0]
    expect(theirVisitor.id).not.toBe(listed.data[1].id)

    // From a visitor to their conversations, of every status: the agents' list by visitorId.
    const second = await json(await mint(mine, { externalId: "buyer-1", name: "Second question" }))
    await json(await agent(mine, "POST", `/conversations/${second.conversationId}/status`, { status: "closed" }))
    const byVisitor = async (who: Account, visitorId: string) =>
      (await json(await agent(who, "GET", `/conversations?visitorId=${visitorId}`))).data
    const hers = await byVisitor(mine, listed.data[1].id)
    expect(hers.map((conversation: { id: string }) => conversation.id)[0]).toBe(second.conversationId)
    expect(hers.map((conversation: { status: string; visitorId: string }) => [conversation.status, conversation.visitorId])).toEqual([
      ["closed", listed.data[1].id],
      ["open", listed.data[1].id]
    ])
    expect(await byVisitor(mine, theirVisitor.id)).toEqual([])
    expect(await byVisitor(theirs, listed.data[1].id)).toEqual([])
    await expectRefusal(await agent(mine, "GET", "/conversations?visitorId=nope"), 400, "validation_failed")
    expect((await json(await agent(theirs, "GET", "/visitors"))).data).toEqual([theirVisitor])
    await expectRefusal(
      await call(theirs.agent, "GET", `/tenants/${mine.tenantId}/chat/visitors`),
      403,
      "tenant_mismatch"
    )
    await expectRefusal(await call(mine.key, "GET", `/tenants/${mine.tenantId}/chat/visitors`), 401, "api_key_not_accepted")
    await expectRefusal(await fetch(`${served.url}/api/tenants/${mine.tenantId}/chat/visitors`), 401, "missing_credentials")

    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["cursor=not-a-cursor", "cursor"]
    ] as const) {
      const refused = await expectRefusal(await agent(mine, "GET", `/visitors?${query}`), 400, "validation_failed")
      expect(refused).toMatchObject({ type: "invalid_request", message: expect.any(String) })
      expect(refused.details?.map((detail) => detail.field)).toContain(field)
    }
  })

  it("refuses bad session input with 400 and stores nothing", async () => {
    const fresh = await newAccount()
    const refusals: Array<[unknown, string]> = [
      [{}, "externalId"],
      [{ externalId: "" }, "externalId"],
      [{ externalId: "x".repeat(201) }, "externalId"],
      [{ externalId: "a\u0000b" }, "externalId"],
      [{ externalId: 42 }, "externalId"],
      [{ externalId: "v", email: "not-an-address" }, "email"],
      [{ externalId: "v", attributes: ["a"] }, "attributes"],
      [{ externalId: "v", attributes: { big: "x".repeat(20_000) } }, "attributes"],
      [{ externalId: "v", source: "Has Spaces" }, "source"],
      [{ externalId: "v", name: "   " }, "name"]
    ]
    for (const [body, field] of refusals) {
      const error = await expectRefusal(await mint(fresh, body), 400, "validation_failed")
      expect(error.details?.[0]?.field).toBe(field)
    }
    await expectRefusal(await mint(fresh, "{not json"), 400, "invalid_body")
    const visitors = await json(await call(fresh.key, "GET", "/v1/chat/visitors"))
    expect(visitors.data).toEqual([])
    const conversations = await json(await call(fresh.key, "GET", "/v1/chat/conversations"))
    expect(conversations.data).toEqual([])
  })

  it("creates and lists conversations with status and source filters and keyset pages", async () => {
    const fresh = await newAccount()
    const a = await json(
      await call(fresh.key, "POST", "/v1/chat/conversations", {
        name: "Order 1",
        priority: "high",
        visitor: { externalId: "buyer-1", displayName: "Bo" }
      })
    )
    expect(a).toMatchObject({ name: "Order 1", priority: "high", source: "api", status: "open" })
    const b = await json(await call(fresh.key, "POST", "/v1/chat/conversations", { name: "Order 2" }))
    expect(b.visitorId).toBeNull()
    const session = await json(await mint(fresh, { externalId: "buyer-2", source: "mobile" }))

    await json(await agent(fresh, "POST", `/conversations/${a.id}/status`, { status: "resolved" }))
    const page = await json(await call(fresh.key, "GET", "/v1/chat/conversations?limit=2"))
    expect(page.data.map((c: { id: string }) => c.id)).toEqual([session.conversationId, b.id])
    const next = await json(
      await call(fresh.key, "GET", `/v1/chat/conversations?limit=2&cursor=${page.meta.nextCursor}`)
    )
    expect(next).toMatchObject({ data: [expect.objectContaining({ id: a.id })], meta: { limit: 2, nextCursor: null } })
    const resolved = await json(await call(fresh.key, "GET", "/v1/chat/conversations?status=resolved"))
    expect(resolved.data.map((c: { id: string }) => c.id)).toEqual([a.id])
    const mobile = await json(await call(fresh.key, "GET", "/v1/chat/conversations?source=mobile"))
    expect(mobile.data.map((c: { id: string }) => c.id)).toEqual([session.conversationId])

    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["status=archived", "status"],
      ["cursor=not-a-uuid", "cursor"],
      [`cursor=${crypto.randomUUID()}`, "cursor"]
    ]) {
      const error = await expectRefusal(
        await call(fresh.key, "GET", `/v1/chat/conversations?${query}`),
        400,
        "validation_failed"
      )
      expect(error.details?.[0]?.field).toBe(field)
    }
    for (const [body, field] of [
      [{}, "name"],
      [{ name: "x", priority: "critical" }, "priority"],
      [{ name: "x", visitor: { displayName: "no id" } }, "externalId"],
      [{ name: "x", visitor: { externalId: "v", email: "bad" } }, "visitor.email"]
    ] as const) {
      const error = await expectRefusal(
        await call(fresh.key, "POST", "/v1/chat/conversations", body),
        400,
        "validation_failed"
      )
      expect(error.details?.[0]?.field).toContain(field)
    }
    const after = await json(await call(fresh.key, "GET", "/v1/chat/conversations"))
    expect(after.data).toHaveLength(3)
  })

  it("posts and reads messages in order, catching up with after, from the API, agents and nowhere else", async () => {
    const { conversationId } = await json(await mint(account, { externalId: "reader", name: "Thread" }))
    const posted = []
    for (const content of ["one", "two", "three"]) {
      posted.push(
        await json(await call(account.key, "POST", `/v1/chat/conversations/${conversationId}/messages`, { content }))
      )
    }
    expect(posted.map((m) => [m.sequence, m.authorType, m.authorId])).toEqual([
      [1, "api", null],
      [2, "api", null],
      [3, "api", null]
    ])
    const reply = await json(
      await agent(account, "POST", `/conversations/${conversationId}/messages`, { content: "<b>hi</b>" })
    )
    expect(reply).toMatchObject({ sequence: 4, authorType: "agent", authorId: "agent-ada", content: "<b>hi</b>" })

    const page = await json(await call(account.key, "GET", `/v1/chat/conversations/${conversationId}/messages?limit=2`))
    expect(page.data.map((m: { content: string }) => m.content)).toEqual(["one", "two"])
    expect(page.meta).toEqual({ limit: 2, nextCursor: posted[1].id })
    const rest = await json(
      await call(account.key, "GET", `/v1/chat/conversations/${conversationId}/messages?after=${page.meta.nextCursor}`)
    )
    expect(rest.data.map((m: { sequence: number }) => m.sequence)).toEqual([3, 4])
    expect(rest.meta.nextCursor).toBeNull()
    const viaAgent = await json(
      await agent(account, "GET", `/conversations/${conversationId}/messages?after=${posted[2].id}`)
    )
    expect(viaAgent.data.map((m: { id: string }) => m.id)).toEqual([reply.id])

    const conversation = await json(await agent(account, "GET", `/conversations/${conversationId}`))
    expect(conversation).toMatchObject({ messageCount: 4, lastMessageAt: reply.createdAt })

    for (const body of [
      {},
      { content: "" },
      { content: "   " },
      { content: "x".repeat(10_001) },
      { content: "a\u0000" },
      { content: 5 }
    ]) {
      const error = await expectRefusal(
        await call(account.key, "POST", `/v1/chat/conversations/${conversationId}/messages`, body),
        400,
        "validation_failed"
      )
      expect(error.details?.[0]?.field).toBe("content")
    }
    // after must name a message of this conversation.
    const elsewhere = await json(await mint(account, { externalId: "reader-2" }))
    await expectRefusal(
      await call(
        account.key,
        "GET",
        `/v1/chat/conversations/${elsewhere.conversationId}/messages?after=${posted[0].id}`
      ),
      400,
      "validation_failed"
    )
    const unchanged = await json(await call(account.key, "GET", `/v1/chat/conversations/${conversationId}/messages`))
    expect(unchanged.data).toHaveLength(4)
  })

  it("assigns and changes status; a closed conversation takes no messages until reopened", async () => {
    const { conversationId } = await json(await mint(account, { externalId: "closer", name: "Close me" }))
    const assigned = await json(
      await agent(account, "POST", `/conversations/${conversationId}/assign`, { assigneeId: "agent-bo" })
    )
    expect(assigned.assigneeId).toBe("agent-bo")
    const unassigned = await json(
      await agent(account, "POST", `/conversations/${conversationId}/assign`, { assigneeId: null })
    )
    expect(unassigned.assigneeId).toBeNull()
    await expectRefusal(
      await agent(account, "POST", `/conversations/${conversationId}/assign`, {}),
      400,
      "validation_failed"
    )
    await expectRefusal(
      await agent(account, "POST", `/conversations/${conversationId}/status`, { status: "archived" }),
      400,
      "validation_failed"
    )

    const closed = await json(
      await agent(account, "POST", `/conversations/${conversationId}/status`, { status: "closed" })
    )
    expect(closed.status).toBe("closed")
    await expectRefusal(
      await call(account.key, "POST", `/v1/chat/conversations/${conversationId}/messages`, { content: "late" }),
      409,
      "conversation_closed"
    )
    await expectRefusal(
      await agent(account, "POST", `/conversations/${conversationId}/messages`, { content: "late" }),
      409,
      "conversation_closed"
    )
    const reopened = await json(
      await agent(account, "POST", `/conversations/${conversationId}/status`, { status: "open" })
    )
    expect(reopened.messageCount).toBe(0)
    await json(await agent(account, "POST", `/conversations/${conversationId}/messages`, { content: "back" }))
  })

  it("keeps tenants apart: another tenant's conversation is a 404, another tenant's token a 403", async () => {
    const { conversationId } = await json(await mint(account, { externalId: "private" }))
    await expectRefusal(
      await call(other.key, "GET", `/v1/chat/conversations/${conversationId}/messages`),
      404,
      "conversation_not_found"
    )
    await expectRefusal(
      await call(other.key, "POST", `/v1/chat/conversations/${conversationId}/messages`, { content: "intrude" }),
      404,
      "conversation_not_found"
    )
    await expectRefusal(await agent(other, "GET", `/conversations/${conversationId}`), 404, "conversation_not_found")
    await expectRefusal(
      await agent(other, "POST", `/conversations/${conversationId}/status`, { status: "closed" }),
      404,
      "conversation_not_found"
    )
    // The other tenant's agent token on this tenant's path.
    await expectRefusal(
      await call(other.agent, "GET", `/tenants/${account.tenantId}/chat/conversations/${conversationId}`),
      403,
      "tenant_mismatch"
    )
    const listed = await json(await call(other.key, "GET", "/v1/chat/conversations?limit=100"))
    expect(listed.data.map((c: { id: string }) => c.id)).not.toContain(conversationId)
    const theirs = await json(await call(other.key, "GET", "/v1/chat/visitors?externalId=private"))
    expect(theirs.data).toEqual([])
    const stillOpen = await json(await agent(account, "GET", `/conversations/${conversationId}`))
    expect(stillOpen).toMatchObject({ status: "open", messageCount: 0 })
  })

  it("follows every conversation of the tenant live in the inbox stream, and no other tenant's", async () => {
    const inbox = follow(`${served.url}/api/tenants/${account.tenantId}/chat/events`, account.agent)
    const theirs = follow(`${served.url}/api/tenants/${other.tenantId}/chat/events`, other.agent)
    try {
      await until("both inboxes live", () => inbox.seen.length > 0 && theirs.seen.length > 0)
      expect(inbox.seen[0]!.event).toBe("resync")
      const session = await json(await mint(account, { externalId: "live-inbox", name: "Where is my order?" }))
      const { conversationId } = session
      await call(session.visitorToken, "POST", "/public/chat/messages", { content: "<img src=x onerror=alert(1)>" })
      await json(await agent(account, "POST", `/conversations/${conversationId}/assign`, { assigneeId: "agent-ada" }))
      await json(await agent(account, "POST", `/conversations/${conversationId}/status`, { status: "pending" }))
      const conversationsOf = () =>
        inbox.seen.filter((event) => event.event === "conversation" && event.data.id === conversationId)
      await until("the status change in the inbox", () => conversationsOf().some((c) => c.data.status === "pending"))
      expect(conversationsOf()[0]!.data).toMatchObject({ name: "Where is my order?", status: "open", messageCount: 0 })
      expect(inbox.messages()).toEqual([
        expect.objectContaining({ conversationId, authorType: "visitor", content: "<img src=x onerror=alert(1)>" })
      ])
      expect(conversationsOf().map((event) => [event.data.messageCount, event.data.assigneeId, event.data.status])).toEqual([
        [0, null, "open"],
        [1, null, "open"],
        [1, "agent-ada", "open"],
        [1, "agent-ada", "pending"]
      ])
      expect(inbox.seen.every((event) => event.id === undefined)).toBe(true)
      // The other tenant's inbox heard nothing of it.
      expect(theirs.seen.map((event) => event.event)).toEqual(["resync"])
    } finally {
      await inbox.close()
      await theirs.close()
    }
  })

  it("lists the conversations assigned to the token's user or to nobody", async () => {
    const mine = (await json(await mint(account, { externalId: "assigned-to-me" }))).conversationId
    const theirs = (await json(await mint(account, { externalId: "assigned-to-bo" }))).conversationId
    const nobodys = (await json(await mint(account, { externalId: "assigned-to-nobody" }))).conversationId
    await json(await agent(account, "POST", `/conversations/${mine}/assign`, { assigneeId: "agent-ada" }))
    await json(await agent(account, "POST", `/conversations/${theirs}/assign`, { assigneeId: "agent-bo" }))
    const ids = async (query: string) =>
      (await json(await agent(account, "GET", `/conversations?limit=100&${query}`))).data.map((c: { id: string }) => c.id)
    const assignedToMe = await ids("assigned=me")
    expect(assignedToMe).toContain(mine)
    expect(assignedToMe).not.toContain(theirs)
    expect(assignedToMe).not.toContain(nobodys)
    const unassigned = await ids("assigned=nobody&status=open")
    expect(unassigned).toContain(nobodys)
    expect(unassigned).not.toContain(mine)
    expect(unassigned).not.toContain(theirs)
    await expectRefusal(await agent(account, "GET", "/conversations?assigned=agent-bo"), 400, "validation_failed")
  })

  it("opens the inbox stream to the tenant's members and admins only", async () => {
    const { token: admin } = await served.kit.admin.issueDashboardToken(account.tenantId, { sub: "lead", role: "admin" })
    const adminInbox = follow(`${served.url}/api/tenants/${account.tenantId}/chat/events`, admin)
    await until("the admin's inbox live", () => adminInbox.seen.length > 0)
    await adminInbox.close()
    const path = `/tenants/${account.tenantId}/chat/events`
    await expectRefusal(await call(other.agent, "GET", path), 403, "tenant_mismatch")
    await expectRefusal(await call(account.key, "GET", path), 401, "api_key_not_accepted")
    await expectRefusal(await fetch(`${served.url}/api${path}`), 401, "missing_credentials")
    await expectRefusal(await call(account.agent, "GET", "/tenants/not-a-uuid/chat/events"), 400, "validation_failed")
  })

  it("refuses webhook URLs that are not https on a public address, storing none", async () => {
    for (const url of [
      "http://hooks.example.com/",
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://localhost/hook",
      "https://0x7f.1/hook",
      "javascript:alert(1)"
    ]) {
      const error = await expectRefusal(
        await call(account.key, "POST", `/tenants/${account.tenantId}/webhooks`, { url, events: ["message.created"] }),
        400,
        "validation_failed"
      )
      expect(error.details?.[0]?.field).toBe("url")
    }
    const listed = await json(await call(account.key, "GET", `/tenants/${account.tenantId}/webhooks`))
    expect(listed.data).toEqual([])
  })

  it("survives visitors that vanish mid-stream and takes the visitor token only as a bearer token", async () => {
    const session = await json(await mint(account, { externalId: "vanishing" }))
    for (let i = 0; i < 20; i++) {
      const abort = new AbortController()
      const response = await fetch(`${served.url}/api/public/chat/events`, {
        headers: { authorization: `Bearer ${session.visitorToken}` },
        signal: abort.signal
      })
      expect(response.status).toBe(200)
      const reader = response.body!.getReader()
      await reader.read()
      abort.abort()
      await reader.read().catch(() => undefined)
    }
    const written = await json(
      await call(session.visitorToken, "POST", "/public/chat/messages", { content: "still here" })
    )
    expect(written.sequence).toBe(1)
    for (const [headers, code] of [
      [{ "x-api-key": session.visitorToken }, "missing_credentials"],
      [{ authorization: `Basic ${session.visitorToken}` }, "missing_credentials"],
      [{ authorization: `Bearer ${session.visitorToken}x` }, "invalid_visitor_token"]
    ] as const) {
      await expectRefusal(await fetch(`${served.url}/api/public/chat/conversation`, { headers }), 401, code)
    }
    // The token is no API key either.
    await expectRefusal(await call(session.visitorToken, "GET", "/v1/chat/conversations"), 401, "malformed_key")
  })

  it("checks scopes and credentials: each endpoint's scope, API keys refused on agent routes", async () => {
    const readOnly = await newAccount(["chat:read"])
    await expectRefusal(await mint(readOnly, { externalId: "v" }), 403, "missing_scope")
    await expectRefusal(await call(readOnly.key, "POST", "/v1/chat/conversations", { name: "x" }), 403, "missing_scope")
    await expectRefusal(await call(readOnly.key, "GET", "/v1/chat/visitors"), 403, "missing_scope")
    await json(await call(readOnly.key, "GET", "/v1/chat/conversations"))
    const visitorsOnly = await newAccount(["visitors:read"])
    await expectRefusal(await call(visitorsOnly.key, "GET", "/v1/chat/conversations"), 403, "missing_scope")
    await json(await call(visitorsOnly.key, "GET", "/v1/chat/visitors"))

    await expectRefusal(
      await call(account.key, "GET", `/tenants/${account.tenantId}/chat/conversations`),
      401,
      "api_key_not_accepted"
    )
    await expectRefusal(await call(account.agent, "GET", "/v1/chat/conversations"), 401, "malformed_key")
    await expectRefusal(await fetch(`${served.url}/api/v1/chat/conversations`), 401, "missing_credentials")
  })
})
