import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { modules } from "@servicekit/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectJson } from "./automationsClient.js"
import { createKey, expectRefusal, keyCount, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-list-caps-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const key = (extra: Record<string, unknown>) =>
  JSON.stringify({ name: "capped", product: "voice", environment: "live", scopes: ["voice:read"], ...extra })

/** `count` distinct /32 addresses. */
const addresses = (count: number) => Array.from({ length: count }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)

describe("every list a tenant stores is capped: one item more is a 400 naming the list, and nothing is stored", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir }))
  let automations: string
  let chatTenant: string
  let chatAdmin: string

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Caps", entitlements: ["automations", "chat"] })
    chatTenant = tenant.id
    chatAdmin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    automations = (
      await served.kit.admin.createKey({
        tenantId: tenant.id,
        product: "automations",
        environment: "live",
        scopes: ["automations:manage"]
      })
    ).key
  })

  const api = (credential: string) => (method: string, path: string, body?: unknown) =>
    fetch(`${served.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  const fieldsOf = (error: { details?: Array<{ field: string }> }) => error.details?.map((detail) => detail.field)

  it("caps a key's IP allowlist at 100 entries of at most 64 characters, and its scopes at 50", async () => {
    const before = await keyCount(served)
    for (const [extra, field] of [
      [{ ipAllowlist: addresses(101) }, "ipAllowlist"],
      [{ ipAllowlist: addresses(60_001) }, "ipAllowlist"],
      [{ ipAllowlist: [`10.0.0.1/${"3".repeat(70)}`] }, "ipAllowlist"],
      [{ scopes: Array(51).fill("voice:read") }, "scopes"]
    ] as const) {
      const error = await expectRefusal(await createKey(served, key(extra)), 400, "validation_failed")
      expect(fieldsOf(error)).toEqual([field])
    }
    expect(await keyCount(served)).toBe(before)
    const created = await expectJson(await createKey(served, key({ ipAllowlist: addresses(100) })))
    expect(created.ipAllowlist).toHaveLength(100)
    // From code too.
    const fromCode = served.kit.admin.createKey({
      tenantId: served.tenantId,
      product: "voice",
      environment: "live",
      scopes: ["voice:read"],
      ipAllowlist: addresses(101)
    })
    await expect(fromCode).rejects.toMatchObject({ details: [{ field: "ipAllowlist" }] })
    expect(await keyCount(served)).toBe(before + 1)
  })

  it("caps webhook event lists, trigger event lists, tool profile lists and an agent step's skills", async () => {
    const webhooks = `/tenants/${chatTenant}/webhooks`
    // A list of events holds 20, or as many as the catalog has so that naming each once fits.
    const catalogEvents = modules.flatMap((module) => [
      ...("products" in module ? (module.products ?? []) : []).flatMap((product) => ("events" in product ? (product.events ?? []) : [])),
      ...("events" in module ? (module.events ?? []) : [])
    ])
    const hook = await api(chatAdmin)("POST", webhooks, {
      url: "https://hooks.example.com/",
      events: Array(Math.max(20, catalogEvents.length) + 1).fill("message.created")
    })
    expect(fieldsOf(await expectRefusal(hook, 400, "validation_failed"))).toEqual(["events"])
    expect((await expectJson(await api(chatAdmin)("GET", webhooks))).data).toEqual([])

    const v1 = api(automations)
    const workflows = async () => (await expectJson(await v1("GET", "/v1/automations/workflows?limit=100"))).data
    const refusedWorkflows: Array<[unknown, unknown, string]> = [
      [{ schemaVersion: 1, type: "event", events: Array(6).fill("message.created") }, [{ type: "log" }], "triggerJson.events"],
      [
        { schemaVersion: 1, type: "manual" },
        [{ type: "agent", instructions: "x", skills: Array(51).fill("memory.get") }],
        "stepsJson.0.skills"
      ]
    ]
    for (const [triggerJson, stepsJson, field] of refusedWorkflows) {
      const refused = await v1("POST", "/v1/automations/workflows", { name: "Capped", triggerJson, stepsJson })
      expect(fieldsOf(await expectRefusal(refused, 400, "validation_failed"))).toEqual([field])
    }
    expect(await workflows()).toEqual([])

    const profile = await v1("POST", "/v1/automations/tool-profiles", { name: "wide", deny: Array(201).fill("x.y") })
    expect(fieldsOf(await expectRefusal(profile, 400, "validation_failed"))).toEqual(["deny"])
    expect((await expectJson(await v1("GET", "/v1/automations/tool-profiles"))).data).toEqual([])
  })
})
