import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { kitOn, serve } from "./hostileInput.js"
import { receiver, until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-receivers-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const env = (folder: string, more: Record<string, string> = {}) => ({
  SERVICEKIT_DATA_DIR: join(dataDir, folder),
  SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
  SERVICEKIT_WEBHOOK_RETRY_SECONDS: "0.05",
  SERVICEKIT_WEBHOOK_DRAIN_SECONDS: "1",
  ...more
})

interface Attempt {
  readonly deliveryId: string
  readonly attempt: number
  readonly statusCode: number | null
  readonly error: string | null
  readonly nextRetryAt: string | null
}

/** A tenant of the served kit with a chat key, calling the API with it. */
const tenantOf = async (served: ReturnType<typeof serve>, name: string) => {
  const tenant = await served.kit.admin.createTenant({ name, entitlements: ["chat"] })
  const { key } = await served.kit.admin.createKey({
    tenantId: tenant.id,
    product: "chat",
    environment: "live",
    scopes: ["chat:read", "chat:write", "webhooks:manage"]
  })
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${served.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    expect(response.status).toBe(200)
    return response.json()
  }
  const subscribe = async (hook: ReturnType<typeof receiver>) => {
    const created = await call("POST", `/tenants/${tenant.id}/webhooks`, {
      url: hook.url(),
      events: ["conversation.created"]
    })
    hook.setSecret(created.secret)
    return created.id as string
  }
  const history = async (subscriptionId: string): Promise<Array<Attempt>> => {
    const attempts: Array<Attempt> = []
    let cursor: string | null = null
    do {
      const page = await call(
        "GET",
        `/tenants/${tenant.id}/webhooks/${subscriptionId}/deliveries?limit=100${cursor ? `&cursor=${cursor}` : ""}`
      )
      attempts.push(...page.data)
      cursor = page.hasMore ? page.nextCursor : null
    } while (cursor !== null)
    return attempts
  }
  const subscription = (id: string) => call("GET", `/tenants/${tenant.id}/webhooks/${id}`)
  const converse = (count: number, label: string) =>
    Promise.all(Array.from({ length: count }, (_, i) => call("POST", "/v1/chat/conversations", { name: `${label} ${i}` })))
  return { tenant, call, subscribe, history, subscription, converse }
}

describe("A receiver that hangs holds only its own connections", () => {
  // Its held requests outlast the test (a busy machine included): none times out into a second attempt.
  const served = serve(() => kitOn(env("hanging", { SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS: "20" })))
  const hanging = receiver()
  const answering = receiver()
  beforeAll(async () => {
    await Promise.all([hanging.start(), answering.start()])
    await served.kit.startWorkers()
  })
  afterAll(async () => {
    await hanging.release()
    await Promise.all([hanging.stop(), answering.stop()])
  })

  it("delivers another tenant's events while it hangs, then each of its own once, none counted twice", async () => {
    const flooding = await tenantOf(served, "Flooding")
    const quiet = await tenantOf(served, "Quiet")
    const floodingHook = await flooding.subscribe(hanging)
    const quietHook = await quiet.subscribe(answering)
    hanging.setMode("hold")

    await flooding.converse(60, "Flood")
    // Its receiver gets as many requests at once as it has connections, and no more.
    await until("the hanging receiver's connections all taken", () => hanging.holding().now === 16)
    await quiet.converse(5, "Quiet")
    await until("the quiet tenant's events", () => answering.received.length === 5)
    // They arrived while every one of the flood's requests was still unanswered.
    expect(hanging.holding().now).toBe(16)
    expect(hanging.received).toEqual([])

    hanging.setMode("ok")
    await hanging.release()
    await until("every flooded event", () => hanging.received.length >= 60, 60_000)
    expect(hanging.holding().most).toBe(16)
    expect(new Set(hanging.received.map((delivery) => delivery.eventId)).size).toBe(60)
    expect(hanging.received).toHaveLength(60)
    // Deliveries turned away while the connections were taken were put back unsent: one attempt each.
    const attempts = await flooding.history(floodingHook)
    expect(attempts).toHaveLength(60)
    expect(attempts.every((attempt) => attempt.attempt === 1 && attempt.statusCode === 200)).toBe(true)
    expect((await quiet.history(quietHook)).map((attempt) => attempt.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(await flooding.subscription(floodingHook)).toMatchObject({ active: true, failingSince: null })
  }, 90_000)
})

describe("A receiver that keeps failing", () => {
  // Failing for 3.6 seconds turns a subscription off here, as 5 days do by default.
  const served = serve(() => kitOn(env("failing", { SERVICEKIT_WEBHOOK_DISABLE_AFTER_HOURS: "0.001" })))
  const hook = receiver()
  const watcher = receiver()
  beforeAll(async () => {
    await Promise.all([hook.start(), watcher.start()])
    await served.kit.startWorkers()
  })
  afterAll(() => Promise.all([hook.stop(), watcher.stop()]))

  it("is paused, then turned off as failing, which the tenant's other endpoint hears; turned on again it starts afresh", async () => {
    const tenant = await tenantOf(served, "Failing")
    const id = await tenant.subscribe(hook)
    // Another endpoint of the tenant listens for endpoints turned off.
    const created = await tenant.call("POST", `/tenants/${tenant.tenant.id}/webhooks`, {
      url: watcher.url(),
      events: ["endpoint.disabled"]
    })
    watcher.setSecret(created.secret)
    hook.setMode("500")
    await tenant.converse(3, "Failing")

    await until("the circuit open", async () => (await tenant.subscription(id)).pausedUntil !== null)
    const open = await tenant.subscription(id)
    expect(open).toMatchObject({ active: true, disabledReason: null })
    expect(Date.parse(open.pausedUntil)).toBeGreaterThan(Date.parse(open.failingSince))
    await until("the subscription turned off", async () => (await tenant.subscription(id)).active === false, 30_000)
    const off = await tenant.subscription(id)
    expect(off).toMatchObject({ active: false, disabledReason: "failing", pausedUntil: null })
    expect(off.failingSince).toBe(open.failingSince)
    await until("endpoint.disabled at the other endpoint", () => watcher.received.length === 1)
    expect(watcher.received[0]).toMatchObject({
      event: "endpoint.disabled",
      payload: { endpoint: { id, url: hook.url(), reason: "failing", failingSince: open.failingSince } }
    })
    // Its deliveries still due end at their next turn, their history saying why.
    const latest = async () => {
      const byDelivery = new Map<string, Attempt>()
      for (const attempt of await tenant.history(id)) {
        const seen = byDelivery.get(attempt.deliveryId)
        if (seen === undefined || seen.attempt < attempt.attempt) byDelivery.set(attempt.deliveryId, attempt)
      }
      return [...byDelivery.values()]
    }
    await until("every delivery ended", async () =>
      (await latest()).every((attempt) => attempt.nextRetryAt === null)
    )
    const ended = await latest()
    expect(ended).toHaveLength(3)
    for (const attempt of ended) {
      expect(["The subscription is disabled.", "HTTP 500"]).toContain(attempt.error)
    }

    // Turned off, it is sent nothing.
    hook.setMode("ok")
    await tenant.converse(1, "While off")
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(hook.received).toEqual([])

    const on = await tenant.call("PATCH", `/tenants/${tenant.tenant.id}/webhooks/${id}`, { active: true })
    expect(on).toMatchObject({ active: true, disabledReason: null, failingSince: null, pausedUntil: null })
    await tenant.converse(1, "Back")
    await until("the next event", () => hook.received.length === 1)
    expect(hook.received[0]!.payload.conversation.name).toBe("Back 0")
    // Told once, and only of the endpoint turned off.
    expect(watcher.received.map((delivery) => delivery.event)).toEqual(["endpoint.disabled"])
  }, 60_000)
})

describe("A receiver slower than the attempt's timeout", () => {
  const served = serve(() => kitOn(env("slow", { SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS: "1" })))
  const slow = receiver()
  beforeAll(async () => {
    await slow.start()
    await served.kit.startWorkers()
  })
  // Its held requests were abandoned by the sender: closed, not answered.
  afterAll(() => slow.stop())

  it("fails the attempt once the configured timeout passes, and tries again", async () => {
    const tenant = await tenantOf(served, "Slow")
    const id = await tenant.subscribe(slow)
    slow.setMode("hold")
    await tenant.converse(1, "Slow")
    await until("the first attempt failed", async () => (await tenant.history(id)).length >= 1, 15_000)
    const [first] = await tenant.history(id)
    expect(first).toMatchObject({ attempt: 1, statusCode: null })
    expect(first!.error).toBe("No complete answer within 1s.")
    expect(first!.nextRetryAt).not.toBeNull()
    // The receiver never answered: the sender gave up on its own clock, not on the receiver's.
    expect(slow.received).toEqual([])
  }, 30_000)
})
