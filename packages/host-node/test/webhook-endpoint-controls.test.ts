import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { receiver, until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-endpoint-controls-"))
const smtp = await startSmtpServer()
afterAll(async () => {
  await smtp.close()
  rmSync(dataDir, { recursive: true, force: true })
})

type Hook = ReturnType<typeof receiver>

describe("What a tenant sets on its webhook endpoints: filters, pause and throttle, on the embedded default", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SMTP_URL: smtp.url,
      SERVICEKIT_MAIL_FROM: "Acme Mail <mail@acme.test>",
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_WEBHOOK_DRAIN_SECONDS: "1"
    })
  )
  const hooks: Array<Hook> = []
  let tenantId: string
  let chatKey: string
  let mailKey: string

  const call = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${served.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  const json = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status)
    return response.json()
  }
  const hook = async () => {
    const started = receiver()
    await started.start()
    hooks.push(started)
    return started
  }
  /** An endpoint at `to` with `settings` (filters, throttle, pause), verifying with its secret. */
  const subscribe = async (to: Hook, settings: Record<string, unknown>) => {
    const created = await json(await call(chatKey, "POST", `/tenants/${tenantId}/webhooks`, { url: to.url(), ...settings }))
    to.setSecret(created.secret)
    return created
  }
  const conversation = async (name: string) =>
    (await json(await call(chatKey, "POST", "/v1/chat/conversations", { name }))) as { id: string }
  const events = (to: Hook) => to.received.map((delivery) => delivery.event).sort()

  beforeAll(async () => {
    await served.kit.startWorkers()
    const tenant = await served.kit.admin.createTenant({
      name: "Acme",
      entitlements: ["chat", "transactional", "business_email", "automations"]
    })
    tenantId = tenant.id
    const keyOf = async (product: "chat" | "transactional", scopes: Array<string>) =>
      (await served.kit.admin.createKey({ tenantId, product, environment: "live", scopes: scopes as never })).key
    chatKey = await keyOf("chat", ["chat:read", "chat:write", "webhooks:manage"])
    mailKey = await keyOf("transactional", ["transactional:send"])
  })
  afterAll(() => Promise.all(hooks.map((one) => one.stop())))

  it("sends each endpoint what its filter names: every event with none, a product's whole, or single events", async () => {
    const [all, mailOnly, conversations, mixed] = [await hook(), await hook(), await hook(), await hook()]
    const unfiltered = await subscribe(all, {})
    expect(unfiltered).toMatchObject({ events: [], products: [], ratePerSecond: null, paused: false, pausedAt: null })
    await subscribe(mailOnly, { products: ["transactional"] })
    await subscribe(conversations, { events: ["conversation.created"] })
    await subscribe(mixed, { events: ["email.failed"], products: ["chat"] })

    await conversation("Filters")
    await json(
      await call(mailKey, "POST", "/v1/transactional/messages", {
        to: ["ada@example.com"],
        subject: "Receipt",
        html: "<p>Thanks</p>",
        text: "Thanks"
      })
    )
    await until("every endpoint's events", () =>
      [all.received.length >= 2, mailOnly.received.length >= 1, conversations.received.length >= 1, mixed.received.length >= 1].every(
        Boolean
      )
    )
    // Anything else that was due arrives within a drain; then each holds exactly its own.
    await sleep(1_500)
    expect(events(all)).toEqual(["conversation.created", "email.sent"])
    expect(events(mailOnly)).toEqual(["email.sent"])
    expect(events(conversations)).toEqual(["conversation.created"])
    expect(events(mixed)).toEqual(["conversation.created"])
    // One event, one id, whichever endpoint it reached.
    const chatEventIds = [all, conversations, mixed].map(
      (to) => to.received.find((delivery) => delivery.event === "conversation.created")!.eventId
    )
    expect(new Set(chatEventIds).size).toBe(1)
  })

  it("holds a paused endpoint's deliveries, unsent, and sends them all once it is resumed", async () => {
    const held = await hook()
    const created = await subscribe(held, { events: ["conversation.created"], paused: true })
    expect(created.paused).toBe(true)
    expect(Date.parse(created.pausedAt)).toBeGreaterThan(Date.now() - 60_000)
    const names = ["Held 1", "Held 2", "Held 3"]
    const conversationIds = []
    for (const name of names) conversationIds.push((await conversation(name)).id)
    await sleep(2_000)
    expect(held.requests).toHaveLength(0)
    // Nothing was attempted: the history stays empty while it waits.
    const history = await json(await call(chatKey, "GET", `/tenants/${tenantId}/webhooks/${created.id}/deliveries`))
    expect(history.data).toEqual([])

    const resumed = await json(
      await call(chatKey, "PATCH", `/tenants/${tenantId}/webhooks/${created.id}`, { paused: false })
    )
    expect(resumed).toMatchObject({ paused: false, pausedAt: null })
    await until("the held deliveries", () => held.received.length >= 3, 10_000)
    expect(held.received.map((delivery) => delivery.payload.conversation?.id ?? delivery.payload.id).sort()).toEqual(
      [...conversationIds].sort()
    )
    // Paused again, a new event waits again.
    await json(await call(chatKey, "PATCH", `/tenants/${tenantId}/webhooks/${created.id}`, { paused: true }))
    await conversation("Held again")
    await sleep(1_500)
    expect(held.received).toHaveLength(3)
  })

  /** Messages sent to the throttled endpoint and the one beside it. */
  const MESSAGES = 6
  it("spaces a throttled endpoint's deliveries by its rate, while an endpoint beside it gets its own at once", async () => {
    const [slow, fast] = [await hook(), await hook()]
    // Both paused while the events are made, then resumed together: their deliveries are due at once.
    // One a second, far slower than the deliveries beside it take even on a loaded machine.
    const throttled = await subscribe(slow, { events: ["message.created"], ratePerSecond: 1, paused: true })
    expect(throttled.ratePerSecond).toBe(1)
    const beside = await subscribe(fast, { events: ["message.created"], paused: true })
    const { id } = await conversation("Throttled")
    for (let n = 0; n < MESSAGES; n++) {
      await json(await call(chatKey, "POST", `/v1/chat/conversations/${id}/messages`, { content: `message ${n}` }))
    }
    // The receiver stamps each request in this process, where the sender and the embedded database's
    // queries also run: a stall of its event loop can delay a send after its slot, and stamp late a
    // request that came before it. Twice the longest stall is the margin, at most 600 ms.
    const stalls = monitorEventLoopDelay({ resolution: 10 })
    stalls.enable()
    await Promise.all(
      [throttled, beside].map((endpoint) =>
        call(chatKey, "PATCH", `/tenants/${tenantId}/webhooks/${endpoint.id}`, { paused: false }).then((answer) => json(answer))
      )
    )
    await until(`the throttled endpoint's ${MESSAGES} messages`, () => slow.received.length >= MESSAGES, 30_000)
    stalls.disable()
    const stalled = Math.min(300, stalls.max / 1e6)
    expect(fast.received).toHaveLength(MESSAGES)
    const times = slow.requests.map((request) => request.at).sort((a, b) => a - b)
    // One a second: never two within 800 ms (a margin for the network's jitter) less the stalls'.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThan(800 - 2 * stalled)
    // The whole span likewise: a first request stamped late shortens it by as much as a stall.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((MESSAGES - 1) * 1_000 - 200 - 2 * stalled)
    // The endpoint beside it was not held back: all of its deliveries arrived before the throttled
    // one's fourth, 3 s in. Had the throttle held the workers, or spaced both endpoints, its last
    // would come with the throttled one's last, 5 s in; unthrottled, even a loaded machine sends
    // them within a second or two.
    expect(Math.max(...fast.requests.map((request) => request.at))).toBeLessThan(times[3]!)
    // Every message arrived once, each its own event.
    expect(new Set(slow.received.map((delivery) => delivery.eventId)).size).toBe(MESSAGES)

    const cleared = await json(
      await call(chatKey, "PATCH", `/tenants/${tenantId}/webhooks/${throttled.id}`, { ratePerSecond: null })
    )
    expect(cleared.ratePerSecond).toBeNull()
  })

  it("refuses bad controls with a 400 naming the field, and a 101st endpoint with a 409, changing nothing", async () => {
    const target = await hook()
    const created = await subscribe(target, { events: ["conversation.created"] })
    for (const [body, field] of [
      [{ ratePerSecond: 0 }, "ratePerSecond"],
      [{ ratePerSecond: "5" }, "ratePerSecond"],
      [{ paused: 1 }, "paused"],
      [{ products: ["voice"] }, "products"],
      [{ products: ["chat\u0000"] }, "products"],
      [{ products: Array.from({ length: 50 }, () => "chat") }, "products"]
    ] as const) {
      const error = await expectRefusal(
        await call(chatKey, "PATCH", `/tenants/${tenantId}/webhooks/${created.id}`, body),
        400,
        "validation_failed"
      )
      // A list's bad member is named by its index (`products.0`).
      expect(error.details?.[0]?.field.split(".")[0]).toBe(field)
    }
    expect(await json(await call(chatKey, "GET", `/tenants/${tenantId}/webhooks/${created.id}`))).toMatchObject({
      events: ["conversation.created"],
      products: [],
      ratePerSecond: null,
      paused: false
    })

    // A tenant without Automations may not name it.
    const small = await served.kit.admin.createTenant({ name: "Small", entitlements: ["chat"] })
    const smallKey = (
      await served.kit.admin.createKey({ tenantId: small.id, product: "chat", environment: "live", scopes: ["webhooks:manage"] })
    ).key
    const create = (body: Record<string, unknown>) =>
      call(smallKey, "POST", `/tenants/${small.id}/webhooks`, { url: target.url(), ...body })
    await expectRefusal(await create({ products: ["automations"] }), 403, "product_not_entitled")
    for (let n = 0; n < 100; n++) await json(await create({ description: `endpoint ${n}` }))
    const full = await expectRefusal(await create({}), 409, "webhook_limit_reached")
    expect(full.message).toContain("100")
    const listed = await json(await call(smallKey, "GET", `/tenants/${small.id}/webhooks?limit=100`))
    expect(listed.data).toHaveLength(100)
    expect(listed.meta.nextCursor).toBeNull()
  }, 60_000)
})
