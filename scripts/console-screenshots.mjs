// Screenshots of each console page at 1280x800 into docs/console/, on a fresh embedded kit with a
// little sample data (keys, a webhook endpoint with a delivery to a local receiver). Run after
// `npm run build`: node scripts/console-screenshots.mjs
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { createServiceKit, listen } from "@servicekit/host-node"
import { chromium } from "playwright-core"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const out = join(root, "docs", "console")
mkdirSync(out, { recursive: true })
const dataDir = mkdtempSync(join(tmpdir(), "servicekit-screenshots-"))

// The first delivery fails, so the deliveries page shows a failure to retry beside a success.
let answered = 0
const receiver = createServer((request, response) => {
  request.resume()
  request.on("end", () => response.writeHead(answered++ === 0 ? 500 : 200, { "content-type": "text/plain" }).end("ok"))
})
await new Promise((done) => receiver.listen(0, "127.0.0.1", done))

const kit = createServiceKit({ dataDir, workers: "off", outboundAllowPrivate: true, logLevel: "warn" })
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
})
try {
  const tenant = await kit.admin.createTenant({ name: "Acme", entitlements: ["chat", "voice", "transactional", "automations"] })
  const { token } = await kit.admin.issueDashboardToken(tenant.id, { sub: "ada@acme.example", role: "admin" })
  const api = async (method, path, body) => {
    const response = await fetch(`${server.url}/api/tenants/${tenant.id}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  await api("POST", "/api-keys", { name: "Support widget", product: "chat", environment: "live", scopes: ["chat:read", "chat:write"] })
  await api("POST", "/api-keys", {
    name: "Billing server",
    product: "transactional",
    environment: "live",
    scopes: ["transactional:send"],
    ipAllowlist: ["203.0.113.0/24"],
    expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString()
  })
  const old = await api("POST", "/api-keys", { name: "Old staging job", product: "voice", environment: "test", scopes: ["voice:read"] })
  await api("DELETE", `/api-keys/${old.id}`)
  const { port } = receiver.address()
  const webhook = await api("POST", "/webhooks", {
    url: `http://127.0.0.1:${port}/hooks/servicekit`,
    events: ["message.created", "conversation.created", "conversation.closed"],
    description: "CRM sync"
  })
  await api("POST", `/webhooks/${webhook.id}/test`)
  await api("POST", `/webhooks/${webhook.id}/test`)

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const shot = async (name) => {
    await page.waitForLoadState("networkidle")
    await page.screenshot({ path: join(out, `${name}.png`) })
    console.log(`docs/console/${name}.png`)
  }
  const go = async (hash, ready) => {
    await page.evaluate((value) => (location.hash = value), hash)
    await page.locator(ready).first().waitFor()
  }
  await page.goto(`${server.url}/api/console#token=${token}`)
  await page.locator(".chip").first().waitFor()
  await shot("overview")
  await go("#/developers/api-keys", "tbody tr")
  await shot("api-keys")
  await page.getByRole("button", { name: "Create API key" }).click()
  await page.getByLabel("Name").fill("Nightly export")
  await page.getByLabel("Product").selectOption("voice")
  await page.getByLabel("voice:read").check()
  await shot("api-key-form")
  await page.getByRole("button", { name: "Create key" }).click()
  await page.getByRole("textbox", { name: "Your new API key" }).waitFor()
  await shot("api-key-created")
  await page.getByRole("button", { name: "I have stored it" }).click()
  await page.getByRole("button", { name: /Revoke key/ }).first().click()
  await page.getByRole("dialog").waitFor()
  await shot("api-key-revoke")
  await page.getByRole("button", { name: "Cancel" }).click()
  await go("#/developers/webhooks", "tbody tr")
  await shot("webhooks")
  await go(`#/developers/webhooks/${webhook.id}`, "tr.delivery")
  await shot("webhook-deliveries")
  await page.evaluate(() => sessionStorage.clear())
  const expired = await kit.admin.issueDashboardToken(tenant.id, { sub: "ada@acme.example", role: "admin", expiresInSeconds: 1 })
  await new Promise((done) => setTimeout(done, 1_500))
  await page.goto(`${server.url}/api/console#token=${expired.token}`)
  await page.reload()
  await page.getByText("Sign in again").first().waitFor()
  await shot("sign-in-again")
} finally {
  await browser.close()
  await server.close()
  await kit.dispose()
  receiver.close()
  rmSync(dataDir, { recursive: true, force: true })
}
