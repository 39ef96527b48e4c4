import { mkdtempSync, rmSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toNodeListener } from "../src/NodeListener.js"
import { createServiceKit } from "../src/Runtime.js"
import { until } from "./automationsClient.js"
import { captureStdout } from "./capturedOutput.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-worker-watch-"))
const smtp = await startSmtpServer()
afterAll(async () => {
  await smtp.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe("an embedding app that has not started its workers", () => {
  // The Express embedding of the README and docs/embedding.md, with the stall noticed after 1 s instead of 30.
  // On the embedded default, whatever the environment names.
  const kit = createServiceKit({
    dataDir,
    databaseUrl: "",
    redisUrl: "",
    smtpUrl: smtp.url,
    workerStallSeconds: 1,
    logLevel: "info"
  })
  const app = express()
  app.use(kit.config.mountPath, toNodeListener(kit))
  const server: Server = createServer(app)
  let url: string
  let key: string
  const logged = captureStdout()

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`
    const tenant = await kit.admin.createTenant({ name: "Embedder", entitlements: ["transactional", "business_email"] })
    key = (
      await kit.admin.createKey({
        tenantId: tenant.id,
        product: "transactional",
        environment: "live",
        scopes: ["transactional:send"]
      })
    ).key
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await kit.dispose()
  })

  const readiness = async () => {
    const response = await fetch(`${url}/readyz`)
    expect(response.status).toBe(200)
    return response.json()
  }

  it("warns once, naming both ways to run workers, and readiness reports it; starting them clears it", async () => {
    expect(await readiness()).toEqual({ status: "ready", checks: { database: "ok" } })
    const sent = await fetch(`${url}/v1/transactional/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ to: ["ada@example.com"], subject: "Hello", text: "It works." })
    })
    expect(sent.status).toBe(200)
    expect((await sent.json()).messages).toMatchObject([{ status: "queued" }])

    const stalled = await until("readiness reports the stall", async () => {
      const ready = await readiness()
      return ready.warnings === undefined ? undefined : ready
    })
    expect(stalled).toEqual({
      status: "ready",
      checks: { database: "ok" },
      warnings: [{ field: "workers", reason: expect.stringContaining("servicekit.transactional.deliver") }]
    })
    const warning = await until("the warning is logged", async () =>
      logged.lines("no worker has taken any").find((line) => line.includes("WARN"))
    )
    expect(warning).toContain("`await kit.startWorkers()`")
    expect(warning).toContain("`npx servicekit worker`")
    expect(stalled.warnings[0].reason).toContain("`await kit.startWorkers()`")
    expect(smtp.received).toEqual([])

    await kit.startWorkers()
    await smtp.waitFor(1)
    await until("readiness no longer reports it", async () =>
      (await readiness()).warnings === undefined ? true : undefined
    )
    expect(logged.text()).toContain("Background workers are taking jobs again.")
    expect(logged.lines("no worker has taken any")).toHaveLength(1)
  })
})
