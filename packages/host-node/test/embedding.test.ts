import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ApiKeyService, ServiceKit, TenantService } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import { Effect } from "effect"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ConfigurationError, resolveConfig } from "../src/Config.js"
import { toNodeListener } from "../src/NodeListener.js"
import { createServiceKit } from "../src/Runtime.js"

const listenOnLoopback = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve))

/** The body of a dashboard "create key" request. */
const newKey = (name: string) => ({ name, product: "voice", environment: "live", scopes: ["voice:read"] })

describe("a listener behind a framework that already read the body", () => {
  const kit = ServiceKit.make(layerMemory())
  const servers: Array<Server> = []
  let tenantId: string
  let token: string

  beforeAll(async () => {
    const tenant = await kit.runtime.runPromise(
      Effect.flatMap(TenantService, (tenants) => tenants.create({ name: "Parsed", entitlements: ["voice"] }))
    )
    tenantId = tenant.id
    token = testDashboardToken({ tenantId, role: "admin", sub: "u1" })
  })
  afterAll(async () => {
    await Promise.all(servers.map(close))
    await kit.dispose()
  })

  const serve = (server: Server) => {
    servers.push(server)
    return listenOnLoopback(server)
  }
  const createKey = (base: string, body: string, contentType = "application/json") =>
    fetch(`${base}/api/tenants/${tenantId}/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": contentType },
      body
    })

  it("uses what express.json() parsed", async () => {
    const app = express()
    app.use(express.json())
    app.use("/api", toNodeListener(kit))
    const base = await serve(createServer(app))
    const response = await createKey(base, JSON.stringify(newKey("after express.json")))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: "after express.json", environment: "live" })
    // Validation still sees the request as sent.
    const invalid = await createKey(base, JSON.stringify({ ...newKey("x"), product: "fax" }))
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).error.code).toBe("validation_failed")
  })

  it("uses the bytes express.raw() kept", async () => {
    const app = express()
    app.use(express.raw({ type: "*/*" }))
    app.use("/api", toNodeListener(kit))
    const base = await serve(createServer(app))
    const response = await createKey(base, JSON.stringify(newKey("after express.raw")))
    expect(response.status).toBe(200)
    expect((await response.json()).name).toBe("after express.raw")
  })

  it("answers 500 body_consumed, instead of hanging, when the stream was read and nothing was kept", async () => {
    const listener = toNodeListener(kit)
    // A middleware that drains the body and throws it away.
    const base = await serve(createServer((req, res) => req.resume().once("end", () => listener(req, res))))
    const response = await createKey(base, JSON.stringify(newKey("lost")))
    expect(response.status).toBe(500)
    const body = await response.json()
    expect(body.error.code).toBe("body_consumed")
    expect(body.error.message).toContain("Mount ServiceKit before any body parser")
    expect(response.headers.get("x-request-id")).toBe(body.error.requestId)
  })
})

describe("createServiceKit's mountPath", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-mount-path-"))
  const kit = createServiceKit({ dataDir, databaseUrl: "", redisUrl: "", mountPath: "/platform/kit" })
  let server: Server
  let base: string
  let key: string

  beforeAll(async () => {
    const app = express()
    app.use(kit.config.mountPath, toNodeListener(kit))
    app.use("/api", (_req, res) => void res.status(418).send("the host app's own /api"))
    server = createServer(app)
    base = await listenOnLoopback(server)
    key = await kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Mounted", entitlements: ["voice"] })
        const created = yield* (yield* ApiKeyService).create({
          tenantId: tenant.id,
          product: "voice",
          environment: "live",
          scopes: ["voice:read"]
        })
        return created.key
      })
    )
  })
  afterAll(async () => {
    await close(server)
    await kit.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("serves the public API, its rate-limit headers and its documents under the mount path", async () => {
    const response = await fetch(`${base}/platform/kit/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
    expect(response.headers.get("x-ratelimit-limit")).toBe("600")
    const document = await fetch(`${base}/platform/kit/v1/openapi.json`)
    expect(document.status).toBe(200)
    const spec = await document.json()
    expect(spec.servers).toEqual([expect.objectContaining({ url: "/platform/kit" })])
    expect(Object.keys(spec.paths)).toContain("/v1/voice/calls")
  })

  it("serves the console under the mount path, calling the API there", async () => {
    const page = await fetch(`${base}/platform/kit/console`)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'")
    const html = await page.text()
    expect(html).toContain('data-api="/platform/kit"')
    const script = /src="(\/platform\/kit\/console\/assets\/console\.[0-9a-f]{12}\.js)"/.exec(html)![1]
    expect((await fetch(`${base}${script}`)).status).toBe(200)
  })

  it("leaves /api to the host app", async () => {
    const response = await fetch(`${base}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(418)
  })

  it("is read from SERVICEKIT_MOUNT_PATH and refused at start when it is not a path", () => {
    expect(resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir, SERVICEKIT_MOUNT_PATH: "/svc" }).mountPath).toBe("/svc")
    expect(resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir }).mountPath).toBe("/api")
    for (const mountPath of ["api", "/api/", "/", "/a b", ""]) {
      expect(() => resolveConfig({ mountPath }, { SERVICEKIT_DATA_DIR: dataDir })).toThrow(ConfigurationError)
    }
    expect(() => resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir, SERVICEKIT_MOUNT_PATH: "/api/" })).toThrow(
      /SERVICEKIT_MOUNT_PATH/
    )
  })
})
