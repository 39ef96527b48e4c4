import { type Server, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { ServiceKit } from "@servicekit/core"
import { signWebhook } from "@servicekit/core/internal"
import { layerMemory } from "@servicekit/core/testing"
import { build } from "esbuild"
import { type Browser, chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chromiumPath } from "../../adapters/test/services.js"
import { type RunningServer, listen } from "../../host-node/src/Server.js"

/** An entry of the client bundled as a browser module, as an app's bundler would ship it. */
const bundle = async (entry: string) => {
  const built = await build({
    entryPoints: [fileURLToPath(new URL(`../src/${entry}.ts`, import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent"
  })
  return built.outputFiles[0].text
}

/** What the page loaded, as the app would import it. */
interface Loaded {
  readonly createClient: typeof import("@servicekit/client").createClient
  readonly verifyWebhook: typeof import("@servicekit/client/webhooks").verifyWebhook
}

/**
 * A web app on one origin calling ServiceKit on another (listed in its CORS origins): the client
 * in real Chromium, its bundles served by the app.
 */
describe("the client in Chromium, across origins", () => {
  let browser: Browser
  let app: Server
  let appUrl: string
  let kit: ServiceKit.ServiceKit<unknown>
  let api: RunningServer
  let chatKey: string

  beforeAll(async () => {
    const scripts = { "/client.js": await bundle("index"), "/webhooks.js": await bundle("webhooks") }
    app = createServer((request, response) => {
      const script = scripts[request.url as keyof typeof scripts]
      if (script !== undefined) response.writeHead(200, { "content-type": "text/javascript" }).end(script)
      else response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>App</title>")
    })
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve))
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
    kit = ServiceKit.make(layerMemory({ settings: { corsOrigins: [appUrl] } }))
    api = await listen(kit, { port: 0 })
    const tenant = await kit.admin.createTenant({ name: "Browser", entitlements: ["chat"] })
    chatKey = (
      await kit.admin.createKey({ tenantId: tenant.id, product: "chat", environment: "live", scopes: ["chat:read", "chat:write"] })
    ).key
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await api?.close()
    await kit?.dispose()
    app?.closeAllConnections()
    await new Promise<void>((resolve) => app?.close(() => resolve()))
  })

  it("calls the API with typed results and headers, follows a visitor's live conversation, and verifies a webhook", async () => {
    const page = await browser.newPage()
    await page.goto(appUrl)
    // The bundles load as the app's own modules, as a bundler's output would.
    await page.addScriptTag({
      type: "module",
      content: `import * as client from "/client.js"; import * as webhooks from "/webhooks.js"; window.servicekit = { ...client, ...webhooks }`
    })
    await page.waitForFunction(() => "servicekit" in window)
    const secret = "whsec_browser0123456789abcdefghijk"
    const body = JSON.stringify({ event: "webhook.test", eventId: "e1", timestamp: "2026-11-27T08:00:00.000Z", payload: {} })
    const at = Math.floor(Date.now() / 1000)
    const seen = await page.evaluate(
      async ({ baseUrl, body, chatKey, signature, at, secret }) => {
        const { createClient, verifyWebhook } = (window as unknown as { servicekit: Loaded }).servicekit
        const servicekit = createClient({ baseUrl, apiKey: chatKey })
        const session = await servicekit.chat.mintSession({ body: { externalId: "browser-1", displayName: "Ada" } })
        const missing = await servicekit.chat.listMessages({ path: { id: "00000000-0000-4000-8000-000000000000" } })
        if (session.error !== undefined) throw new Error(session.error.message)
        const visitor = createClient({ baseUrl, token: session.data.visitorToken })
        const stream = visitor.chatVisitor.followVisitorConversation()
        const events: Array<string> = []
        for await (const event of stream) {
          events.push(event.event)
          if (event.event === "conversation") await visitor.chatVisitor.postVisitorMessage({ body: { content: "Hi from Chromium" } })
          if (event.event === "message") {
            events.push(JSON.parse(event.data).content)
            break
          }
        }
        const verified = await verifyWebhook({
          secret,
          rawBody: body,
          headers: new Headers({ "x-service-signature": signature, "x-service-timestamp": String(at) })
        })
        const forged = await verifyWebhook({
          secret,
          rawBody: body.replace("e1", "e2"),
          headers: new Headers({ "x-service-signature": signature, "x-service-timestamp": String(at) })
        })
        return {
          session: { status: session.status, requestId: session.requestId, remaining: session.rateLimit?.remaining },
          missing: missing.error,
          events,
          verified: verified.ok && verified.event.event,
          forged: forged.ok ? "accepted" : forged.reason
        }
      },
      { baseUrl: `${api.url}/api`, body, chatKey, signature: signWebhook(secret, at, body), at, secret }
    )
    expect(seen.session.status).toBe(200)
    // Read through CORS: the answer's request id and rate-limit headers are exposed to the page.
    expect(seen.session.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(seen.session.remaining).toBeGreaterThan(0)
    expect(seen.missing).toMatchObject({ status: 404, code: "conversation_not_found" })
    expect(seen.events).toEqual(["conversation", "message", "Hi from Chromium"])
    expect(seen.verified).toBe("webhook.test")
    expect(seen.forged).toBe("bad_signature")
  })
})
