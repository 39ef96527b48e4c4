import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Started, start } from "../../../packages/host-node/test/spawn.js"

const root = fileURLToPath(new URL("../../..", import.meta.url))
const bun = join(root, "node_modules/.bin/bun")

describe("ServiceKit on Bun.serve (real bun binary)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bun-"))
  let server: Started
  let base: string
  let key: string
  let tenantId: string
  let adminToken: string

  beforeAll(async () => {
    server = start(bun, [join(root, "examples/bun/server.ts")], {
      PORT: "0",
      HOST: "127.0.0.1",
      SERVICEKIT_DATA_DIR: dataDir,
      // The embedded database, whatever the suite's environment points at.
      DATABASE_URL: "",
      REDIS_URL: ""
    })
    // A first start initialises the embedded database; on a busy 2-core machine that can take a while.
    const [, version, url] = await server.waitFor(/ServiceKit on Bun (\S+) listening on (http:\/\/\S+)/, 150_000)
    expect(version).toMatch(/^1\./)
    base = url
    tenantId = (await server.waitFor(/DEVELOPMENT tenant (\S+)/, 150_000))[1]
    key = (await server.waitFor(/voice test key: (\S+)/))[1]
    adminToken = (await server.waitFor(/admin dashboard token: (\S+)/))[1]
  }, 180_000)

  afterAll(async () => {
    expect(await server.stop()).toBe(0)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("serves the public API with auth, rate-limit and request-id headers", async () => {
    const response = await fetch(`${base}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
    expect(response.headers.get("x-ratelimit-remaining")).toBe("599")
    expect(response.headers.get("x-request-id")).toBeTruthy()
  })

  it("renders errors in the common body", async () => {
    const response = await fetch(`${base}/api/v1/voice/calls/not-a-uuid`, { headers: { "x-api-key": key } })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toMatchObject({ code: "validation_failed", details: [{ field: "id", reason: "must be a uuid" }] })
    expect((await fetch(`${base}/api/v1/voice/usage`)).status).toBe(401)
  })

  it("sees the client address through Bun's requestIP", async () => {
    const create = (ipAllowlist: Array<string>) =>
      fetch(`${base}/api/tenants/${tenantId}/api-keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ product: "voice", environment: "live", scopes: ["voice:read"], ipAllowlist })
      }).then((r) => r.json())
    const inside = await create(["127.0.0.1"])
    const outside = await create(["10.0.0.0/8"])
    expect((await fetch(`${base}/api/v1/voice/usage`, { headers: { "x-api-key": inside.key } })).status).toBe(200)
    const refused = await fetch(`${base}/api/v1/voice/usage`, { headers: { "x-api-key": outside.key } })
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe("ip_not_allowed")
  })
})
