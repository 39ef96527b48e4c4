import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Started, run, start } from "../../../packages/host-node/test/spawn.js"

const root = fileURLToPath(new URL("../../..", import.meta.url))
const bun = join(root, "node_modules/.bin/bun")
const cli = join(root, "packages/host-node/dist/cli.js")

describe("ServiceKit on Bun.serve (real bun binary)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bun-"))
  let server: Started
  let base: string
  let key: string
  let tenantId: string
  let adminToken: string
  let automationsKey: string
  let chatKey: string
  let companion: Started | undefined

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
    automationsKey = (await server.waitFor(/automations test key: (\S+)/))[1]
    chatKey = (await server.waitFor(/chat test key: (\S+)/))[1]
    adminToken = (await server.waitFor(/admin dashboard token: (\S+)/))[1]
  }, 180_000)

  afterAll(async () => {
    await companion?.stop()
    expect(await server.stop()).toBe(0)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("serves the public API with auth, rate-limit and request-id headers", async () => {
    const response = await fetch(`${base}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(200)
    // The development tenant's sample calls, given on its first start.
    const calls = await response.json()
    expect(calls.meta).toEqual({ limit: 25, nextCursor: null })
    expect(calls.data.map((call: { callSid: string }) => call.callSid).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `sample-${String(index + 1).padStart(2, "0")}`)
    )
    expect(response.headers.get("x-ratelimit-remaining")).toBe("599")
    expect(response.headers.get("x-request-id")).toBeTruthy()
  })

  it("renders errors in the common body", async () => {
    const response = await fetch(`${base}/api/v1/voice/calls/not-a-uuid`, { headers: { "x-api-key": key } })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toMatchObject({
      code: "validation_failed",
      details: [{ field: "id", reason: "must be a uuid" }]
    })
    expect((await fetch(`${base}/api/v1/voice/usage`)).status).toBe(401)
  })

  it("streams a visitor's conversation as server-sent events: the history, then each new message", async () => {
    const api = (path: string, body: unknown) =>
      fetch(`${base}/api${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${chatKey}`, "content-type": "application/json" },
        body: JSON.stringify(body)
      }).then(async (response) => {
        expect(response.status).toBe(200)
        return response.json()
      })
    const session = await api("/v1/chat/sessions", { externalId: "bun-visitor" })
    await api(`/v1/chat/conversations/${session.conversationId}/messages`, { content: "Hello from before" })
    const response = await fetch(`${base}/api/public/chat/events`, {
      headers: { authorization: `Bearer ${session.visitorToken}` }
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/event-stream")
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ""
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read()
        if (done) throw new Error(`the stream ended before ${pattern}: ${text}`)
        text += decoder.decode(value, { stream: true })
      }
    }
    await until(/Hello from before/)
    expect(text).toMatch(/^event: conversation$/m)
    await api(`/v1/chat/conversations/${session.conversationId}/messages`, { content: "Hello live" })
    await until(/Hello live/)
    expect(text.match(/^event: message$/gm)).toHaveLength(2)
    await reader.cancel()
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

  it("pushes a companion node's commands over Bun's WebSocket", async () => {
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${automationsKey}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body)
      }).then((r) => r.json())
    const node = await api("POST", "/automations/nodes", { name: "Bun companion" })
    const config = join(dataDir, "node.json")
    const paired = await run(process.execPath, [cli, "node", "pair", base, node.pairingCode, "--config", config])
    expect(paired.code, paired.stderr).toBe(0)
    companion = start(
      process.execPath,
      [cli, "node", "run", "--config", config, "--root", dataDir, "--transport", "websocket"],
      {}
    )
    await companion.waitFor(/commands come over the WebSocket/, 30_000)
    const workflow = await api("POST", "/automations/workflows", {
      name: "Ping the companion",
      triggerJson: { schemaVersion: 1, type: "manual" },
      stepsJson: [{ type: "skill", skillId: "node.ping", input: { nodeId: node.id } }]
    })
    const started = await api("POST", `/automations/workflows/${workflow.id}/run`, {})
    let found: any
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      found = await api("GET", `/automations/runs/${started.id}`)
      if (found.status === "succeeded" || found.status === "failed") break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(found.status).toBe("succeeded")
    expect(found.stepsResultJson[0].outputText).toBe("pong")
    expect(companion.output()).toMatch(/node\.ping \S+: ok/)
  })
})
