// node bench/widget.mjs: the Live Chat widget's budgets, on the embedded default.
//   sizes     the loader (/public/chat/widget.js) and the panel's assets (its page, chat.js,
//             chat.css), as served and gzipped (budgets 5 kB and 40 kB gzipped)
//   usable    in Chromium, on a page of another origin: a click on the launcher until the panel's
//             message box takes input, over BENCH_WIDGET_OPENS (default 20) fresh page loads,
//             p50/p95/max, the first with the panel's assets not cached (budget 1 s)
// Run after `npm run build`.
import { createServer } from "node:http"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { createServiceKit, listen } from "@servicekit/host-node"
import { chromium } from "playwright-core"

const OPENS = Number(process.env.BENCH_WIDGET_OPENS ?? 20)
const LOADER_BUDGET = 5 * 1024
const PANEL_BUDGET = 40 * 1024
const USABLE_BUDGET_MS = 1_000

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-widget-"))
const kit = createServiceKit({ dataDir, logLevel: "warn" })
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const tenant = await kit.admin.createTenant({ name: "Bench shop", entitlements: ["chat"] })
const { token } = await kit.admin.issueDashboardToken(tenant.id, { sub: "bench", role: "admin" })
const widget = await (
  await fetch(`${server.url}/api/tenants/${tenant.id}/chat/widget`, { headers: { authorization: `Bearer ${token}` } })
).json()

const sizeOf = async (path) => {
  const body = Buffer.from(await (await fetch(`${server.url}/api${path}`)).arrayBuffer())
  return { raw: body.length, gzipped: gzipSync(body, { level: 9 }).length }
}
const loader = await sizeOf("/public/chat/widget.js")
const panelParts = await Promise.all(
  [`/public/chat/widget?siteKey=${widget.siteKey}`, "/public/chat/chat.js", "/public/chat/chat.css"].map(sizeOf)
)
const panel = panelParts.reduce((sum, part) => ({ raw: sum.raw + part.raw, gzipped: sum.gzipped + part.gzipped }), { raw: 0, gzipped: 0 })
const verdict = (met) => (met ? "met" : "over budget")
console.log("\nWidget sizes (bytes, as served / gzipped)")
console.log(`loader        ${loader.raw} / ${loader.gzipped}   budget ${LOADER_BUDGET} gzipped: ${verdict(loader.gzipped <= LOADER_BUDGET)}`)
console.log(`panel assets  ${panel.raw} / ${panel.gzipped}   budget ${PANEL_BUDGET} gzipped: ${verdict(panel.gzipped <= PANEL_BUDGET)}`)

// The tenant's page, another origin, with the console's line pointed at this server.
const snippet = widget.snippet.replace(new URL(widget.scriptUrl).origin, server.url)
const site = createServer((_request, response) =>
  response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>Shop</title><h1>Shop</h1>${snippet}`)
)
await new Promise((listening) => site.listen(0, "localhost", listening))
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
})
const context = await browser.newContext()
const times = []
for (let open = 0; open < OPENS; open++) {
  const page = await context.newPage()
  await page.goto(`http://localhost:${site.address().port}/`)
  const launcher = page.getByRole("button", { name: "Open chat" })
  await launcher.waitFor()
  const started = Date.now()
  await launcher.click()
  await page.frameLocator('iframe[title="Chat"]').locator("#content:enabled").waitFor({ state: "visible" })
  times.push(Date.now() - started)
  await page.close()
}
const sorted = [...times].sort((a, b) => a - b)
const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
console.log(`\nWidget usable after a click (ms, ${OPENS} page loads): first ${times[0]}, p50 ${at(50)}, p95 ${at(95)}, max ${sorted.at(-1)}   budget ${USABLE_BUDGET_MS}: ${verdict(sorted.at(-1) <= USABLE_BUDGET_MS)}`)

await browser.close()
site.close()
await server.close()
await kit.dispose()
rmSync(dataDir, { recursive: true, force: true })
