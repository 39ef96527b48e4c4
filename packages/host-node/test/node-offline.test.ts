import { createHmac } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { kitOn, serve } from "./hostileInput.js"
import { receiver, until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-node-offline-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe("node.offline: a paired companion node unheard from, on the embedded default", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_NODE_OFFLINE_SECONDS: "2"
    })
  )
  const hook = receiver()
  let tenantId: string
  let key: string
  let secret: string

  const call = async (credential: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${served.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${credential}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    expect(response.status, await response.clone().text()).toBe(200)
    return response.json()
  }
  const offlineEvents = () => hook.received.filter((delivery) => delivery.event === "node.offline")

  beforeAll(async () => {
    await hook.start()
    await served.kit.startWorkers()
    tenantId = (await served.kit.admin.createTenant({ name: "Devices", entitlements: ["automations"] })).id
    key = (
      await served.kit.admin.createKey({
        tenantId,
        product: "automations",
        environment: "live",
        scopes: ["automations:manage", "webhooks:manage"]
      })
    ).key
    const subscription = await call(key, "POST", `/tenants/${tenantId}/webhooks`, { url: hook.url(), events: ["node.offline"] })
    secret = subscription.secret
    hook.setSecret(secret)
  })
  afterAll(() => hook.stop())

  it("sends node.offline once when the device goes quiet, online again once heard, and again when it goes quiet again", async () => {
    const created = await call(key, "POST", "/v1/automations/nodes", { name: "Ada's laptop" })
    const claimed = await call("none", "POST", "/v1/automations/nodes/claim", {
      pairingCode: created.pairingCode,
      platform: "darwin arm64",
      version: "1.4.0"
    })
    // A node never claimed is not offline: only paired devices are watched.
    await call(key, "POST", "/v1/automations/nodes", { name: "Never claimed" })

    await until("node.offline", () => offlineEvents().length >= 1, 15_000)
    const [first] = offlineEvents()
    expect(first!.payload).toEqual({
      node: {
        id: created.id,
        name: "Ada's laptop",
        platform: "darwin arm64",
        version: "1.4.0",
        lastSeenAt: expect.any(String),
        offlineSince: expect.any(String)
      }
    })
    expect(Date.parse(first!.payload.node.offlineSince) - Date.parse(first!.payload.node.lastSeenAt)).toBeGreaterThanOrEqual(2_000)
    // Signed by the seed's rule.
    const raw = hook.requests.find((request) => JSON.parse(request.body).eventId === first!.eventId)!
    const signature = createHmac("sha256", secret).update(`${raw.headers["x-service-timestamp"]}.${raw.body}`).digest("hex")
    expect(raw.headers["x-service-signature"]).toBe(signature)
    const listed = await call(key, "GET", "/v1/automations/nodes")
    const node = listed.data.find((one: { id: string }) => one.id === created.id)
    expect(node.offlineSince).toBe(first!.payload.node.offlineSince)
    expect(listed.data.filter((one: { offlineSince: string | null }) => one.offlineSince !== null)).toHaveLength(1)

    // Offline is said once, however long it stays quiet.
    await sleep(2_500)
    expect(offlineEvents()).toHaveLength(1)

    // Heard from again: online at once.
    const beat = await call(claimed.deviceSecret, "POST", `/v1/automations/nodes/${created.id}/heartbeat`, {})
    expect(beat).toBeDefined()
    const back = (await call(key, "GET", "/v1/automations/nodes")).data.find((one: { id: string }) => one.id === created.id)
    expect(back.offlineSince).toBeNull()
    await until("node.offline again", () => offlineEvents().length >= 2, 15_000)
    expect(offlineEvents()[1]!.payload.node.id).toBe(created.id)
    expect(offlineEvents()[1]!.eventId).not.toBe(first!.eventId)
  })
})
