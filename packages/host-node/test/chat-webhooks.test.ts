import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listen } from "../src/Server.js"
import { documentSchemas, pointerSegment } from "./documentSchemas.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { receiver, until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-webhooks-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const env = (folder: string) => ({
  SERVICEKIT_DATA_DIR: join(dataDir, folder),
  SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
  SERVICEKIT_WEBHOOK_RETRY_SECONDS: "0.05",
  SERVICEKIT_WEBHOOK_DRAIN_SECONDS: "1"
})

describe("Live Chat webhooks delivered to a real receiver", () => {
  const served = serve(() => kitOn(env("kit")))
  const hook = receiver()
  let tenantId: string
  let key: string
  let admin: string

  const call = (credential: string, method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${served.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${credential}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  const json = async (response: Response, status = 200) => {
    expect(response.status).toBe(status)
    return response.json()
  }
  const history = async (id: string) =>
    (await json(await call(key, "GET", `/tenants/${tenantId}/webhooks/${id}/deliveries?limit=100`))).data as Array<{
      id: string
      deliveryId: string
      event: string
      attempt: number
      statusCode: number | null
      error: string | null
      nextRetryAt: string | null
      durationMs: number
      createdAt: string
    }>

  beforeAll(async () => {
    await hook.start()
    const tenant = await served.kit.admin.createTenant({ name: "Hooks", entitlements: ["chat"] })
    tenantId = tenant.id
    key = (
      await served.kit.admin.createKey({
        tenantId,
        product: "chat",
        environment: "live",
        scopes: ["chat:read", "chat:write", "webhooks:manage"]
      })
    ).key
    admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "owner", role: "admin" })).token
    await served.kit.startWorkers()
  })
  afterAll(() => hook.stop())

  it("manages subscriptions with a webhooks:manage key or an admin token; the secret is shown once", async () => {
    const created = await json(
      await call(admin, "POST", `/tenants/${tenantId}/webhooks`, {
        url: "https://hooks.example.com/servicekit",
        events: ["message.created", "message.created", "visitor.created"],
        description: "CRM"
      })
    )
    expect(created).toMatchObject({
      url: "https://hooks.example.com/servicekit",
      events: ["message.created", "visitor.created"],
      description: "CRM",
      active: true,
      disabledReason: null
    })
    expect(created.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/)
    const fetched = await json(await call(key, "GET", `/tenants/${tenantId}/webhooks/${created.id}`))
    expect(fetched).not.toHaveProperty("secret")
    expect(JSON.stringify(await json(await call(key, "GET", `/tenants/${tenantId}/webhooks`)))).not.toContain(
      created.secret
    )
    const updated = await json(
      await call(key, "PATCH", `/tenants/${tenantId}/webhooks/${created.id}`, {
        events: ["csat.submitted"],
        active: false
      })
    )
    expect(updated).toMatchObject({ events: ["csat.submitted"], active: false, description: "CRM" })

    for (const [body, field] of [
      [{ url: "not a url", events: ["message.created"] }, "url"],
      [{ url: "https://user:pw@hooks.example.com/", events: ["message.created"] }, "url"],
      [{ url: "ftp://hooks.example.com/", events: ["message.created"] }, "url"],
      [{ url: "https://hooks.example.com/", events: ["call.completed"] }, "events"],
      [{ url: "https://hooks.example.com/", events: ["message.created", 7] }, "events"],
      // Calling sends no events: no endpoint can name it.
      [{ url: "https://hooks.example.com/", products: ["voice"] }, "products"],
      [{ url: "https://hooks.example.com/", products: "chat" }, "products"],
      [{ url: "https://hooks.example.com/", ratePerSecond: 0 }, "ratePerSecond"],
      [{ url: "https://hooks.example.com/", ratePerSecond: 2.5 }, "ratePerSecond"],
      [{ url: "https://hooks.example.com/", ratePerSecond: 1_001 }, "ratePerSecond"],
      [{ url: "https://hooks.example.com/", paused: "yes" }, "paused"],
      [{ url: "https://hooks.example.com/", events: ["message.created"], description: "x".repeat(501) }, "description"]
    ] as const) {
      const error = await expectRefusal(
        await call(key, "POST", `/tenants/${tenantId}/webhooks`, body),
        400,
        "validation_failed"
      )
      expect(error.details?.[0]?.field).toBe(field)
    }

    const member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "m", role: "member" })).token
    await expectRefusal(await call(member, "GET", `/tenants/${tenantId}/webhooks`), 403, "admin_required")
    const other = await served.kit.admin.createTenant({ name: "Other", entitlements: ["chat"] })
    const otherKey = (
      await served.kit.admin.createKey({
        tenantId: other.id,
        product: "chat",
        environment: "live",
        scopes: ["webhooks:manage"]
      })
    ).key
    await expectRefusal(
      await call(otherKey, "GET", `/tenants/${tenantId}/webhooks/${created.id}`),
      403,
      "tenant_mismatch"
    )
    await expectRefusal(
      await call(otherKey, "GET", `/tenants/${other.id}/webhooks/${created.id}`),
      404,
      "webhook_not_found"
    )
    const readOnly = (
      await served.kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:read"] })
    ).key
    await expectRefusal(await call(readOnly, "GET", `/tenants/${tenantId}/webhooks`), 403, "missing_scope")
    await expectRefusal(await fetch(`${served.url}/api/tenants/${tenantId}/webhooks`), 401, "missing_credentials")

    const removed = await json(await call(key, "DELETE", `/tenants/${tenantId}/webhooks/${created.id}`))
    expect(removed.id).toBe(created.id)
    await expectRefusal(await call(key, "GET", `/tenants/${tenantId}/webhooks/${created.id}`), 404, "webhook_not_found")
    const listed = await json(await call(key, "GET", `/tenants/${tenantId}/webhooks`))
    expect(listed.data).toEqual([])
  })

  it("signs a test event that the receiver verifies, and records it", async () => {
    const created = await json(
      await call(key, "POST", `/tenants/${tenantId}/webhooks`, { url: hook.url(), events: ["conversation.created"] })
    )
    hook.setSecret(created.secret)
    const attempt = await json(await call(key, "POST", `/tenants/${tenantId}/webhooks/${created.id}/test`))
    expect(attempt).toMatchObject({
      event: "webhook.test",
      attempt: 1,
      statusCode: 200,
      error: null,
      nextRetryAt: null
    })
    expect(hook.received.at(-1)).toMatchObject({
      event: "webhook.test",
      eventId: attempt.eventId,
      deliveryId: attempt.deliveryId,
      payload: { subscriptionId: created.id }
    })
    expect(await history(created.id)).toEqual([expect.objectContaining({ id: attempt.id, statusCode: 200 })])
    // A wrong secret on the receiver's side: it refuses, and the attempt says so.
    hook.setSecret("whsec_not-the-secret")
    const refused = await json(await call(key, "POST", `/tenants/${tenantId}/webhooks/${created.id}/test`))
    expect(refused).toMatchObject({ statusCode: 401, error: "HTTP 401", nextRetryAt: null })
    expect(typeof refused.responseBody).toBe("string")
    await json(await call(key, "DELETE", `/tenants/${tenantId}/webhooks/${created.id}`))
  })

  it("retries an ended delivery by hand with its delivery id; refuses one still retrying, a member and other tenants", async () => {
    const created = await json(
      await call(admin, "POST", `/tenants/${tenantId}/webhooks`, { url: hook.url(), events: ["conversation.created"] })
    )
    hook.setSecret(created.secret)
    hook.setMode("500")
    const failed = await json(await call(admin, "POST", `/tenants/${tenantId}/webhooks/${created.id}/test`))
    expect(failed).toMatchObject({ attempt: 1, statusCode: 500, nextRetryAt: null })
    // The start of the receiver's answer, its first 1,000 characters.
    expect(failed.responseBody).toBe(`down for maintenance${".".repeat(980)}`)
    const retryPath = (deliveryId: string, subscriptionId = created.id) =>
      `/tenants/${tenantId}/webhooks/${subscriptionId}/deliveries/${deliveryId}/retry`

    const member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "m", role: "member" })).token
    await expectRefusal(await call(member, "POST", retryPath(failed.deliveryId)), 403, "admin_required")
    expect(await history(created.id)).toHaveLength(1)

    hook.setMode("ok")
    const retried = await json(await call(admin, "POST", retryPath(failed.deliveryId)))
    expect(retried).toMatchObject({
      deliveryId: failed.deliveryId,
      eventId: failed.eventId,
      event: "webhook.test",
      attempt: 2,
      statusCode: 200,
      error: null,
      nextRetryAt: null
    })
    expect(hook.received.at(-1)).toMatchObject({ event: "webhook.test", deliveryId: failed.deliveryId })
    expect((await history(created.id)).map((attempt) => attempt.id)).toEqual([retried.id, failed.id])
    // A key with webhooks:manage may retry too.
    expect(await json(await call(key, "POST", retryPath(failed.deliveryId)))).toMatchObject({ attempt: 3, statusCode: 200 })

    // Unknown, of another subscription, of another tenant: 404, and nothing is sent.
    const sent = hook.received.length
    const unknown = "00000000-0000-4000-8000-000000000000"
    await expectRefusal(await call(admin, "POST", retryPath(unknown)), 404, "webhook_delivery_not_found")
    const sibling = await json(
      await call(admin, "POST", `/tenants/${tenantId}/webhooks`, { url: hook.url(), events: ["csat.submitted"] })
    )
    await expectRefusal(
      await call(admin, "POST", retryPath(failed.deliveryId, sibling.id)),
      404,
      "webhook_delivery_not_found"
    )
    const other = await served.kit.admin.createTenant({ name: "Elsewhere", entitlements: ["chat"] })
    const otherAdmin = (await served.kit.admin.issueDashboardToken(other.id, { sub: "o", role: "admin" })).token
    await expectRefusal(await call(otherAdmin, "POST", retryPath(failed.deliveryId)), 403, "tenant_mismatch")
    await expectRefusal(
      await call(otherAdmin, "POST", `/tenants/${other.id}/webhooks/${created.id}/deliveries/${failed.deliveryId}/retry`),
      404,
      "webhook_not_found"
    )
    expect(hook.received.length).toBe(sent)

    // A delivery whose automatic retries are under way belongs to them.
    hook.setMode("500")
    await json(await call(key, "POST", "/v1/chat/sessions", { externalId: "retried-by-hand", name: "Retry" }))
    await until("a failed attempt with a retry due", async () =>
      (await history(created.id)).some((attempt) => attempt.event === "conversation.created" && attempt.nextRetryAt !== null)
    )
    const pending = (await history(created.id)).find((attempt) => attempt.event === "conversation.created")!
    await expectRefusal(await call(admin, "POST", retryPath(pending.deliveryId)), 409, "webhook_delivery_pending")
    hook.setMode("ok")
    await until("the event delivered by its own retries", () =>
      hook.received.some((delivery) => delivery.deliveryId === pending.deliveryId)
    )
    await json(await call(key, "DELETE", `/tenants/${tenantId}/webhooks/${created.id}`))
    await json(await call(key, "DELETE", `/tenants/${tenantId}/webhooks/${sibling.id}`))
  })

  it("delivers every event through 500s, 429s and an outage, retrying with the same delivery id", async () => {
    const created = await json(
      await call(key, "POST", `/tenants/${tenantId}/webhooks`, {
        url: hook.url(),
        events: ["conversation.created", "message.created", "conversation.assigned", "conversation.closed"]
      })
    )
    hook.setSecret(created.secret)
    hook.setMode("500")
    const before = hook.received.length

    const session = await json(await call(key, "POST", "/v1/chat/sessions", { externalId: "hooked", name: "Hooks" }))
    const conversationId = session.conversationId
    const message = await json(
      await call(key, "POST", `/v1/chat/conversations/${conversationId}/messages`, { content: "hi" })
    )
    const agentToken = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "agent-1", role: "member" })).token
    const agent = (method: string, path: string, body?: unknown) =>
      call(agentToken, method, `/tenants/${tenantId}/chat/conversations/${conversationId}${path}`, body)
    await json(await agent("POST", "/messages", { content: "hello from an agent" }))
    await json(await agent("POST", "/assign", { assigneeId: "agent-1" }))
    await json(await agent("POST", "/status", { status: "closed" }))

    await until("a 500 for every delivery", async () => {
      const attempts = await history(created.id)
      return new Set(attempts.filter((a) => a.statusCode === 500).map((a) => a.deliveryId)).size === 5
    })
    hook.setMode("429")
    await until("a 429", async () => (await history(created.id)).some((a) => a.statusCode === 429))
    await hook.stop()
    await until("an attempt that got no answer", async () =>
      (await history(created.id)).some((a) => a.statusCode === null && a.error !== null)
    )
    hook.setMode("ok")
    await hook.start()
    await until("every event", () => hook.received.length - before >= 5)

    const delivered = hook.received.slice(before)
    expect(delivered.map((d) => d.event).sort()).toEqual([
      "conversation.assigned",
      "conversation.closed",
      "conversation.created",
      "message.created",
      "message.created"
    ])
    // Each event once, each with its own delivery id.
    expect(new Set(delivered.map((d) => d.eventId)).size).toBe(5)
    expect(new Set(delivered.map((d) => d.deliveryId)).size).toBe(5)
    const created_ = delivered.find((d) => d.event === "conversation.created")!
    const visitor = { id: created_.payload.conversation.visitorId, externalId: "hooked", displayName: null, email: null }
    expect(visitor.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(created_.payload.conversation).toMatchObject({ id: conversationId, name: "Hooks", title: "Hooks", status: "open", visitor })
    const fromApi = delivered.find((d) => d.event === "message.created" && d.payload.message.authorType === "api")!
    // The visitor beside the message: a receiver knows whose conversation it is without another call.
    expect(fromApi.payload).toEqual({ conversationId, visitor, message: { ...message } })
    const assigned = delivered.find((d) => d.event === "conversation.assigned")!
    expect(assigned.payload).toMatchObject({ assigneeId: "agent-1", previousAssigneeId: null })
    expect(delivered.find((d) => d.event === "conversation.closed")!.payload.conversation.status).toBe("closed")

    // The history tells the same story: per delivery, failures with a next retry, then one success.
    const attempts = await history(created.id)
    const byDelivery = new Map<string, typeof attempts>()
    for (const attempt of attempts.slice().reverse()) {
      byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt])
    }
    expect(byDelivery.size).toBe(5)
    for (const [deliveryId, rows] of byDelivery) {
      expect(rows.map((r) => r.attempt)).toEqual(rows.map((_, i) => i + 1))
      expect(rows.at(-1)).toMatchObject({ statusCode: 200, error: null, nextRetryAt: null })
      for (const failed of rows.slice(0, -1)) {
        expect(failed.statusCode === null || failed.statusCode === 500 || failed.statusCode === 429).toBe(true)
        expect(failed.nextRetryAt).not.toBeNull()
      }
      expect(delivered.some((d) => d.deliveryId === deliveryId)).toBe(true)
    }
    // Retry-After was honoured: the attempt after a 429 came at least a second later.
    const afterLimit = attempts.find((a) => a.statusCode === 429)!
    expect(Date.parse(afterLimit.nextRetryAt!) - Date.parse(afterLimit.createdAt)).toBeGreaterThanOrEqual(1_000)
    await json(await call(key, "DELETE", `/tenants/${tenantId}/webhooks/${created.id}`))
  })

  it("reports what visitors do: their messages and their ratings", async () => {
    const created = await json(
      await call(key, "POST", `/tenants/${tenantId}/webhooks`, {
        url: hook.url(),
        events: ["message.created", "csat.submitted"]
      })
    )
    hook.setSecret(created.secret)
    hook.setMode("ok")
    const before = hook.received.length
    const session = await json(await call(key, "POST", "/v1/chat/sessions", { externalId: "rater", name: "Rate me" }))
    const visitor = (method: string, path: string, body?: unknown) =>
      call(session.visitorToken, method, `/public/chat${path}`, body)
    const written = await json(await visitor("POST", "/messages", { content: "Thanks for the help" }))
    expect(written).toMatchObject({ authorType: "visitor", sequence: 1 })
    await expectRefusal(await visitor("POST", "/csat", { rating: 5 }), 409, "conversation_not_finished")
    await json(
      await call(admin, "POST", `/tenants/${tenantId}/chat/conversations/${session.conversationId}/status`, {
        status: "resolved"
      })
    )
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: "5" }, {}]) {
      await expectRefusal(await visitor("POST", "/csat", body), 400, "validation_failed")
    }
    const rated = await json(await visitor("POST", "/csat", { rating: 4, comment: "  Good  " }))
    expect(rated).toMatchObject({
      id: session.conversationId,
      status: "resolved",
      csat: { rating: 4, comment: "Good" }
    })
    await expectRefusal(await visitor("POST", "/csat", { rating: 1 }), 409, "csat_already_submitted")

    await until("the visitor's message and rating", () => hook.received.length - before >= 2)
    const [message, csat] = hook.received.slice(before)
    expect(message).toMatchObject({
      event: "message.created",
      payload: {
        conversationId: session.conversationId,
        message: { id: written.id, authorType: "visitor", content: "Thanks for the help" }
      }
    })
    expect(csat).toMatchObject({
      event: "csat.submitted",
      payload: { conversationId: session.conversationId, rating: 4, comment: "Good" }
    })
    // Both name the visitor: the message's author and the rating's.
    expect(message.payload.message.authorId).toEqual(expect.any(String))
    expect(csat.payload.visitorId).toBe(message.payload.message.authorId)
    await json(await call(key, "DELETE", `/tenants/${tenantId}/webhooks/${created.id}`))
  })

  it("turns a subscription off when the receiver answers 410", async () => {
    const created = await json(
      await call(key, "POST", `/tenants/${tenantId}/webhooks`, { url: hook.url(), events: ["conversation.created"] })
    )
    hook.setSecret(created.secret)
    hook.setMode("410")
    await json(await call(key, "POST", "/v1/chat/conversations", { name: "Gone" }))
    await until("the subscription disabled", async () => {
      const current = await json(await call(key, "GET", `/tenants/${tenantId}/webhooks/${created.id}`))
      return current.active === false
    })
    const current = await json(await call(key, "GET", `/tenants/${tenantId}/webhooks/${created.id}`))
    expect(current.disabledReason).toBe("gone")
    expect(await history(created.id)).toEqual([expect.objectContaining({ statusCode: 410, nextRetryAt: null })])
    // Later events are not sent to it.
    hook.setMode("ok")
    const before = hook.received.length
    await json(await call(key, "POST", "/v1/chat/conversations", { name: "After" }))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(hook.received.length).toBe(before)
    expect(await history(created.id)).toHaveLength(1)
    // Turned on again, it receives the next event.
    const reenabled = await json(
      await call(key, "PATCH", `/tenants/${tenantId}/webhooks/${created.id}`, { active: true })
    )
    expect(reenabled).toMatchObject({ active: true, disabledReason: null })
    await json(await call(key, "POST", "/v1/chat/conversations", { name: "Back" }))
    await until("the next event", () => hook.received.length > before)
    expect(hook.received.at(-1)!.payload.conversation.name).toBe("Back")
  })

  it("sends every event in the shape the OpenAPI document gives it under webhooks", async () => {
    const document = await json(await fetch(`${served.url}/api/v1/openapi.json`))
    const problemsOf = documentSchemas(document)
    // Every event Live Chat sends, and the test event (the other products' are another suite's).
    const events = new Set(hook.received.map((delivery) => delivery.event))
    expect([...events].sort()).toEqual([
      "conversation.assigned",
      "conversation.closed",
      "conversation.created",
      "csat.submitted",
      "message.created",
      "webhook.test"
    ])
    expect(Object.keys(document.webhooks)).toEqual(expect.arrayContaining([...events]))
    for (const { deliveryId: _, ...body } of hook.received) {
      const schema = `#/webhooks/${pointerSegment(body.event)}/post/requestBody/content/application~1json/schema`
      expect(problemsOf(schema, body), body.event).toEqual([])
      expect(problemsOf(schema, { ...body, payload: {} }), `${body.event} without its payload`).not.toEqual([])
    }
  })
})

