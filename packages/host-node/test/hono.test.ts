import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type ServerType, serve } from "@hono/node-server"
import { ServiceKit } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fencedKeys } from "./fencedKeys.js"
import { serviceKitHandler } from "../src/hono.js"
import { start as startProcess } from "./spawn.js"
import { clearOfMinuteTurn } from "./minuteTurn.js"

const root = fileURLToPath(new URL("../../..", import.meta.url))

const listen = (app: Hono) =>
  new Promise<{ server: ServerType; base: string }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ server, base: `http://127.0.0.1:${info.port}` })
    )
  })

describe("ServiceKit mounted in a Hono app", () => {
  // One request per minute per IP on the public API, to see whose address is counted.
  const kit = ServiceKit.make(
    layerMemory({ settings: { ipRateLimits: [{ pathPrefix: "/v1/", limit: 1, windowMs: 60_000 }] } })
  )
  const servers: Array<ServerType> = []
  let tenantId: string
  let keys: { loopbackOnly: string; privateNetworkOnly: string }

  beforeAll(async () => {
    ;({ tenantId, keys } = await fencedKeys(kit, "Hono", {
      loopbackOnly: ["127.0.0.1"],
      privateNetworkOnly: ["10.0.0.0/8"]
    }))
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    await kit.dispose()
  })

  const start = async (app: Hono) => {
    const { server, base } = await listen(app)
    servers.push(server)
    return base
  }
  const calls = (base: string, key: string) =>
    fetch(`${base}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })

  it("serves the API on @hono/node-server with the client's socket address: allowlists and per-IP limits see 127.0.0.1", async () => {
    const app = new Hono()
    app.get("/", (c) => c.text("Hono app"))
    app.all("/api/*", serviceKitHandler(kit))
    const base = await start(app)
    expect(await (await fetch(`${base}/`)).text()).toBe("Hono app")

    await clearOfMinuteTurn()
    const allowed = await calls(base, keys.loopbackOnly)
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get("x-request-id")).toBeTruthy()
    expect(await allowed.json()).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
    // The second request from 127.0.0.1 within the minute is over the per-IP limit.
    const limited = await calls(base, keys.loopbackOnly)
    expect(limited.status).toBe(429)
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/)
    expect((await limited.json()).error.code).toBe("rate_limited")
  })

  it("takes the address from the option where the runtime gives none", async () => {
    const app = new Hono()
    // Stands in for a runtime's own way of telling the peer (getConnInfo on Deno, a worker's request.cf).
    app.all("/api/*", serviceKitHandler(kit, { remoteAddress: (c) => c.req.header("x-test-peer") }))
    const base = await start(app)
    const from = (peer: string, key: string) =>
      fetch(`${base}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}`, "x-test-peer": peer } })
    expect((await from("10.1.2.3", keys.privateNetworkOnly)).status).toBe(200)
    const refused = await from("10.4.5.6", keys.loopbackOnly)
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe("ip_not_allowed")
  })

  it("hands over a body a Hono middleware has already parsed", async () => {
    const app = new Hono()
    const seen: Array<unknown> = []
    app.use("/api/*", async (c, next) => {
      if (c.req.header("content-type") === "application/json") seen.push(await c.req.json())
      await next()
    })
    app.all("/api/*", serviceKitHandler(kit, { remoteAddress: () => "192.0.2.7" }))
    const base = await start(app)
    const response = await fetch(`${base}/api/tenants/${tenantId}/api-keys`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${testDashboardToken({ tenantId, role: "admin", sub: "u1" })}`,
        "content-type": "application/json"
      },
      body: JSON.stringify({ name: "from hono", product: "voice", environment: "test", scopes: ["voice:read"] })
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: "from hono", environment: "test" })
    expect(seen).toEqual([{ name: "from hono", product: "voice", environment: "test", scopes: ["voice:read"] }])
  })

  it("finds the client's address on Bun.serve too (real bun binary)", async () => {
    const bun = startProcess(
      join(root, "node_modules/.bin/bun"),
      [join(root, "packages/host-node/test/fixtures/hono-bun.ts")],
      {}
    )
    try {
      const [line] = await bun.waitFor(/\{"url".*\}/, 120_000)
      const { url, keys } = JSON.parse(line)
      expect((await calls(url, keys.loopbackOnly)).status).toBe(200)
      const refused = await calls(url, keys.privateNetworkOnly)
      expect(refused.status).toBe(403)
      expect((await refused.json()).error.code).toBe("ip_not_allowed")
    } finally {
      expect(await bun.stop()).toBe(0)
    }
  })
})
