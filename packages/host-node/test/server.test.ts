import { ApiKeyService, ServiceKit, TenantService } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listen, type RunningServer } from "../src/Server.js"

describe("node:http host", () => {
  const kit = ServiceKit.make(layerMemory())
  let server: RunningServer
  let key: string
  let tenantId: string

  beforeAll(async () => {
    server = await listen(kit, { port: 0 })
    ;({ key, tenantId } = await kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Node host", entitlements: ["voice"] })
        const created = yield* (yield* ApiKeyService).create({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:read"] })
        return { key: created.key, tenantId: tenant.id }
      })
    ))
  })
  afterAll(() => kit.dispose())

  it("serves the API on a random loopback port", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${server.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(await response.json()).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
  })

  it("answers 400, not 500, for a malformed escape in a path parameter", async () => {
    const response = await fetch(`${server.url}/api/v1/voice/calls/%E0%A4%A`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(400)
    expect((await response.json()).error.details).toEqual([{ field: "id", reason: "must be a uuid" }])
  })

  it("refuses bodies over 1 MiB with 413 and the common error body", async () => {
    const response = await fetch(`${server.url}/api/tenants/${tenantId}/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${testDashboardToken({ tenantId, role: "admin", sub: "u" })}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), product: "voice", environment: "live", scopes: ["voice:read"] })
    })
    expect(response.status).toBe(413)
    expect((await response.json()).error.code).toBe("body_too_large")
    const listed = await fetch(`${server.url}/api/tenants/${tenantId}/api-keys`, {
      headers: { authorization: `Bearer ${testDashboardToken({ tenantId, role: "admin", sub: "u" })}` }
    })
    expect((await listed.json()).data).toHaveLength(1)
  })

  it("finishes in-flight requests when closing, then stops accepting", async () => {
    const inFlight = fetch(`${server.url}/api/v1/voice/usage`, { headers: { "x-api-key": key } })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await server.close()
    expect((await inFlight).status).toBe(200)
    await expect(fetch(`${server.url}/api/v1/voice/usage`, { headers: { "x-api-key": key } })).rejects.toThrow()
  })
})
