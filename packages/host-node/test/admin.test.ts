import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-admin-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const adminToken = "platform-admin-token-of-at-least-32-chars"

describe("platform admin API", () => {
  const served = serve(() => kitOn({ SERVICEKIT_ADMIN_TOKEN: adminToken, SERVICEKIT_DATA_DIR: join(dataDir, "with-token") }))
  const admin = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`${served.url}/api/admin${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${init.token ?? adminToken}`,
        ...(init.body === undefined ? {} : { "content-type": "application/json" })
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body)
    })
  const calls = (key: string) =>
    fetch(`${served.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status)

  it("refuses anything but the admin token, in constant-time comparison's terms: 401 with the common body", async () => {
    await expectRefusal(await admin("/tenants", { token: `${adminToken}x` }), 401, "invalid_admin_token")
    await expectRefusal(await admin("/tenants", { token: adminToken.slice(0, -1) }), 401, "invalid_admin_token")
    await expectRefusal(await admin("/tenants", { token: served.key }), 401, "invalid_admin_token")
    await expectRefusal(await admin("/tenants", { token: served.admin }), 401, "invalid_admin_token")
    await expectRefusal(await fetch(`${served.url}/api/admin/tenants`), 401, "missing_credentials")
  })

  it("runs a tenant's whole lifecycle without a restart", async () => {
    const created = await admin("/tenants", { method: "POST", body: { name: "  Globex ", entitlements: ["voice"] } })
    expect(created.status).toBe(200)
    const tenant = await created.json()
    expect(tenant).toEqual({
      id: expect.any(String),
      name: "Globex",
      entitlements: ["voice"],
      weight: 1,
      maxRunningRuns: null,
      suspension: null,
      createdAt: expect.any(String)
    })

    expect(await (await admin(`/tenants/${tenant.id}`)).json()).toEqual(tenant)
    const listed = (await (await admin("/tenants")).json()).data
    expect(listed).toContainEqual(tenant)

    // Keys only for products the tenant is entitled to.
    await expectRefusal(
      await admin(`/tenants/${tenant.id}/api-keys`, {
        method: "POST",
        body: { product: "chat", environment: "live", scopes: ["chat:read"] }
      }),
      400,
      "validation_failed"
    )
    const keyResponse = await admin(`/tenants/${tenant.id}/api-keys`, {
      method: "POST",
      body: { product: "voice", environment: "live", scopes: ["voice:read"], name: "reporting" }
    })
    expect(keyResponse.status).toBe(200)
    const key = await keyResponse.json()
    expect(key.key).toMatch(/^svk_live_voice_/)
    expect(await calls(key.key)).toBe(200)
    expect((await (await admin(`/tenants/${tenant.id}/api-keys`)).json()).data).toEqual([
      expect.objectContaining({ id: key.id, name: "reporting", revokedAt: null })
    ])
    expect(JSON.stringify((await (await admin(`/tenants/${tenant.id}/api-keys`)).json()).data)).not.toContain(key.key)

    // An entitlement removed applies to the next request, though the key was just verified and cached.
    const updated = await admin(`/tenants/${tenant.id}`, { method: "PATCH", body: { entitlements: ["chat"] } })
    expect(await updated.json()).toEqual({ ...tenant, entitlements: ["chat"] })
    const refused = await fetch(`${served.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key.key}` } })
    await expectRefusal(refused, 403, "product_not_entitled")
    await admin(`/tenants/${tenant.id}`, {
      method: "PATCH",
      body: { entitlements: ["voice", "chat"], name: "Globex Corp" }
    })
    expect(await calls(key.key)).toBe(200)
    expect((await (await admin(`/tenants/${tenant.id}`)).json()).name).toBe("Globex Corp")

    // A larger plan: a larger share of background work, set and read back; the rest stays.
    const weighted = await admin(`/tenants/${tenant.id}`, { method: "PATCH", body: { weight: 3 } })
    expect(await weighted.json()).toEqual({ ...tenant, name: "Globex Corp", entitlements: ["voice", "chat"], weight: 3 })
    const heavy = await (await admin("/tenants", { method: "POST", body: { name: "Initech", weight: 100 } })).json()
    expect((await (await admin(`/tenants/${heavy.id}`)).json()).weight).toBe(100)
    // A cap on its running runs, set, read back, and back to the platform's default with null.
    const capped = await admin(`/tenants/${tenant.id}`, { method: "PATCH", body: { maxRunningRuns: 25 } })
    expect(await capped.json()).toMatchObject({ weight: 3, maxRunningRuns: 25 })
    const uncapped = await admin(`/tenants/${tenant.id}`, { method: "PATCH", body: { maxRunningRuns: null } })
    expect(await uncapped.json()).toMatchObject({ weight: 3, maxRunningRuns: null })
    const small = await (await admin("/tenants", { method: "POST", body: { name: "Hooli", maxRunningRuns: 1 } })).json()
    expect((await (await admin(`/tenants/${small.id}`)).json()).maxRunningRuns).toBe(1)

    // A dashboard token for a tenant user works on the dashboard routes.
    const issued = await admin(`/tenants/${tenant.id}/dashboard-tokens`, {
      method: "POST",
      body: { sub: "user-42", role: "admin", expiresInSeconds: 600 }
    })
    expect(issued.status).toBe(200)
    const { expiresAt, token } = await issued.json()
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(500_000)
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(600_000)
    const dashboard = await fetch(`${served.url}/api/tenants/${tenant.id}/api-keys`, {
      headers: { authorization: `Bearer ${token}` }
    })
    expect(dashboard.status).toBe(200)
    expect((await dashboard.json()).data).toHaveLength(1)

    const revoked = await admin(`/tenants/${tenant.id}/api-keys/${key.id}`, { method: "DELETE" })
    expect((await revoked.json()).revokedAt).not.toBeNull()
    await expectRefusal(
      await fetch(`${served.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key.key}` } }),
      401,
      "key_revoked"
    )
  })

  it("answers 404 for unknown tenants and keys and 400 for bad input, changing nothing", async () => {
    const missing = "00000000-0000-4000-8000-000000000000"
    await expectRefusal(await admin(`/tenants/${missing}`), 404, "tenant_not_found")
    await expectRefusal(
      await admin(`/tenants/${missing}`, { method: "PATCH", body: { name: "x" } }),
      404,
      "tenant_not_found"
    )
    await expectRefusal(await admin(`/tenants/${missing}/api-keys`), 404, "tenant_not_found")
    await expectRefusal(
      await admin(`/tenants/${missing}/dashboard-tokens`, { method: "POST", body: { sub: "u", role: "admin" } }),
      404,
      "tenant_not_found"
    )
    await expectRefusal(
      await admin(`/tenants/${served.tenantId}/api-keys/${missing}`, { method: "DELETE" }),
      404,
      "api_key_not_found"
    )
    await expectRefusal(await admin("/tenants/not-a-uuid"), 400, "validation_failed")

    const before = (await (await admin("/tenants")).json()).data.length
    for (const body of [
      { name: "" },
      { name: "x".repeat(201) },
      { name: "Acme", entitlements: ["telepathy"] },
      { name: 42 },
      { entitlements: ["voice"] },
      { name: "Acme", weight: 0 },
      { name: "Acme", weight: 101 },
      { name: "Acme", weight: 2.5 },
      { name: "Acme", weight: "3" },
      { name: "Acme", maxRunningRuns: 0 },
      { name: "Acme", maxRunningRuns: 100_001 },
      { name: "Acme", maxRunningRuns: 1.5 },
      { name: "Acme", maxRunningRuns: "5" }
    ]) {
      await expectRefusal(await admin("/tenants", { method: "POST", body }), 400, "validation_failed")
    }
    for (const body of [
      { entitlements: ["x"] },
      { weight: -1 },
      { weight: 1e9 },
      { name: "Renamed", weight: null },
      { name: "Renamed", maxRunningRuns: -1 },
      { maxRunningRuns: 1e9 },
      { maxRunningRuns: true }
    ]) {
      await expectRefusal(await admin(`/tenants/${served.tenantId}`, { method: "PATCH", body }), 400, "validation_failed")
    }
    for (const body of [
      { sub: "", role: "admin" },
      { sub: "u", role: "owner" },
      { sub: "u", role: "admin", expiresInSeconds: 10 }
    ]) {
      await expectRefusal(
        await admin(`/tenants/${served.tenantId}/dashboard-tokens`, { method: "POST", body }),
        400,
        "validation_failed"
      )
    }
    expect((await (await admin("/tenants")).json()).data.length).toBe(before)
    const unchanged = await (await admin(`/tenants/${served.tenantId}`)).json()
    expect(unchanged.entitlements).toEqual(["voice"])
    expect(unchanged.weight).toBe(1)
    expect(unchanged.maxRunningRuns).toBeNull()
    expect(unchanged.name).not.toBe("Renamed")
  })

  it("documents the admin routes with their own security scheme", async () => {
    const document = await (await fetch(`${served.url}/api/v1/openapi.json`)).json()
    expect(Object.keys(document.paths)).toContain("/admin/tenants")
    expect(document.components.securitySchemes.platformAdminToken).toMatchObject({ type: "http", scheme: "bearer" })
  })
})

describe("without an admin token", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "without") }))

  it("the admin routes do not exist, and the document does not list them", async () => {
    for (const token of ["", "anything-at-all-that-is-long-enough-to-be-a-token"]) {
      const response = await fetch(`${served.url}/api/admin/tenants`, { headers: { authorization: `Bearer ${token}` } })
      await expectRefusal(response, 404, "route_not_found")
    }
    const document = await (await fetch(`${served.url}/api/v1/openapi.json`)).json()
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/admin"))).toEqual([])
    expect(document.components.securitySchemes).not.toHaveProperty("platformAdminToken")
  })
})
