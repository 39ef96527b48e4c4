// node bench/console-inbox.mjs: the console's Live Chat inbox in Chromium, on the embedded default
// (PGlite, in-process fan-out) with BENCH_INBOX_CONVERSATIONS (default 1,000) conversations.
//   usable     navigation to the inbox until its first page of conversations is shown (budget 1 s)
//   visible    a visitor's message (POST /api/public/chat/messages) until it shows in the open
//              conversation of the inbox, p50/p95/p99 over BENCH_INBOX_MESSAGES (default 100),
//              next to the POST's own answer time as the baseline (budget: p95 within 1 s)
// Run after `npm run build`.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { createServiceKit, listen } from "@servicekit/host-node"
import { chromium } from "playwright-core"

const CONVERSATIONS = Number(process.env.BENCH_INBOX_CONVERSATIONS ?? 1_000)
const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 100)
const BUDGET_MS = 1_000

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const spread = (values) => [50, 95, 99].map((p) => percentile(values, p).toFixed(1))

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-inbox-"))
// Seeding sends more than the default per-minute limits allow.
const kit = createServiceKit({
  dataDir,
  logLevel: "warn",
  keyRateLimitPerMinute: 100_000_000,
  // Every bench visitor comes from 127.0.0.1: the per-address visitor limit would stop the load.
  visitorRateLimitPerMinute: 100_000_000,
  visitorIpRateLimitPerMinute: 100_000_000,
  ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }]
})
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
})
try {
  const tenant = await kit.admin.createTenant({ name: "Bench", entitlements: ["chat"] })
  const { key } = await kit.admin.createKey({
    tenantId: tenant.id,
    product: "chat",
    environment: "live",
    scopes: ["chat:read", "chat:write"]
  })
  const { token } = await kit.admin.issueDashboardToken(tenant.id, { sub: "agent-bench", role: "member" })
  const post = (path, credential, body) =>
    fetch(`${server.url}/api${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${credential}`, "content-type": "application/json" },
      body: JSON.stringify(body)
    }).then(async (response) => {
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
      return response.json()
    })

  for (let made = 0; made < CONVERSATIONS - 1; made += 20) {
    const batch = Math.min(20, CONVERSATIONS - 1 - made)
    await Promise.all(
      Array.from({ length: batch }, (_, i) => post("/v1/chat/conversations", key, { name: `Conversation ${made + i}` }))
    )
  }
  const session = await post("/v1/chat/sessions", key, { externalId: "bench-visitor", name: "Bench visitor" })

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(`${server.url}/api/console#token=${token}`)
  await page.locator(".chip, main h1").first().waitFor()
  const began = performance.now()
  await page.evaluate(() => (location.hash = "#/chat/inbox"))
  await page.locator(".conversations li").first().waitFor()
  const usable = performance.now() - began

  await page.evaluate((id) => (location.hash = `#/chat/inbox/${id}`), session.conversationId)
  await page.locator(".thread").waitFor()
  const visible = []
  const answered = []
  for (let i = 1; i <= MESSAGES; i++) {
    const start = performance.now()
    await post("/public/chat/messages", session.visitorToken, { content: `message ${i}` })
    answered.push(performance.now() - start)
    await page.waitForFunction((count) => document.querySelectorAll(".bubble").length >= count, i, { polling: "raf" })
    visible.push(performance.now() - start)
  }

  const [p50, p95, p99] = spread(visible)
  const [b50, b95, b99] = spread(answered)
  console.log(`console inbox, embedded default, ${CONVERSATIONS} conversations`)
  console.log(`  usable after navigation   ${usable.toFixed(0)} ms (budget ${BUDGET_MS} ms)`)
  console.log(`  message visible in inbox  p50 ${p50} ms  p95 ${p95} ms  p99 ${p99} ms over ${MESSAGES}`)
  console.log(`  baseline: POST answered   p50 ${b50} ms  p95 ${b95} ms  p99 ${b99} ms`)
  console.log(`  ratio p95 visible/answer  ${(Number(p95) / Number(b95)).toFixed(2)}x; budget ${Number(p95) <= BUDGET_MS ? "met" : "MISSED"}`)
} finally {
  await browser.close()
  await server.close()
  await kit.dispose()
  rmSync(dataDir, { recursive: true, force: true })
}
