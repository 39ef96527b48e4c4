import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SendingReputation } from "@servicekit/core/internal"
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HOSTILE, expectOnlyDashboardRequests, launchChromium, noteViolations, openConsole } from "./consoleBrowser.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-transactional-"))
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let browser: Browser
beforeAll(async () => {
  smtp = await startSmtpServer()
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await smtp?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Email HTML that tries everything a preview must not do: run script, load a tracker, leave. */
const HOSTILE_HTML = [
  `<meta http-equiv="refresh" content="0; url=https://elsewhere.example/">`,
  `<h1 style="color: rgb(200, 0, 0)">Hi {{ user.name }}</h1>`,
  `<img src="https://tracker.example/open.png" alt="">`,
  `<script>parent.pwned = 1; window.pwned = 1</script>`,
  `<img src="x" onerror="window.pwned = 1" alt="">`,
  `<a href="https://elsewhere.example/">Read more</a>`
].join("\n")

describe("the console's Transactional email area in Chromium", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SMTP_URL: smtp.url,
      SERVICEKIT_MAIL_FROM: "Acme Mail <mail@acme.test>"
    })
  )
  let admin: string
  let key: string
  let tenantId: string
  const violations: Array<{ page: string; found: unknown }> = []

  beforeAll(async () => {
    await served.kit.startWorkers()
    const tenant = await served.kit.admin.createTenant({ name: "Mail", entitlements: ["transactional", "business_email"] })
    tenantId = tenant.id
    admin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    key = (
      await served.kit.admin.createKey({
        tenantId: tenant.id,
        product: "transactional",
        environment: "live",
        scopes: ["transactional:send"]
      })
    ).key
  })
  afterAll(() => {
    expect(violations).toEqual([])
  })

  const open = (route: string, title: string) => openConsole(browser, served.url, admin, route, title)
  const checkAxe = (page: Page, name: string) => noteViolations(violations, page, name)
  const send = (body: unknown) =>
    fetch(`${served.url}/api/v1/transactional/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body)
    })

  it("creates a template, previews it with escaped variables in a frame that runs and loads nothing, saves and deletes it", async () => {
    const { page, sent, elsewhere, errors } = await open("/transactional/templates", "Email templates")
    const blocked: Array<{ url: string; reason: string | undefined }> = []
    page.on("requestfailed", (request) => blocked.push({ url: request.url(), reason: request.failure()?.errorText }))
    await page.getByText("No templates yet").waitFor()
    await checkAxe(page, "templates (empty)")
    await page.getByRole("link", { name: "New template" }).click()
    await page.getByLabel("Name", { exact: true }).fill(HOSTILE)
    await page.getByLabel("Subject").fill("Hello {{ user.name }}")
    await page.getByLabel("HTML").fill(HOSTILE_HTML)
    await page.getByLabel("Text").fill("Hi {{ user.name }}, {{ code }}")
    await page.getByRole("button", { name: "Create template" }).click()

    // The template's own page: its name as text, the preview with the placeholders' names.
    await expect.poll(() => page.locator("main h1").textContent()).toBe(HOSTILE)
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Hello user.name")
    await page.getByLabel("Sample variables (JSON)").fill(JSON.stringify({ user: { name: "<b>Ann</b>" } }))
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Hello <b>Ann</b>")
    await page.getByText("Without a value (a send would refuse it): code").waitFor()

    const frame = page.frameLocator("iframe.preview-frame")
    const heading = frame.locator("h1")
    await expect.poll(() => heading.textContent()).toBe("Hi <b>Ann</b>")
    // The variable is text in the HTML part; the email's own inline style applies.
    expect(await heading.locator("b").count()).toBe(0)
    expect(await heading.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(200, 0, 0)")
    // Nothing of the email ran, and the frame stayed on the preview page.
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    expect(await frame.locator("body").evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    expect(await frame.locator("body").evaluate(() => location.pathname)).toBe("/api/console/preview")
    expect(await page.locator("main img, main script").count()).toBe(0)
    await checkAxe(page, "template")

    // Saved changes show in the preview.
    await page.getByLabel("Subject").fill("Welcome, {{ user.name }}")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText("Saved.").waitFor()
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Welcome, <b>Ann</b>")

    // A sender off the account's verified domains is refused, naming its domain; without one, the platform's.
    await page.getByLabel("Sender address").fill("billing@other.example")
    await page.getByRole("button", { name: "Save" }).click()
    await page.locator("form .notice.error").waitFor()
    expect(await page.locator("form .notice.error").textContent()).toMatch(/other\.example, which is not a sending domain/)
    await page.getByLabel("Sender address").fill("")
    await page.getByLabel("Sender name").fill("Billing")
    await page.getByRole("button", { name: "Save" }).click()
    await expect
      .poll(() => page.locator("form .notice.error").textContent())
      .toBe("A sender name needs the sender's address: give one, or clear the name.")
    await page.getByLabel("Sender name").fill("")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText("Saved.").waitFor()

    // A placeholder that does not parse is refused where it stands, and nothing changes.
    await page.getByLabel("Subject").fill("Welcome, {{ user.name")
    await page.getByRole("button", { name: "Save" }).click()
    await page.locator("form .notice.error").waitFor()
    expect(await page.locator("form .notice.error").textContent()).toMatch(/bodyJson\.subject/)

    // Deleting asks first, then the list no longer has it.
    await page.getByRole("button", { name: "Delete" }).click()
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Email templates")
    await page.getByText("No templates yet").waitFor()

    // The tracker image never left the machine: the preview's policy stopped it before any network.
    expect(elsewhere).toEqual([])
    const tracker = sent.filter((request) => request.url.startsWith("https://tracker.example/"))
    expect(tracker.length).toBeGreaterThan(0)
    for (const request of tracker) {
      expect(blocked).toContainEqual({ url: request.url, reason: "csp" })
    }
    expect(sent.some((request) => request.url.startsWith("https://elsewhere.example/"))).toBe(false)
    expect(errors).toEqual([])
    expectOnlyDashboardRequests(
      sent.filter((request) => !tracker.includes(request)),
      served.url
    )
    await page.close()
  })

  it("lists send attempts and counts them per day and per template", async () => {
    const template = await (
      await fetch(`${served.url}/api/v1/transactional/templates`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ name: HOSTILE, bodyJson: { subject: "Code {{ code }}", html: "<p>{{ code }}</p>", text: "{{ code }}" } })
      })
    ).json()
    expect((await send({ templateId: template.id, to: ["ann@example.com"], variables: { code: "42" } })).status).toBe(200)
    expect((await send({ to: ["reject-bob@example.com"], subject: HOSTILE, text: "Hi" })).status).toBe(200)
    await smtp.waitFor(1)

    const { page } = await open("/transactional/logs", "Email logs")
    const rows = page.locator("main tbody tr")
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2)
    const sentRow = rows.filter({ hasText: "ann@example.com" })
    expect(await sentRow.locator(".status").textContent()).toBe("Sent")
    expect(await sentRow.locator("td").nth(4).textContent()).toBe(HOSTILE)
    const failedRow = rows.filter({ hasText: "reject-bob@example.com" })
    expect(await failedRow.locator(".status").textContent()).toBe("Failed")
    expect(await failedRow.locator("td").nth(3).textContent()).toBe(HOSTILE)
    expect(await failedRow.locator("td").nth(5).textContent()).toMatch(/550/)
    expect(await page.locator("main img").count()).toBe(0)
    await checkAxe(page, "logs")

    await page.getByRole("link", { name: "Statistics" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Email statistics")
    // The refused address counts as sent and bounced; two messages are too few to be judged.
    const reputation = page.getByTestId("reputation")
    await expect.poll(() => reputation.locator("dd").allTextContents()).toEqual(["2", "50 %", "0 %"])
    expect(await page.locator("#reputation-title .status").textContent()).toBe("Good")
    expect(await page.locator("main .notice").count()).toBe(0)
    // One row a day: today's UTC date (and yesterday's too, when the run crosses midnight).
    const days = [new Date(Date.now() - 86_400_000), new Date()].map((at) => at.toISOString().slice(0, 10))
    const byDay = page.locator("main table").first().locator("tbody tr")
    const totals = async () => {
      const rows = await Promise.all((await byDay.all()).map((row) => row.locator("td").allTextContents()))
      return {
        days: rows.every(([day]) => days.includes(day!)),
        sent: rows.reduce((sum, row) => sum + Number(row[1]), 0),
        failed: rows.reduce((sum, row) => sum + Number(row[2]), 0)
      }
    }
    await expect.poll(totals).toEqual({ days: true, sent: 1, failed: 1 })
    const perTemplate = page.locator("main table").nth(1).locator("tbody tr")
    expect(await perTemplate.filter({ hasText: HOSTILE }).locator("td").allTextContents()).toEqual([HOSTILE, "1", "0"])
    expect(await perTemplate.filter({ hasText: "Inline sends" }).locator("td").allTextContents()).toEqual([
      "Inline sends",
      "0",
      "1"
    ])
    await checkAxe(page, "statistics")

    // Past the pause threshold (10 % of at least 200): the card says sending is paused, and what to do.
    await served.kit.runtime.runPromise(
      Effect.flatMap(SendingReputation, (reputation) => reputation.tally([{ tenantId, sent: 298, bounced: 40, complained: 0 }]))
    )
    await page.reload()
    await expect.poll(() => page.locator("#reputation-title .status").textContent()).toBe("Sending paused")
    expect(await page.locator("main .notice.error").textContent()).toMatch(/^Sending is paused since .+: your bounce rate/)
    expect(await reputation.locator("dd").allTextContents()).toEqual(["300", "13.7 %", "0 %"])
    await checkAxe(page, "statistics (paused)")
    await page.close()
  })
})
