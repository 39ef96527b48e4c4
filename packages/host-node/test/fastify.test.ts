import { ServiceKit } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import Fastify from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fencedKeys } from "./fencedKeys.js"
import { serviceKitPlugin } from "../src/fastify.js"

describe("ServiceKit mounted in a Fastify app", () => {
  const mountPath = "/platform"
  const kit = ServiceKit.make(layerMemory({ settings: { mountPath } }))
  const app = Fastify()
  let base: string
  let tenantId: string
  let keys: { open: string; loopbackOnly: string; privateNetworkOnly: string }

  beforeAll(async () => {
    // The app's own routes keep Fastify's JSON parser.
    app.post("/echo", async (request) => ({ echoed: request.body }))
    await app.register(serviceKitPlugin(kit), { prefix: mountPath })
    base = await app.listen({ port: 0, host: "127.0.0.1" })
    ;({ tenantId, keys } = await fencedKeys(kit, "Fastify", {
      open: undefined,
      loopbackOnly: ["127.0.0.1"],
      privateNetworkOnly: ["10.0.0.0/8"]
    }))
  })
  afterAll(async () => {
    await app.close()
    await kit.dispose()
  })

  const listCalls = (key: string, init: RequestInit = {}) =>
    fetch(`${base}${mountPath}/v1/voice/calls?limit=5`, { ...init, headers: { authorization: `Bearer ${key}` } })

  it("serves the public API under the prefix with ServiceKit's headers", async () => {
    const response = await listCalls(keys.open)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(response.headers.get("x-ratelimit-limit")).toBe("600")
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    expect(await response.json()).toEqual({ data: [], meta: { limit: 5, nextCursor: null } })
  })

  it("hands ServiceKit the client's address: IP allowlists pass and refuse", async () => {
    expect((await listCalls(keys.loopbackOnly)).status).toBe(200)
    const refused = await listCalls(keys.privateNetworkOnly)
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe("ip_not_allowed")
  })

  it("passes request bodies through unparsed, and ServiceKit's 413 applies", async () => {
    const token = testDashboardToken({ tenantId, role: "admin", sub: "u1" })
    const createKey = (name: string) =>
      fetch(`${base}${mountPath}/tenants/${tenantId}/api-keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name, product: "voice", environment: "test", scopes: ["voice:read"] })
      })
    const created = await createKey("from fastify")
    expect(created.status).toBe(200)
    expect(await created.json()).toMatchObject({ name: "from fastify", environment: "test" })
    const tooLarge = await createKey("x".repeat(2 * 1024 * 1024))
    expect(tooLarge.status).toBe(413)
    expect((await tooLarge.json()).error.code).toBe("body_too_large")
  })

  it("answers HEAD, unknown routes and errors itself, in the common error body", async () => {
    const head = await listCalls(keys.open, { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0)
    expect(await head.text()).toBe("")
    const missing = await fetch(`${base}${mountPath}/v1/nothing-here`)
    expect(missing.status).toBe(404)
    const body = await missing.json()
    expect(body.error.code).toBe("route_not_found")
    expect(body.error.requestId).toBe(missing.headers.get("x-request-id"))
    expect((await fetch(`${base}${mountPath}/v1/voice/calls`)).status).toBe(401)
  })

  it("leaves the app's other routes and their body parsing to Fastify", async () => {
    const response = await fetch(`${base}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ hello: "fastify" })
    })
    expect(await response.json()).toEqual({ echoed: { hello: "fastify" } })
  })
})
