import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { signDashboardToken } from "@servicekit/adapters"
import { ApiKeyService, TenantService } from "@servicekit/core"
import type { NodeServiceKit } from "@servicekit/host-node"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { GET, POST } from "../app/api/[...servicekit]/route.js"

describe("the Next.js route handler example", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-nextjs-"))
  const saved = { ...process.env }
  let kit: NodeServiceKit
  let tenantId: string
  let fencedKey: string

  beforeAll(async () => {
    // The embedded database in a folder of its own, whatever the suite's environment points at.
    Object.assign(process.env, { SERVICEKIT_DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" })
    // The first request creates the kit, as the first request to a Next server does.
    expect((await GET(new Request("http://next.test/api/v1/voice/calls"))).status).toBe(401)
    kit = (globalThis as { serviceKit?: NodeServiceKit }).serviceKit!
    ;({ tenantId, fencedKey } = await kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Next", entitlements: ["voice"] })
        const created = yield* (yield* ApiKeyService).create({
          tenantId: tenant.id,
          product: "voice",
          environment: "live",
          scopes: ["voice:read"],
          ipAllowlist: ["10.0.0.0/8"]
        })
        return { tenantId: tenant.id, fencedKey: created.key }
      })
    ))
  })
  afterAll(async () => {
    await kit.dispose()
    process.env = saved
    rmSync(dataDir, { recursive: true, force: true })
  })

  const calls = (forwardedFor?: string) =>
    GET(
      new Request("http://next.test/api/v1/voice/calls", {
        headers: { authorization: `Bearer ${fencedKey}`, ...(forwardedFor && { "x-forwarded-for": forwardedFor }) }
      })
    )

  it("passes the address the nearest proxy saw, the right-most X-Forwarded-For entry", async () => {
    const allowed = await calls("203.0.113.5, 10.0.0.7")
    expect(allowed.status).toBe(200)
    expect(await allowed.json()).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
    // A client that writes an allowed address on the left gains nothing.
    const refused = await calls("10.0.0.7, 203.0.113.5")
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe("ip_not_allowed")
    expect((await calls()).status).toBe(403)
  })

  it("serves dashboard routes with request bodies", async () => {
    const token = await signDashboardToken(kit.config.jwtSecret, { tenantId, role: "admin", sub: "u1" })
    const response = await POST(
      new Request(`http://next.test/api/tenants/${tenantId}/api-keys`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "x-forwarded-for": "10.0.0.7"
        },
        body: JSON.stringify({ name: "from next", product: "voice", environment: "test", scopes: ["voice:read"] })
      })
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: "from next", environment: "test" })
  })
})
