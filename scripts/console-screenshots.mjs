// Screenshots of each console page at 1280x800 into docs/console/, on a fresh embedded kit with a
// little sample data (keys, a webhook endpoint with a delivery to a local receiver, a run waiting
// for the approval of a companion node's command). Run after
// `npm run build`: node scripts/console-screenshots.mjs; name screenshots
// (`node scripts/console-screenshots.mjs sending-domains`) to write only those.
import { createSocket } from "node:dgram"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { CallingService } from "@servicekit/core"
import { SendingReputation, Suppressions } from "@servicekit/core/internal"
import { createServiceKit, listen } from "@servicekit/host-node"
import { Effect } from "effect"
import { chromium } from "playwright-core"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const out = join(root, "docs", "console")
mkdirSync(out, { recursive: true })
const dataDir = mkdtempSync(join(tmpdir(), "servicekit-screenshots-"))
const only = new Set(process.argv.slice(2))

// The first delivery fails, so the deliveries page shows a failure to retry beside a success.
let answered = 0
const receiver = createServer((request, response) => {
  request.resume()
  request.on("end", () => {
    const failing = answered++ === 0
    response
      .writeHead(failing ? 500 : 200, { "content-type": failing ? "application/json" : "text/plain" })
      .end(failing ? '{"error":"orders database unavailable, try again later"}' : "ok")
  })
})
await new Promise((done) => receiver.listen(0, "127.0.0.1", done))

// A DNS server on loopback answering TXT questions from `txt` (RFC 1035): the sending domain's
// check finds the records published here.
const txt = new Map()
const dns = createSocket("udp4")
dns.on("message", (query, from) => {
  let at = 12
  const labels = []
  while (query[at] > 0) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]).toString("ascii"))
    at += 1 + query[at]
  }
  const values = query.readUInt16BE(at + 1) === 16 ? (txt.get(labels.join(".").toLowerCase()) ?? []) : []
  const answers = values.map((value) => {
    const bytes = Buffer.from(value)
    const strings = []
    for (let start = 0; start < bytes.length; start += 255) {
      const chunk = bytes.subarray(start, start + 255)
      strings.push(Buffer.from([chunk.length]), chunk)
    }
    const data = Buffer.concat(strings)
    const head = Buffer.alloc(12)
    head.writeUInt16BE(0xc00c, 0) // the name: a pointer to the question's
    head.writeUInt16BE(16, 2)
    head.writeUInt16BE(1, 4)
    head.writeUInt32BE(60, 6)
    head.writeUInt16BE(data.length, 10)
    return Buffer.concat([head, data])
  })
  const header = Buffer.alloc(12)
  header.writeUInt16BE(query.readUInt16BE(0), 0)
  header.writeUInt16BE(answers.length === 0 ? 0x8583 : 0x8580, 2) // NXDOMAIN when nothing is published
  header.writeUInt16BE(1, 4)
  header.writeUInt16BE(answers.length, 6)
  dns.send(Buffer.concat([header, query.subarray(12, at + 5), ...answers]), from.port, from.address)
})
await new Promise((done) => dns.bind(0, "127.0.0.1", done))

