import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ActivityLog } from "@servicekit/core/internal"
import { simpleParser } from "mailparser"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-transactional-"))
const smtp = await startSmtpServer()
afterAll(async () => {
  await smtp.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const welcome = {
  name: "welcome",
  bodyJson: {
    subject: "Welcome, {{ user.name }} & co",
    html: "<p>Hello {{user.name}}, your code is <b>{{code}}</b>.</p>",
    text: "Hello {{user.name}}, your code is {{code}}."
  }
}

describe("Transactional email over HTTP, delivered to a real SMTP server", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SMTP_URL: smtp.url,
      SERVICEKIT_MAIL_FROM: "Acme Mail <mail@acme.test>"
    })
  )
  let tenantId: string
  let live: string
  let test: string
  let other: { key: string; template: string }
  let emailless: string

  const api =
    (key: string) =>
    (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${served.url}/api/v1/transactional${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
      })
  const keyFor = async (tenant: string, environment: "live" | "test" = "live") =>
    (
      await served.kit.admin.createKey({
        tenantId: tenant,
        product: "transactional",
        environment,
        scopes: ["transactional:send"]
      })
    ).key
  const logs = async (key: string, query = "") =>
    ((await (await api(key)("GET", `/logs${query}`)).json()) as { data: Array<Record<string, any>> }).data

  beforeAll(async () => {
    await served.kit.startWorkers()
    tenantId = (
      await served.kit.admin.createTenant({ name: "Acme", entitlements: ["transactional", "business_email"] })
    ).id
    live = await keyFor(tenantId)
    test = await keyFor(tenantId, "test")
    const otherTenant = await served.kit.admin.createTenant({
      name: "Other",
      entitlements: ["transactional", "business_email"]
    })
    const otherKey = await keyFor(otherTenant.id)
    const created = await (await api(otherKey)("POST", "/templates", { ...welcome, name: "theirs" })).json()
    other = { key: otherKey, template: created.id }
    const noEmail = await served.kit.admin.createTenant({ name: "No email", entitlements: ["transactional"] })
    emailless = await keyFor(noEmail.id)
  })

  it("creates, reads, lists, updates and deletes templates, refusing what does not parse", async () => {
    const call = api(live)
    const created = await call("POST", "/templates", welcome)
    expect(created.status).toBe(200)
    const template = await created.json()
    expect(template).toMatchObject({
      name: "welcome",
      channel: "email",
      bodyJson: welcome.bodyJson,
      variables: ["user.name", "code"]
    })
    expect(await (await call("GET", `/templates/${template.id}`)).json()).toEqual(template)

    const second = await (await call("POST", "/templates", { ...welcome, name: "second" })).json()
    const first = await (await call("GET", "/templates?limit=1")).json()
    expect(first.data.map((t: { id: string }) => t.id)).toEqual([second.id])
    const next = await (await call("GET", `/templates?limit=1&cursor=${first.meta.nextCursor}`)).json()
    expect(next.data.map((t: { id: string }) => t.id)).toEqual([template.id])
    expect(next.meta.nextCursor).toBeNull()

    const patched = await (await call("PATCH", `/templates/${second.id}`, { bodyJson: { text: "Plain {{x}}" } })).json()
    expect(patched.bodyJson).toEqual({ ...welcome.bodyJson, text: "Plain {{x}}" })
    await expectRefusal(await call("PATCH", `/templates/${second.id}`, { name: "welcome" }), 409, "template_name_taken")
    await expectRefusal(await call("POST", "/templates", welcome), 409, "template_name_taken")

    const broken = await expectRefusal(
      await call("POST", "/templates", {
        name: "broken",
        bodyJson: { ...welcome.bodyJson, html: "<p>\n  {{ user.name </p>" }
      }),
      400,
      "validation_failed"
    )
    expect(broken.details).toEqual([{ field: "bodyJson.html", reason: "line 2, column 3: '{{' is not closed by '}}'" }])
    const sms = await expectRefusal(
      await call("POST", "/templates", { ...welcome, name: "sms", channel: "sms" }),
      400,
      "validation_failed"
    )
    expect(sms.details).toEqual([{ field: "channel", reason: "must be email" }])
    await expectRefusal(
      await call("POST", "/templates", { name: "x", bodyJson: { subject: "s" } }),
      400,
      "validation_failed"
    )

    // Another tenant's template is as missing as one that never existed.
    await expectRefusal(await call("GET", `/templates/${other.template}`), 404, "template_not_found")
    await expectRefusal(
      await call("PATCH", `/templates/${other.template}`, { name: "mine" }),
      404,
      "template_not_found"
    )
    await expectRefusal(await call("DELETE", `/templates/${other.template}`), 404, "template_not_found")
    await expectRefusal(await call("GET", "/templates/not-a-uuid"), 400, "validation_failed")

    expect((await call("DELETE", `/templates/${second.id}`)).status).toBe(200)
    await expectRefusal(await call("GET", `/templates/${second.id}`), 404, "template_not_found")
  })

  it("previews a template with the variables it was given and names those it was not", async () => {
    const call = api(live)
    const template = await (await call("POST", "/templates", { ...welcome, name: "preview" })).json()
    const rendered = await (
      await call("POST", `/templates/${template.id}/render`, { variables: { user: { name: "<Ann>" } } })
    ).json()
    expect(rendered).toEqual({
      subject: "Welcome, <Ann> & co",
      html: "<p>Hello &lt;Ann&gt;, your code is <b></b>.</p>",
      text: "Hello <Ann>, your code is .",
      missingVariables: ["code"]
    })
    expect(smtp.received).toHaveLength(0)
  })

  it("sends from a template to each recipient, escaping html only, and logs each delivery", async () => {
    const call = api(live)
    const template = await (await call("POST", "/templates", { ...welcome, name: "sent" })).json()
    const response = await call("POST", "/messages", {
      templateId: template.id,
      to: ["ann@example.com", "bob@example.com"],
      variables: { user: { name: "<script>alert(1)</script>\r\nBcc: victim@example.com" }, code: 4711 }
    })
    expect(response.status).toBe(200)
    const sent = await response.json()
    expect(sent).toMatchObject({
      test: false,
      messages: [
        { to: "ann@example.com", status: "queued" },
        { to: "bob@example.com", status: "queued" }
      ]
    })
    const mails = await smtp.waitFor(2)
    expect(mails.map((mail) => mail.envelopeTo).sort()).toEqual([["ann@example.com"], ["bob@example.com"]])
    const mail = mails.find((each) => each.envelopeTo[0] === "ann@example.com")!.parsed
    expect(mail.from?.text).toBe('"Acme Mail" <mail@acme.test>')
    // A line break in a variable cannot add a header: the subject stays one line, nobody is copied in.
    expect(mail.subject).toBe("Welcome, <script>alert(1)</script> Bcc: victim@example.com & co")
    expect(mail.headers.has("bcc")).toBe(false)
    expect(mail.html).toBe(
      "<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;\nBcc: victim@example.com, your code is <b>4711</b>.</p>"
    )
    expect(mail.text?.trim()).toBe("Hello <script>alert(1)</script>\nBcc: victim@example.com, your code is 4711.")

    let rows: Array<Record<string, any>> = []
    for (let i = 0; i < 100 && rows.length < 2; i++) {
      rows = (await logs(live)).filter((row) => row.templateId === template.id)
      if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(rows).toHaveLength(2)
    const annRow = rows.find((row) => row.recipient === "ann@example.com")!
    expect(annRow).toMatchObject({
      status: "sent",
      templateName: "sent",
      subject: "Welcome, <script>alert(1)</script> Bcc: victim@example.com & co",
      error: null,
      providerMessageId: mail.messageId,
      metadata: { source: "transactional_v1", attempt: 1, test: false }
    })
    expect(annRow.metadata.messageId).toBe(sent.messages[0].id)
  })

  it("sends inline mail, and refuses bad sends with nothing sent and nothing logged", async () => {
    const call = api(live)
    const before = smtp.received.length
    const logged = (await logs(live)).length
    const template = await (await call("POST", "/templates", { ...welcome, name: "strict" })).json()
    const refusals: Array<[unknown, number, string, string?]> = [
      [
        { templateId: template.id, to: ["a@example.com"], subject: "mixed", variables: {} },
        400,
        "validation_failed",
        "subject"
      ],
      [{ to: ["a@example.com"], subject: "no body" }, 400, "validation_failed", "html"],
      [{ to: ["a@example.com"], html: "<p>no subject</p>" }, 400, "validation_failed", "subject"],
      [{ to: ["a@example.com", "not an address"], subject: "s", text: "t" }, 400, "validation_failed", "to.1"],
      [{ to: [], subject: "s", text: "t" }, 400, "validation_failed", "to"],
      [
        { to: Array.from({ length: 51 }, (_, i) => `r${i}@example.com`), subject: "s", text: "t" },
        400,
        "validation_failed",
        "to"
      ],
      [{ to: ["a@example.com"], subject: "line\r\nBcc: x@evil.test", text: "t" }, 400, "validation_failed", "subject"],
      [
        { templateId: template.id, to: ["a@example.com"], variables: { user: { name: "A" } } },
        400,
        "validation_failed",
        "variables.code"
      ],
      [{ templateId: "7f0c2a5e-1111-4a5b-9c3d-2e4f6a8b0c1d", to: ["a@example.com"] }, 404, "template_not_found"],
      [
        { templateId: other.template, to: ["a@example.com"], variables: { user: { name: "A" }, code: 1 } },
        404,
        "template_not_found"
      ]
    ]
    for (const [body, status, code, field] of refusals) {
      const error = await expectRefusal(await call("POST", "/messages", body), status, code)
      if (field !== undefined) expect(error.details?.map((detail) => detail.field)).toContain(field)
    }
    await expectRefusal(await call("POST", "/messages", "{"), 400, "invalid_body")
    await expectRefusal(await call("POST", "/messages"), 400, "validation_failed")

    const inline = await call("POST", "/messages", {
      to: ["carol@example.com"],
      subject: "Plain {{not a var}}",
      text: "Only text"
    })
    expect(inline.status).toBe(200)
    const [mail] = (await smtp.waitFor(before + 1)).slice(before)
    expect(mail!.envelopeTo).toEqual(["carol@example.com"])
    expect(mail!.parsed.subject).toBe("Plain {{not a var}}")
    expect(mail!.parsed.text?.trim()).toBe("Only text")
    expect(mail!.parsed.html).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received.length).toBe(before + 1)
    expect((await logs(live)).length).toBe(logged + 1)
  })

  it("needs the business_email entitlement beside transactional, and a transactional key", async () => {
    const error = await expectRefusal(
      await api(emailless)("POST", "/messages", { to: ["a@example.com"], subject: "s", text: "t" }),
      403,
      "product_not_entitled"
    )
    // It says how a platform admin grants it, by the CLI and by the admin API.
    expect(error.message).toMatch(/^The account is not entitled to the business_email product\. /)
    expect(error.message).toContain("`npx servicekit tenant entitle --tenant <tenant id> business_email`")
    expect(error.message).toContain('`PATCH /api/admin/tenants/<tenant id>` with the entitlements plus "business_email"')
    await expectRefusal(await api(served.key)("GET", "/templates"), 403, "wrong_product")
  })

  it("answers a repeated Idempotency-Key with the first response and sends once; another body is 422", async () => {
    const call = api(live)
    const before = smtp.received.length
    const body = { to: ["dave@example.com"], subject: "Once", text: "Only once" }
    const headers = { "idempotency-key": "order-4711-confirmation" }
    const first = await call("POST", "/messages", body, headers)
    expect(first.status).toBe(200)
    const firstBody = await first.json()
    const again = await call("POST", "/messages", body, headers)
    expect(await again.json()).toEqual(firstBody)
    await expectRefusal(
      await call("POST", "/messages", { ...body, text: "Changed" }, headers),
      422,
      "idempotency_key_reused"
    )
    // A test-mode key never gets a live send's answer, nor the other way round.
    await expectRefusal(await api(test)("POST", "/messages", body, headers), 422, "idempotency_key_reused")
    // The same key belongs to each tenant on its own.
    expect((await api(other.key)("POST", "/messages", body, headers)).status).toBe(200)
    await expectRefusal(
      await call("POST", "/messages", body, { "idempotency-key": "with space" }),
      400,
      "validation_failed"
    )
    await smtp.waitFor(before + 2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received.slice(before).filter((mail) => mail.envelopeTo[0] === "dave@example.com")).toHaveLength(2)
  })

  it("logs a refused recipient as failed for good, and a deferred one as retried then sent", async () => {
    const call = api(live)
    await call("POST", "/messages", {
      to: ["reject-eve@example.com", "later-fay@example.com"],
      subject: "Hi",
      text: "t"
    })
    let rows: Array<Record<string, any>> = []
    for (let i = 0; i < 200; i++) {
      rows = (await logs(live)).filter((row) => /eve|fay/.test(row.recipient))
      if (rows.length >= 3) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const eve = rows.filter((row) => row.recipient === "reject-eve@example.com")
    expect(eve).toHaveLength(1)
    expect(eve[0]).toMatchObject({ status: "failed", providerMessageId: null, metadata: { attempt: 1 } })
    expect(eve[0]!.error).toContain("550")
    expect(eve[0]!.metadata.retrying).toBeUndefined()
    const fay = rows.filter((row) => row.recipient === "later-fay@example.com").reverse()
    expect(fay.map((row) => [row.status, row.metadata.attempt, row.metadata.retrying ?? false])).toEqual([
      ["failed", 1, true],
      ["sent", 2, false]
    ])
    expect(fay[0]!.error).toContain("451")
  }, 20_000)

  it("delivers test-mode sends to the development mailbox only, logged as test", async () => {
    const before = smtp.received.length
    const response = await api(test)("POST", "/messages", { to: ["real@example.com"], subject: "Test mode", text: "t" })
    expect((await response.json()).test).toBe(true)
    const mailbox = join(dataDir, "kit", "mailbox")
    let files: Array<string> = []
    // The mailbox folder appears with its first message.
    for (let i = 0; i < 100 && files.length === 0; i++) {
      files = (existsSync(mailbox) ? readdirSync(mailbox, { withFileTypes: true }) : [])
        .filter((entry) => entry.isFile() && entry.name.endsWith(".eml"))
        .map((entry) => entry.name)
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(files).toHaveLength(1)
    const parsed = await simpleParser(readFileSync(join(mailbox, files[0]!)))
    expect(parsed.subject).toBe("Test mode")
    expect(parsed.to).toMatchObject({ text: "real@example.com" })
    const row = (await logs(live)).find((entry) => entry.subject === "Test mode")!
    expect(row).toMatchObject({ status: "sent", metadata: { test: true } })
    expect(smtp.received.length).toBe(before)
  })

  it("lists only its own sends by default and the whole shared ledger with source=all", async () => {
    await served.kit.runtime.runPromise(
      Effect.flatMap(ActivityLog, (ledger) =>
        ledger.append({
          id: "0b8f4c1e-2d3a-4e5f-8a7b-9c0d1e2f3a4b",
          tenantId,
          status: "sent",
          recipient: "list@example.com",
          templateId: null,
          templateName: null,
          subject: "Newsletter",
          providerMessageId: "<n1@acme.test>",
          error: null,
          metadata: { source: "marketing_v1" },
          createdAt: new Date()
        })
      )
    )
    expect((await logs(live)).some((row) => row.subject === "Newsletter")).toBe(false)
    const all = await logs(live, "?source=all&limit=100")
    expect(all.some((row) => row.subject === "Newsletter")).toBe(true)
    expect(all.some((row) => row.metadata.source === "transactional_v1")).toBe(true)
    expect((await logs(live, "?source=marketing_v1")).map((row) => row.subject)).toEqual(["Newsletter"])
    await expectRefusal(await api(live)("GET", "/logs?source=DROP%20TABLE"), 400, "validation_failed")
    expect((await logs(other.key, "?source=all&limit=100")).some((row) => row.subject === "Newsletter")).toBe(false)
  })

  it("serves templates, logs and statistics to the dashboard, refusing API keys", async () => {
    const token = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "m", role: "member" })).token
    const dashboard = (method: string, path: string, body?: unknown, credential = token) =>
      fetch(`${served.url}/api/growth/transactional${path}`, {
        method,
        headers: {
          authorization: `Bearer ${credential}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
    const created = await dashboard("POST", "/templates", { ...welcome, name: "from the dashboard" })
    expect(created.status).toBe(200)
    const listed = await (await dashboard("GET", "/templates?limit=100")).json()
    expect(listed.data.map((t: { name: string }) => t.name)).toContain("from the dashboard")
    expect((await (await dashboard("GET", "/logs")).json()).data.length).toBeGreaterThan(0)

    const statistics = await (await dashboard("GET", "/statistics")).json()
    // The sends of this file, on today's UTC date (or yesterday's too, when the run crosses midnight).
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const byDay: Array<{ day: string; sent: number; failed: number }> = statistics.byDay
    for (const entry of byDay) expect([yesterday, today]).toContain(entry.day)
    // Sent: 2 from the template, carol, dave, fay, the test send; failed for good: eve.
    const sent = byDay.reduce((sum, entry) => sum + entry.sent, 0)
    const failed = byDay.reduce((sum, entry) => sum + entry.failed, 0)
    expect({ sent, failed }).toEqual({ sent: 6, failed: 1 })
    const sentTemplate = statistics.byTemplate.find((entry: { templateName: string }) => entry.templateName === "sent")
    expect(sentTemplate).toMatchObject({ sent: 2, failed: 0 })
    expect(
      statistics.byTemplate.find((entry: { templateId: string | null }) => entry.templateId === null)
    ).toMatchObject({
      sent: 4,
      failed: 1
    })
    await expectRefusal(await dashboard("GET", "/statistics?from=2026-01-01"), 400, "validation_failed")
    await expectRefusal(await dashboard("GET", "/templates", undefined, live), 401, "api_key_not_accepted")
  })

  it("reads, previews, updates and deletes a template from the dashboard, the tenant's own only", async () => {
    const token = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "m", role: "member" })).token
    const dashboard = (method: string, path: string, body?: unknown) =>
      fetch(`${served.url}/api/growth/transactional/templates${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
      })
    const template = await (await dashboard("POST", "", { ...welcome, name: "dashboard crud" })).json()
    expect(await (await dashboard("GET", `/${template.id}`)).json()).toEqual(template)

    const preview = await dashboard("POST", `/${template.id}/render`, { variables: { user: { name: "<b>Ann</b>" } } })
    expect(preview.status).toBe(200)
    expect(await preview.json()).toEqual({
      subject: "Welcome, <b>Ann</b> & co",
      html: "<p>Hello &lt;b&gt;Ann&lt;/b&gt;, your code is <b></b>.</p>",
      text: "Hello <b>Ann</b>, your code is .",
      missingVariables: ["code"]
    })

    const updated = await dashboard("PATCH", `/${template.id}`, { bodyJson: { subject: "Hi {{ user.name }}" } })
    expect(updated.status).toBe(200)
    expect((await updated.json()).bodyJson).toEqual({ ...welcome.bodyJson, subject: "Hi {{ user.name }}" })
    await expectRefusal(await dashboard("PATCH", `/${template.id}`, { bodyJson: { subject: "{{ open" } }), 400, "validation_failed")
    await expectRefusal(await dashboard("PATCH", `/${template.id}`, "{"), 400, "invalid_body")
    expect((await (await dashboard("GET", `/${template.id}`)).json()).bodyJson.subject).toBe("Hi {{ user.name }}")

    // Another tenant's template is not there for this tenant, whatever the method.
    for (const [method, path, body] of [
      ["GET", `/${other.template}`],
      ["PATCH", `/${other.template}`, { name: "mine now" }],
      ["POST", `/${other.template}/render`, {}],
      ["DELETE", `/${other.template}`]
    ] as const) {
      await expectRefusal(await dashboard(method, path, body), 404, "template_not_found")
    }
    expect((await (await api(other.key)("GET", `/templates/${other.template}`)).json()).name).toBe("theirs")

    expect((await dashboard("DELETE", `/${template.id}`)).status).toBe(200)
    await expectRefusal(await dashboard("GET", `/${template.id}`), 404, "template_not_found")
    await expectRefusal(await dashboard("GET", "/not-a-uuid"), 400, "validation_failed")
  })
})
