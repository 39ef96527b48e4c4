import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { RetentionService, WebhookDeliveryRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const DAY = 86_400_000

// A tenant's own retention periods over HTTP, within the platform's (here webhook deliveries 60 days).
describe("retention periods an account chooses", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-retention-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir, SERVICEKIT_RETENTION_DAYS: "webhooks.deliveries=60" }))
  let tenantId: string
  let key: string
  let otherId: string
  let otherKey: string
  let voiceKey: string
  let automationsKey: string
  let unscopedKey: string
  let member: string
  let admin: string

  const request = (credential: string, method: string, path = "", body?: unknown) =>
    fetch(`${served.url}/api/v1/retention${path}`, {
      method,
      headers: {
        authorization: `Bearer ${credential}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
    })
  const ok = async (response: Promise<Response>) => {
    const answered = await response
    expect(answered.status).toBe(200)
    return answered.json()
  }
  const periodOf = async (credential: string, kind: string) =>
    ((await ok(request(credential, "GET"))).data as Array<{ kind: string }>).find((period) => period.kind === kind)

  beforeAll(async () => {
    const tenantWith = async (name: string, product: "chat" | "voice" | "automations", scopes: Array<"retention:manage" | "chat:read" | "voice:read">) => {
      const tenant = await served.kit.admin.createTenant({ name, entitlements: [product] })
      const created = await served.kit.admin.createKey({ tenantId: tenant.id, product, environment: "live", scopes } as never)
      return { id: tenant.id, key: created.key }
    }
    const chat = await tenantWith("Acme Chat", "chat", ["chat:read", "retention:manage"])
    tenantId = chat.id
    key = chat.key
    const other = await tenantWith("Other Chat", "chat", ["retention:manage"])
    otherId = other.id
    otherKey = other.key
    voiceKey = (await tenantWith("Voice only", "voice", ["retention:manage"])).key
    automationsKey = (await tenantWith("Automations", "automations", ["retention:manage"])).key
    unscopedKey = (await served.kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:read"] })).key
    member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "m", role: "member" })).token
    admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "a", role: "admin" })).token
  })

  it("lists the kinds the account's products keep, with the default, the platform's period and its own", async () => {
    const listed = await ok(request(key, "GET"))
    expect(listed.data).toEqual([
      {
        kind: "chat.conversations",
        description: expect.stringContaining("Conversations"),
        product: "chat",
        defaultDays: null,
        minimumDays: 1,
        platformDays: null,
        tenantDays: null,
        days: null,
        updatedAt: null
      },
      {
        kind: "chat.visitor_tokens",
        description: expect.stringContaining("session tokens"),
        product: "chat",
        defaultDays: 7,
        minimumDays: 1,
        platformDays: 7,
        tenantDays: null,
        days: 7,
        updatedAt: null
      },
      {
        kind: "webhooks.deliveries",
        description: expect.stringContaining("Deliveries"),
        product: null,
        defaultDays: 90,
        minimumDays: 1,
        platformDays: 60,
        tenantDays: null,
        days: 60,
        updatedAt: null
      }
    ])
    // A voice-only account keeps no conversations: the kind is not its to set.
    expect((await ok(request(voiceKey, "GET"))).data.map((period: { kind: string }) => period.kind)).toEqual(["webhooks.deliveries"])
    await expectRefusal(await request(voiceKey, "PUT", "/chat.conversations", { days: 30 }), 404, "retention_kind_not_found")
  })

  it("sets a period within the platform's, or any where the platform keeps the kind, and follows the platform's again with null", async () => {
    const chosen = await ok(request(key, "PUT", "/webhooks.deliveries", { days: 14 }))
    expect(chosen).toMatchObject({ kind: "webhooks.deliveries", platformDays: 60, tenantDays: 14, days: 14 })
    expect(Date.parse(chosen.updatedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(await periodOf(key, "webhooks.deliveries")).toEqual(chosen)
    expect(await ok(request(admin, "PUT", "/chat.conversations", { days: 3650 }))).toMatchObject({ platformDays: null, tenantDays: 3650, days: 3650 })
    // The other account is untouched.
    expect(await periodOf(otherKey, "webhooks.deliveries")).toMatchObject({ tenantDays: null, days: 60 })

    expect(await ok(request(key, "PUT", "/chat.conversations", { days: null }))).toMatchObject({ tenantDays: null, days: null, updatedAt: null })
    expect(await periodOf(key, "chat.conversations")).toMatchObject({ tenantDays: null, days: null })
  })

  it("refuses what it cannot keep, at the field, and changes nothing", async () => {
    await ok(request(key, "PUT", "/webhooks.deliveries", { days: 21 }))
    const longer = await expectRefusal(await request(key, "PUT", "/webhooks.deliveries", { days: 61 }), 400, "validation_failed")
    expect(longer.details).toEqual([{ field: "days", reason: "must be at most 60: the platform keeps webhooks.deliveries 60 days" }])
    for (const body of [{ days: 0 }, { days: 36_501 }, { days: 1.5 }, { days: "30" }, {}, "[]", { days: 1e308 }]) {
      await expectRefusal(await request(key, "PUT", "/webhooks.deliveries", body), 400, "validation_failed")
    }
    await expectRefusal(await request(key, "PUT", "/webhooks.deliveries", "{"), 400, "invalid_body")
    for (const kind of ["Webhooks.Deliveries", "webhooks", "webhooks.deliveries%00", `webhooks.${"d".repeat(200)}`]) {
      await expectRefusal(await request(key, "PUT", `/${kind}`, { days: 7 }), 400, "validation_failed")
    }
    await expectRefusal(await request(key, "PUT", "/webhooks.nothing", { days: 7 }), 404, "retention_kind_not_found")
    // Runs are kept the SLO's 7 days at least.
    const runs = await periodOf(automationsKey, "automations.runs")
    expect(runs).toMatchObject({ product: "automations", defaultDays: 30, minimumDays: 7, platformDays: 30, days: 30 })
    const fewer = await expectRefusal(await request(automationsKey, "PUT", "/automations.runs", { days: 6 }), 400, "validation_failed")
    expect(fewer.details).toEqual([{ field: "days", reason: "must be at least 7: automations.runs is kept that long at least" }])
    expect(await periodOf(automationsKey, "automations.runs")).toEqual(runs)
    expect(await ok(request(automationsKey, "PUT", "/automations.runs", { days: 7 }))).toMatchObject({ tenantDays: 7, days: 7 })
  })

  it("lets the platform read and set an account's periods through kit.admin, as the account would", async () => {
    const listed = await served.kit.admin.getTenantRetention(otherId)
    expect(JSON.parse(JSON.stringify(listed))).toEqual((await ok(request(otherKey, "GET"))).data)
    const chosen = await served.kit.admin.setTenantRetention(otherId, "webhooks.deliveries", 30)
    expect(chosen).toMatchObject({ kind: "webhooks.deliveries", platformDays: 60, tenantDays: 30, days: 30 })
    expect(await periodOf(otherKey, "webhooks.deliveries")).toMatchObject({ tenantDays: 30, days: 30 })
    await expect(served.kit.admin.setTenantRetention(otherId, "webhooks.deliveries", 61)).rejects.toMatchObject({
      _tag: "ValidationFailed",
      details: [{ field: "days", reason: "must be at most 60: the platform keeps webhooks.deliveries 60 days" }]
    })
    await expect(served.kit.admin.getTenantRetention(globalThis.crypto.randomUUID())).rejects.toMatchObject({ _tag: "TenantNotFound" })
    await expect(served.kit.admin.setTenantRetention(otherId, "webhooks.nothing", 3)).rejects.toMatchObject({ _tag: "RetentionKindNotFound" })
    expect(await served.kit.admin.setTenantRetention(otherId, "webhooks.deliveries", null)).toMatchObject({ tenantDays: null, days: 60 })
    // A member reads; only an admin (or a key with the scope) changes it; a key without the scope does neither.
    expect(await periodOf(member, "webhooks.deliveries")).toMatchObject({ tenantDays: 21 })
    await expectRefusal(await request(member, "PUT", "/webhooks.deliveries", { days: 7 }), 403, "admin_required")
    await expectRefusal(await request(unscopedKey, "GET"), 403, "missing_scope")
    expect(await periodOf(key, "webhooks.deliveries")).toMatchObject({ tenantDays: 21, days: 21 })
  })

  it("prunes the account's deliveries past its own period at the sweep, and another account's only past the platform's", async () => {
    await ok(request(key, "PUT", "/webhooks.deliveries", { days: 7 }))
    const run = <A>(effect: Effect.Effect<A, never, any>) => served.kit.runtime.runPromise(effect as Effect.Effect<A>)
    // Paused endpoints: their deliveries are only the ones written below.
    const subscribe = async (owner: string) => {
      const token = (await served.kit.admin.issueDashboardToken(owner, { sub: "a", role: "admin" })).token
      const response = await fetch(`${served.url}/api/tenants/${owner}/webhooks`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ url: "https://hooks.example.com/in", events: ["message.created"], paused: true })
      })
      expect(response.status).toBe(200)
      return (await response.json()).id as string
    }
    const subscriptionOf = { [tenantId]: await subscribe(tenantId), [otherId]: await subscribe(otherId) }
    const ended = (owner: string, days: number) => ({
      id: globalThis.crypto.randomUUID(),
      tenantId: owner,
      subscriptionId: subscriptionOf[owner]!,
      eventId: globalThis.crypto.randomUUID(),
      event: "message.created",
      body: "{}",
      status: "succeeded" as const,
      attempts: 1,
      nextAttemptAt: null,
      createdAt: new Date(Date.now() - (days + 1) * DAY),
      updatedAt: new Date(Date.now() - days * DAY)
    })
    const deliveries = [ended(tenantId, 61), ended(tenantId, 8), ended(tenantId, 6), ended(otherId, 61), ended(otherId, 8)]
    await run(Effect.flatMap(WebhookDeliveryRepository, (repository) => repository.insertMany(deliveries)))
    await run(Effect.flatMap(RetentionService, (retention) => retention.sweep))
    const found = await run(
      Effect.flatMap(WebhookDeliveryRepository, (repository) =>
        Effect.forEach(deliveries, (delivery) => repository.find(delivery.tenantId, delivery.id))
      )
    )
    expect(found.map((delivery) => delivery._tag)).toEqual(["None", "None", "Some", "None", "Some"])
  })
})