// A free port, known before the kit starts, so that its public URL (where file links point) is the server's own.
const port = await new Promise((found) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address()
    probe.close(() => found(port))
  })
})
const kit = createServiceKit({
  dataDir,
  port,
  publicUrl: `http://127.0.0.1:${port}`,
  workers: "off",
  outboundAllowPrivate: true,
  logLevel: "warn",
  dnsServers: [`127.0.0.1:${dns.address().port}`],
  mailSpfInclude: "spf.mail.example"
})
const server = await listen(kit, { port, host: "127.0.0.1" })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
})
try {
  const tenant = await kit.admin.createTenant({ name: "Acme", entitlements: ["chat", "voice", "transactional", "automations", "business_email"] })
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

  // Live Chat: a few visitors' conversations, one with an agent's reply, one assigned, one pending.
  const { key: chatKey } = await kit.admin.createKey({
    tenantId: tenant.id,
    product: "chat",
    environment: "live",
    scopes: ["chat:read", "chat:write"]
  })
  const visitorSays = async (visitorToken, content, fileIds) => {
    const response = await fetch(`${server.url}/api/public/chat/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${visitorToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content, fileIds })
    })
    if (!response.ok) throw new Error(`visitor message: ${response.status}`)
  }
  /** A file uploaded to `path` by `credential` (an agent's token or a visitor's). */
  const upload = async (credential, path, name, bytes) => {
    const response = await fetch(`${server.url}/api${path}?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${credential}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(bytes)
    })
    if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  /** Files people send, drawn by the browser: a picture of `html` at its size, or `html` printed as a PDF. */
  const drawn = async (html, { width, height, pdf = false }) => {
    const canvas = await browser.newPage({ viewport: { width, height } })
    await canvas.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`)
    const bytes = pdf ? await canvas.pdf({ width: `${width}px`, height: `${height}px`, printBackground: true }) : await canvas.screenshot()
    await canvas.close()
    return bytes
  }
  const chats = []
  for (const [externalId, displayName, name, said] of [
    ["v-101", "Grace", "Refund for order 1042", "Hi, I was charged twice for order 1042."],
    ["v-102", "Linus", "Cannot sign in", "The sign-in link says it expired."],
    // No title: the inbox names it by its visitor.
    ["v-103", "Margaret", undefined, "Can I still change the delivery address?\nIt is for order 1077."]
  ]) {
    const response = await fetch(`${server.url}/api/v1/chat/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${chatKey}`, "content-type": "application/json" },
      body: JSON.stringify({ externalId, displayName, name })
    })
    const session = await response.json()
    await visitorSays(session.visitorToken, said)
    chats.push(session)
  }
  const [refund, signIn] = chats
  await api("POST", `/chat/conversations/${refund.conversationId}/messages`, {
    content: "Sorry about that! I can see both charges; the second one is refunded now."
  })
  await visitorSays(refund.visitorToken, "Thank you, that was quick.")
  await api("POST", `/chat/conversations/${refund.conversationId}/assign`, { assigneeId: "ada@acme.example" })
  await api("PUT", `/chat/conversations/${refund.conversationId}/labels`, { labels: ["billing", "refund"] })
  await api("POST", `/chat/conversations/${refund.conversationId}/notes`, {
    content: "Duplicate charge from the payment provider's retry; reported to them."
  })
  await api("POST", `/chat/conversations/${signIn.conversationId}/status`, { status: "pending" })
  await visitorSays(chats[2].visitorToken, "The new one is 12 Analytical Lane.")

  // Automations: a paired node (simulated here by its HTTP calls) whose system.run waits for an approval.
  await kit.startWorkers()
  const { key: automationsKey } = await kit.admin.createKey({
    tenantId: tenant.id,
    product: "automations",
    environment: "live",
    scopes: ["automations:manage"]
  })
  const automations = async (method, path, body, credential = automationsKey) => {
    const response = await fetch(`${server.url}/api/v1/automations${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  const runUntil = async (runId, statuses) => {
    for (;;) {
      const run = await automations("GET", `/runs/${runId}`)
      if (statuses.includes(run.status)) return run
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  const node = await automations("POST", "/nodes", { name: "Build server", allowSystem: true, allowedBinaries: ["git"] })
  const { deviceSecret } = await automations("POST", "/nodes/claim", {
    pairingCode: node.pairingCode,
    platform: "linux x64",
    version: "1.0.0",
    capabilities: ["system.run"]
  })
  const deploy = await automations("POST", "/workflows", {
    name: "Tag the release",
    triggerJson: { schemaVersion: 1, type: "manual" },
    stepsJson: [
      { type: "log", name: "Announce", message: "Tagging {{payload.version}}" },
      { type: "skill", name: "Tag", skillId: "system.run", input: { nodeId: node.id, argv: ["git", "tag", "-a", "{{payload.version}}", "-m", "Release {{payload.version}}"] } },
      { type: "log", name: "Done", message: "Tagged {{payload.version}}" }
    ]
  })
  const release = await automations("POST", `/workflows/${deploy.id}/run`, { payload: { version: "v2.4.0" } })
  await runUntil(release.id, ["waiting_approval"])
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const shot = async (name, { live = false } = {}) => {
    if (only.size > 0 && !only.has(name)) return
    // A page that follows a live stream never goes network-idle: its content is awaited instead.
    if (!live) await page.waitForLoadState("networkidle")
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
  await go("#/chat/inbox", ".conversations li")
  await shot("inbox", { live: true })
  await go(`#/chat/inbox/${refund.conversationId}`, ".bubble")
  await page.locator("#reply").fill("Anything else I can help with?")
  await shot("inbox-conversation", { live: true })
  // Files both ways in Grace's conversation (her card statement, the refund's receipt), then a search
  // for "order" that finds hers and Margaret's.
  const statement = await drawn(
    `<div style="font:15px system-ui,sans-serif;color:#1d2330;padding:14px 16px">` +
      `<div style="font-weight:700;font-size:17px">Card ending 4417</div>` +
      `<div style="color:#5b6472;margin-bottom:8px">Recent transactions</div>` +
      [["12 Mar", "ACME KETTLES 1042", "-€49.00"], ["12 Mar", "ACME KETTLES 1042", "-€49.00"], ["11 Mar", "CITY BAKERY", "-€6.40"]]
        .map(
          ([day, what, amount], n) =>
            `<div style="display:flex;gap:10px;padding:7px 4px;border-top:1px solid #e3e6eb;${n < 2 ? "background:#fff4d6" : ""}">` +
            `<span style="color:#5b6472">${day}</span><span style="flex:1">${what}</span><b>${amount}</b></div>`
        )
        .join("") +
      `</div>`,
    { width: 340, height: 180 }
  )
  const statementFile = await upload(refund.visitorToken, "/public/chat/files", "card-statement.png", statement)
  await visitorSays(refund.visitorToken, "Here is my statement with both charges.", [statementFile.id])
  const receipt = await drawn(
    `<div style="font:14px system-ui,sans-serif;padding:40px"><h1>Acme kettles</h1><h2>Refund receipt</h2>` +
      `<p>Order 1042 · duplicate charge of €49.00 refunded to the card ending 4417.</p></div>`,
    { width: 595, height: 842, pdf: true }
  )
  const receiptFile = await upload(token, `/tenants/${tenant.id}/chat/conversations/${refund.conversationId}/files`, "refund-receipt-1042.pdf", receipt)
  await api("POST", `/chat/conversations/${refund.conversationId}/messages`, {
    content: "Here is the receipt for the refund.",
    fileIds: [receiptFile.id]
  })
  await page.locator(".bubble .file-links a", { hasText: "refund-receipt-1042.pdf" }).waitFor()
  await page.locator("#reply").fill("")
  await page.locator("#inbox-search").fill("order")
  await page.locator("#inbox-search").press("Enter")
  await page.waitForFunction(() => document.querySelectorAll(".conversations li").length === 2)
  await page.waitForFunction(() => [...document.querySelectorAll(".file-thumbnail")].every((image) => image.naturalWidth > 0))
  // The window at the list and the thread, so that the search, its results and both files show at once.
  await page.evaluate(() => window.scrollTo(0, document.querySelector(".inbox").getBoundingClientRect().top + window.scrollY - 16))
  await shot("inbox-files-search", { live: true })
  await page.locator("#inbox-search").fill("")
  await page.locator("#inbox-search").press("Enter")
  await go("#/automations/nodes", "main tbody tr")
  await page.getByRole("button", { name: "Edit Build server" }).click()
  await shot("automations-nodes")
  await page.getByRole("button", { name: "Cancel" }).click()
  await go("#/automations/approvals", ".approval .argv")
  await shot("automations-approvals")
  await page.getByRole("button", { name: "Approve" }).click()
  await page.getByText("Nothing is waiting").waitFor()
  // The node runs the approved command and answers it.
  const device = (method, path, body) =>
    automations(method, `/nodes/${node.id}${path}`, body, deviceSecret)
  const [command] = (await device("GET", "/commands?wait=20")).data
  await device("POST", `/commands/${command.id}/result`, { ok: true, output: "" })
  await runUntil(release.id, ["succeeded", "failed"])
  await go(`#/automations/runs/${release.id}`, ".step")
  await page.locator("#run-status", { hasText: "succeeded" }).waitFor()
  await shot("automations-run")
  // The marketplace: a built-in pack installed, its workflow form built from its parameters.
  await automations("POST", "/skills/install", { packId: "servicekit.chat-notify-email" })
  await go("#/automations/marketplace", "section.pack")
  await page.getByRole("button", { name: /^Make a workflow from New chat conversation/ }).click()
  await page.locator("#param-recipients").fill("support@acme.example")
  await shot("automations-marketplace")
  // Agents: a support agent routed by peer and event, and the account's default.
  await automations("POST", "/agents", {
    name: "Support",
    instructions: "Answer billing and shipping questions politely; hand refunds over 100 EUR to a person.",
    skills: ["chat.post_message", "chat.assign", "memory.read"],
    route_keys: ["event:conversation.created", "peer:vip-*"]
  })
  await automations("POST", "/agents", {
    name: "Triage",
    instructions: "Label each new conversation and assign it to the right team.",
    skills: ["chat.assign"],
    isDefault: true
  })
  await go("#/automations/agents", "tbody tr")
  await shot("automations-agents")
  // Transactional email: a template in the editor with its preview, and the delivery logs.
  const welcome = await fetch(`${server.url}/api/growth/transactional/templates`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Welcome",
      bodyJson: {
        subject: "Welcome to Acme, {{ user.name }}",
        html: '<div style="font-family: sans-serif"><h1 style="color: #2f5bd3">Hello {{ user.name }}</h1><p>Your workspace <b>{{ workspace }}</b> is ready.</p></div>',
        text: "Hello {{ user.name }}, your workspace {{ workspace }} is ready."
      }
    })
  }).then((response) => response.json())
  await go(`#/transactional/templates/${welcome.id}`, "iframe.preview-frame")
  await page.getByLabel("Sample variables (JSON)").fill(JSON.stringify({ user: { name: "Ada" }, workspace: "acme-prod" }, null, 2))
  await page.frameLocator("iframe.preview-frame").getByText("Hello Ada").waitFor()
  await shot("transactional-template")
  // A sending domain checked against the local DNS server: its DKIM and SPF records found, DMARC not yet.
  const domain = await fetch(`${server.url}/api/v1/transactional/domains`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ domain: "mail.acme.example" })
  }).then((response) => response.json())
  for (const record of domain.records.filter((each) => each.purpose !== "dmarc")) txt.set(record.name, [record.value])
  await go(`#/transactional/domains/${domain.id}`, "section.record")
  await page.getByRole("button", { name: "Check DNS now" }).click()
  await page.locator("main .notice.info").waitFor()
  await shot("sending-domains")
  // Suppressions: a hard bounce and a spam complaint of messages sent, an unsubscribe, one added by hand.
  const { key: mailKey } = await kit.admin.createKey({
    tenantId: tenant.id,
    product: "transactional",
    environment: "live",
    scopes: ["transactional:send", "suppressions:manage"]
  })
  const mail = async (method, path, body) => {
    const response = await fetch(`${server.url}/api/v1/transactional${path}`, {
      method,
      headers: { authorization: `Bearer ${mailKey}`, "content-type": "application/json" },
      body: JSON.stringify(body)
    })
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  const messageTo = async (to) =>
    (await mail("POST", "/messages", { to: [to], subject: "Your Acme invoice", text: "Your invoice is attached." })).messages[0].id
  const suppress = (entry) =>
    kit.runtime.runPromise(Effect.flatMap(Suppressions, (suppressions) => suppressions.add([{ tenantId: tenant.id, ...entry }])))
  await suppress({
    stream: "transactional",
    email: "m.keller@example.net",
    reason: "hard_bounce",
    detail: "5.1.1 550 5.1.1 <m.keller@example.net>: Recipient address rejected: User unknown in virtual mailbox table",
    messageId: await messageTo("m.keller@example.net")
  })
  await suppress({
    stream: "transactional",
    email: "jordan@example.org",
    reason: "complaint",
    detail: "Feedback-Type: abuse",
    messageId: await messageTo("jordan@example.org")
  })
  await suppress({ stream: "broadcast", email: "newsletter.reader@example.com", reason: "unsubscribe", detail: null, messageId: null })
  await mail("POST", "/suppressions", { email: "legal@example.com", note: "Asked not to be emailed (support ticket 4821)." })
  await go("#/transactional/suppressions", "main tbody tr")
  await shot("suppressions")
  // Sending reputation: a week of mail whose bounce rate passed the warning level (5 %), not the pause.
  await kit.runtime.runPromise(
    Effect.flatMap(SendingReputation, (reputation) =>
      reputation.tally([{ tenantId: tenant.id, sent: 1_236, bounced: 71, complained: 1 }])
    )
  )
  await go("#/transactional/statistics", "[data-testid=reputation]")
  await shot("sending-reputation")
  // Business Calling: two days of calls between fictional 555-01xx numbers, listed under their summary.
  const callResults = ["completed", "completed", "no-answer", "completed", "busy", "voicemail", "completed"]
  await kit.runtime.runPromise(
    Effect.flatMap(CallingService, (calling) =>
      calling.ingest(
        tenant.id,
        Array.from({ length: 18 }, (_, n) => {
          const inbound = n % 3 !== 2
          const caller = `+1555555010${1 + (n % 4)}`
          const result = callResults[n % callResults.length]
          return {
            fromId: inbound ? caller : "+15555550100",
            toId: inbound ? "+15555550100" : caller,
            direction: inbound ? "inbound" : "outbound",
            durationSecs: result === "completed" ? 45 + ((n * 97) % 600) : 0,
            result,
            startedAt: new Date(Date.now() - (n + 1) * 2.5 * 3_600_000).toISOString(),
            callSid: `CA${String(4100 + n * 37).padStart(8, "0")}`
          }
        })
      )
    )
  )
  await go("#/calling/calls", "tbody tr")
  await page.getByTestId("call-summary").waitFor()
  await shot("calls")
  // Growth: an email thread with a contact, the reply recorded.
  const growth = async (path, body) => {
    const response = await fetch(`${server.url}/api/growth/conversations${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body)
    })
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  const thread = await growth("", {
    contact: { email: "grace@example.com", name: "Grace Hopper" },
    subject: "Your Acme trial",
    content: "Hi Grace,\n\nhow is the trial going? Happy to walk your team through the inbox.\n\nAda"
  })
  await growth(`/${thread.id}/messages`, {
    direction: "inbound",
    content: "Hi Ada, going well. Could we see the automations on Thursday?"
  })
  await growth(`/${thread.id}/messages`, { content: "Thursday 10:00 it is. I'll send an invite." })
  await go(`#/growth/conversations/${thread.id}`, ".bubble")
  await shot("growth-conversation")
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
  // The failed attempt's answer, opened.
  await page.locator("tr.delivery .answer-body summary").last().click()
  await shot("webhook-deliveries")
  await go("#/chat/widget", "#widget-snippet")
  await shot("chat-widget")
  // The tenant's look and the signed-in agent's name, which the widget below wears.
  await api("PATCH", "/chat/appearance", {
    displayName: "Acme kettles",
    accentColor: "#0b6e4f",
    greeting: "Hi! Questions about a kettle? We answer within minutes."
  })
  await api("PUT", "/chat/agents/ada@acme.example", { displayName: "Ada Lovelace" })
  await go("#/chat/appearance", "#appearance-displayName")
  await shot("chat-appearance")
  // The widget on the tenant's own page (another origin), closed, then open with an answered question.
  const chatWidget = await (
    await fetch(`${server.url}/api/tenants/${tenant.id}/chat/widget`, { headers: { authorization: `Bearer ${token}` } })
  ).json()
  const snippet = chatWidget.snippet.replace(new URL(chatWidget.scriptUrl).origin, server.url)
  const shop = createServer((_request, response) =>
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html lang="en"><head><title>Acme kettles</title></head><body style="margin:0;font:16px system-ui,sans-serif;color:#1d2330">` +
          `<header style="padding:20px 40px;border-bottom:1px solid #e3e6eb;font-weight:700">Acme kettles</header>` +
          `<main style="padding:40px"><h1 style="margin:0 0 12px">The blue kettle</h1><p style="max-width:520px">1.7 litres, boils in three minutes, keeps warm for an hour.</p></main>${snippet}</body></html>`
      )
  )
  await new Promise((done) => shop.listen(0, "localhost", done))
  try {
    const shopPage = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const shopShot = async (name) => {
      if (only.size > 0 && !only.has(name)) return
      await shopPage.screenshot({ path: join(out, `${name}.png`) })
      console.log(`docs/console/${name}.png`)
    }
    await shopPage.goto(`http://localhost:${shop.address().port}/`)
    await shopPage.getByRole("button", { name: "Open chat" }).waitFor()
    await shopShot("widget-closed")
    // A holiday today: the away message, with the visitor's address typed for replies; then open again.
    const workingHours = async (change) => {
      const response = await fetch(`${server.url}/api/v1/chat/working-hours`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${chatKey}`, "content-type": "application/json" },
        body: JSON.stringify(change)
      })
      if (!response.ok) throw new Error(`working hours: ${response.status} ${await response.text()}`)
    }
    await workingHours({
      holidays: [new Date().toISOString().slice(0, 10)],
      awayMessage: "We're closed today for the holiday and back tomorrow at 9. Leave your email address and we'll reply there."
    })
    await shopPage.reload()
    await shopPage.getByRole("button", { name: "Open chat" }).click()
    const panel = shopPage.frameLocator('iframe[title="Chat"]')
    await panel.getByRole("textbox", { name: "Email for replies" }).fill("grace@example.com")
    await shopShot("widget-away")
    await workingHours({ holidays: [], awayMessage: null })
    await shopPage.reload()
    await shopPage.getByRole("button", { name: "Open chat" }).click()
    await panel.locator("#content").fill("Hi! Is the blue kettle back in stock?")
    await panel.locator("#send").click()
    await panel.locator(".message").first().waitFor()
    const [started] = (await api("GET", "/chat/conversations?source=widget")).data
    await api("POST", `/chat/conversations/${started.id}/messages`, { content: "It is, since this morning. Shall I reserve one?" })
    await panel.locator(".message").nth(1).waitFor()
    await shopShot("widget-open")
    // The visitor shows which kettle they mean; the agent answers with the reservation as a PDF.
    const kettle = await drawn(
      `<div style="position:relative;width:480px;height:360px;overflow:hidden;background:linear-gradient(#f3efe6 0 66%,#c9a77c 66%)">` +
        `<div style="position:absolute;left:300px;top:112px;width:70px;height:112px;border:16px solid #1d2330;border-left:none;border-radius:0 64px 64px 0"></div>` +
        `<div style="position:absolute;left:96px;top:150px;width:96px;height:36px;background:#2456c8;transform:rotate(-32deg);border-radius:8px 22px 22px 8px"></div>` +
        `<div style="position:absolute;left:146px;top:96px;width:196px;height:172px;border-radius:46% 46% 26% 26%/58% 58% 20% 20%;background:radial-gradient(circle at 34% 28%,#9cc2ff,#2f66d8 52%,#173c8f)"></div>` +
        `<div style="position:absolute;left:222px;top:78px;width:44px;height:24px;border-radius:14px 14px 4px 4px;background:#1d2330"></div>` +
        `<div style="position:absolute;left:134px;top:262px;width:220px;height:18px;border-radius:6px;background:#1d2330"></div>` +
        `</div>`,
      { width: 480, height: 360 }
    )
    await panel.locator("#content").fill("Yes please, this one:")
    await panel.locator("#send").click()
    await panel.locator(".message").nth(2).waitFor()
    await panel.getByLabel("Attach a file").setInputFiles({ name: "blue-kettle.png", mimeType: "image/png", buffer: kettle })
    await panel.getByRole("img", { name: "blue-kettle.png" }).waitFor()
    const reservation = await drawn(
      `<div style="font:14px system-ui,sans-serif;padding:40px"><h1>Acme kettles</h1><h2>Reservation KT-2041</h2>` +
        `<p>One blue kettle (1.7 l), held for you until Friday at the Market Street shop.</p></div>`,
      { width: 595, height: 842, pdf: true }
    )
    const reservationFile = await upload(token, `/tenants/${tenant.id}/chat/conversations/${started.id}/files`, "reservation-KT-2041.pdf", reservation)
    await api("POST", `/chat/conversations/${started.id}/messages`, {
      content: "Reserved! Here is your reservation; show it in the shop.",
      fileIds: [reservationFile.id]
    })
    await panel.getByRole("link", { name: /^reservation-KT-2041\.pdf/ }).waitFor()
    await panel.locator("img").evaluateAll((images) =>
      Promise.all(images.map((image) => image.complete || new Promise((loaded) => image.addEventListener("load", loaded))))
    )
    await shopShot("widget-open-files")
  } finally {
    shop.close()
  }
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
  dns.close()
  rmSync(dataDir, { recursive: true, force: true })
}
