import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { kitOn, memoryKit, serve } from "./hostileInput.js"

describe("health probes on the memory fakes", () => {
  const served = serve(() => memoryKit())

  it("answers liveness and readiness without credentials", async () => {
    const live = await fetch(`${served.url}/api/healthz`)
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: "ok" })
    const ready = await fetch(`${served.url}/api/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: "ready", checks: {} })
    expect((await fetch(`${served.url}/api/readyz`, { method: "HEAD" })).status).toBe(200)
  })

  it("documents both probes in the OpenAPI document, with the 503", async () => {
    const document = await (await fetch(`${served.url}/api/v1/openapi.json`)).json()
    expect(document.servers).toEqual([expect.objectContaining({ url: "/api" })])
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/healthz", "/readyz"]))
    expect(Object.keys(document.paths["/readyz"].get.responses)).toEqual(expect.arrayContaining(["200", "503"]))
  })
})

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-health-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe("health probes on PGlite", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir }))

  it("is ready once the database answers with every migration applied", async () => {
    const ready = await fetch(`${served.url}/api/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok" } })
  })
})