describe("Webhook deliveries across a restart", () => {
  it("loses nothing when ServiceKit stops while the receiver is down", async () => {
    const hook = receiver()
    await hook.start()
    const running = async () => {
      const kit = kitOn(env("restart")).kit
      const server = await listen(kit, { port: 0 })
      await kit.startWorkers()
      return { kit, server }
    }
    const first = await running()
    const tenant = await first.kit.admin.createTenant({ name: "Restart", entitlements: ["chat"] })
    const { key } = await first.kit.admin.createKey({
      tenantId: tenant.id,
      product: "chat",
      environment: "live",
      scopes: ["chat:read", "chat:write", "webhooks:manage"]
    })
    const call = async (base: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
      expect(response.status).toBe(200)
      return response.json()
    }
    const subscription = await call(first.server.url, "POST", `/tenants/${tenant.id}/webhooks`, {
      url: hook.url(),
      events: ["conversation.created", "message.created"]
    })
    hook.setSecret(subscription.secret)
    await hook.stop()
    const { conversationId } = await call(first.server.url, "POST", "/v1/chat/sessions", { externalId: "r", name: "R" })
    for (const content of ["one", "two", "three"]) {
      await call(first.server.url, "POST", `/v1/chat/conversations/${conversationId}/messages`, { content })
    }
    const history = (base: string) =>
      call(base, "GET", `/tenants/${tenant.id}/webhooks/${subscription.id}/deliveries?limit=100`)
    await until("attempts against the receiver that is down", async () => {
      const attempts = (await history(first.server.url)).data as Array<{ deliveryId: string }>
      return new Set(attempts.map((a) => a.deliveryId)).size === 4
    })
    await first.server.close()
    await first.kit.dispose()

    await hook.start()
    const second = await running()
    try {
      await until("every event after the restart", () => hook.received.length >= 4)
      expect(hook.received.map((d) => d.event).sort()).toEqual([
        "conversation.created",
        "message.created",
        "message.created",
        "message.created"
      ])
      expect(
        hook.received
          .filter((d) => d.event === "message.created")
          .map((d) => d.payload.message.content)
          .sort()
      ).toEqual(["one", "three", "two"])
      const attempts = (await history(second.server.url)).data as Array<{ statusCode: number | null }>
      expect(attempts.filter((a) => a.statusCode === 200)).toHaveLength(4)
    } finally {
      await second.server.close()
      await second.kit.dispose()
      await hook.stop()
    }
  })
})
