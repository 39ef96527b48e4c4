import { mkdtempSync, rmSync } from "node:fs"
import type { Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { signDashboardToken } from "@servicekit/adapters"
import { ApiKeyService, CallingService, TenantService } from "@servicekit/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// @ts-expect-error: plain JavaScript example
import { createApp } from "../app.mjs"

describe("ServiceKit mounted inside an Express app", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-express-"))
  let server: Server
  let kit: any
  let base: string
  let key: string

  beforeAll(async () => {
    // The embedded database in a folder of its own, whatever DATABASE_URL and REDIS_URL say.
    const created = createApp({ dataDir, databaseUrl: "", redisUrl: "" })
    kit = created.kit
    server = created.app.listen(0, "127.0.0.1")
    await new Promise((resolve) => server.once("listening", resolve))
    const address = server.address() as { port: number }
    base = `http://127.0.0.1:${address.port}`
    key = await kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Express tenant", entitlements: ["voice"] })
        yield* (yield* CallingService).ingest(tenant.id, [
          { fromId: "+1", toId: "+2", direction: "outbound", durationSecs: 12, result: "completed", startedAt: "2026-11-01T09:00:00Z" }
        ])
        const { key } = yield* (yield* ApiKeyService).create({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:read"] })
        return key
      })
    )
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await kit.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("keeps the host app's own routes", async () => {
    expect(await (await fetch(`${base}/`)).text()).toBe("Acme portal")
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true })
  })

  it("serves the public API under /api with the full URL and headers", async () => {
    const response = await fetch(`${base}/api/v1/voice/calls?limit=5&direction=outbound`, { headers: { "x-api-key": key } })
    expect(response.status).toBe(200)
    expect(response.headers.get("x-ratelimit-limit")).toBe("600")
    expect(response.headers.get("x-request-id")).toBeTruthy()
    const body = await response.json()
    expect(body.meta).toEqual({ limit: 5, nextCursor: null })
    expect(body.data).toHaveLength(1)
    expect(body.data[0]).toMatchObject({ direction: "outbound", durationSecs: 12, startedAt: "2026-11-01T09:00:00.000Z" })
  })

  it("sees the client address from the socket for IP allowlists", async () => {
    const tenantKey = await kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Fenced", entitlements: ["voice"] })
        const keys = yield* ApiKeyService
        const inside = yield* keys.create({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:read"], ipAllowlist: ["127.0.0.1"] })
        const outside = yield* keys.create({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:read"], ipAllowlist: ["10.0.0.0/8"] })
        return { inside: inside.key, outside: outside.key }
      })
    )
    expect((await fetch(`${base}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${tenantKey.inside}` } })).status).toBe(200)
    const refused = await fetch(`${base}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${tenantKey.outside}` } })
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe("ip_not_allowed")
  })

  it("passes request bodies through to dashboard routes", async () => {
    const tenant = await kit.runtime.runPromise(
      Effect.flatMap(TenantService, (tenants) => tenants.create({ name: "Dashboard", entitlements: ["voice"] }))
    )
    const token = await signDashboardToken(kit.config.jwtSecret, { tenantId: tenant.id, role: "admin", sub: "u1" })
    const response = await fetch(`${base}/api/tenants/${tenant.id}/api-keys`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: "from express", product: "voice", environment: "test", scopes: ["voice:read"] })
    })
    expect(response.status).toBe(200)
    const created = await response.json()
    expect(created).toMatchObject({ name: "from express", environment: "test" })
    const calls = await fetch(`${base}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${created.key}` } })
    expect(calls.status).toBe(200)
  })
})
