import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { CallingService } from "@servicekit/core"
import { parse } from "csv-parse/sync"
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HOSTILE, expectOnlyDashboardRequests, launchChromium, noteViolations, openConsole } from "./consoleBrowser.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-calling-"))
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const HOUR = 3_600_000
const now = Date.now()
const iso = (ms: number) => new Date(ms).toISOString()
const utcDay = (ms: number) => iso(ms).slice(0, 10)

describe("the console's Business Calling and Growth areas in Chromium", () => {
  const served = serve(() =>
    kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SERVICEKIT_HOSTED_SIP_DOMAIN: "sip.platform.example" })
  )
  let tenantId: string
  let admin: string
  let member: string
  const violations: Array<{ page: string; found: unknown }> = []

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Calls", entitlements: ["voice", "business_email"] })
    tenantId = tenant.id
    admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "ada", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "max", role: "member" })).token
    // 30 calls over the last 30 hours (every third outbound, every fifth missed, n+1 minutes each),
    // one from a hostile caller id, and one of another tenant that must never show.
    const ingest = (id: string, records: ReadonlyArray<unknown>) =>
      served.kit.runtime.runPromise(Effect.flatMap(CallingService, (calling) => calling.ingest(id, records)))
    await ingest(
      tenantId,
      Array.from({ length: 30 }, (_, n) => ({
        fromId: `+1555000${n}`,
        toId: "+15550199",
        direction: n % 3 === 0 ? "outbound" : "inbound",
        durationSecs: 60 * (n + 1),
        result: n % 5 === 0 ? "missed" : "completed",
        startedAt: iso(now - (n + 1) * HOUR)
      }))
    )
    await ingest(tenantId, [
      {
        fromId: HOSTILE,
        toId: "+15550199",
        direction: "inbound",
        durationSecs: 42,
        result: "voicemail",
        startedAt: iso(now - 30 * 60_000),
        callSid: HOSTILE
      }
    ])
    await ingest(served.tenantId, [
      { fromId: "+19990000", toId: "+19990001", direction: "inbound", durationSecs: 5, result: "completed", startedAt: iso(now - 60_000) }
    ])
  })
  afterAll(() => {
    expect(violations).toEqual([])
  })

  const api = async (path: string, token = admin) => {
    const response = await fetch(`${served.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    return response
  }
  const open = (route: string, title: string, token = admin) => openConsole(browser, served.url, token, route, title)
  const checkAxe = (page: Page, name: string) => noteViolations(violations, page, name)
  const summaryShown = (page: Page) => page.getByTestId("call-summary").locator("dd").allTextContents()
  const summaryOf = (answer: { calls: number; minutes: number; inboundOffered: number; inboundAnswered: number; answerRatePercent: number | null }) => [
    String(answer.calls),
    String(answer.minutes),
    String(answer.inboundOffered),
    String(answer.inboundAnswered),
    answer.answerRatePercent === null ? "—" : `${answer.answerRatePercent}%`
  ]
  const noScriptRan = async (page: Page) => {
    expect(await page.locator("main img").count()).toBe(0)
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
  }

  it("lists, pages and filters the calls, shows the API's summary, and exports the filtered CSV", async () => {
    const { page, sent, elsewhere, errors } = await open("/calling/calls", "Calls")
    const rows = page.locator("main tbody tr")
    await expect.poll(() => rows.count()).toBe(25)
    // The default window: the same totals the API answers.
    const defaults = await (await api("/calls/summary")).json()
    expect(defaults.calls).toBe(31)
    await expect.poll(() => summaryShown(page)).toEqual(summaryOf(defaults))

    // Newest first: the hostile caller id heads the list, as text.
    const hostileRow = rows.first()
    expect(await hostileRow.locator("td").nth(2).textContent()).toBe(HOSTILE)
    expect(await hostileRow.locator("td").nth(6).textContent()).toBe(HOSTILE)
    expect(await hostileRow.locator("td").nth(4).textContent()).toBe("voicemail")
    await noScriptRan(page)
    await checkAxe(page, "calls")

    // The next page has the other six; Newer goes back.
    await page.getByRole("button", { name: "Older" }).click()
    await expect.poll(() => rows.count()).toBe(6)
    expect(await rows.last().locator("td").nth(2).textContent()).toBe("+155500029")
    await page.getByRole("button", { name: "Newer" }).click()
    await expect.poll(() => rows.count()).toBe(25)

    // Filtered: outbound missed calls only, as the API lists them.
    await page.getByLabel("Direction").selectOption("outbound")
    await page.getByLabel("Result").fill("missed")
    await page.getByRole("button", { name: "Apply" }).click()
    const listed = await (await api("/calls?direction=outbound&result=missed")).json()
    expect(listed.items.length).toBe(2)
    await expect
      .poll(() => rows.locator("td:nth-child(3)").allTextContents())
      .toEqual(listed.items.map((call: { fromId: string }) => call.fromId))

    // A period of whole UTC days sets the summary, as the API counts it for the same bounds.
    const from = utcDay(now - 24 * HOUR)
    const to = utcDay(now)
    await page.getByLabel("From (UTC day)").fill(from)
    await page.getByLabel("To (UTC day, included)").fill(to)
    await page.getByRole("button", { name: "Apply" }).click()
    const bounds = `from=${from}T00:00:00.000Z&to=${iso(Date.parse(`${to}T00:00:00.000Z`) + 24 * HOUR)}`
    const period = await (await api(`/calls/summary?${bounds}`)).json()
    await expect.poll(() => summaryShown(page)).toEqual(summaryOf(period))

    // The export is the CSV of the filtered calls in the period, fetched with the token in a header.
    const downloading = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export CSV" }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^calls-\d{4}-\d{2}-\d{2}\.csv$/)
    const file = readFileSync((await download.path())!, "utf8")
    const expected = await (await api(`/calls/export?format=csv&${bounds}&direction=outbound&result=missed`)).text()
    expect(file).toBe(expected)
    const exported = parse(file, { columns: true }) as Array<Record<string, string>>
    const inPeriod = (
      (await (await api(`/calls/export?format=json&${bounds}&direction=outbound&result=missed`)).json()) as Array<{ id: string }>
    ).map((call) => call.id)
    expect(exported.map((row) => row.id)).toEqual(inPeriod)
    expect(exported.length).toBeGreaterThan(0)
    for (const row of exported) expect(row).toMatchObject({ direction: "outbound", result: "missed" })

    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    expectOnlyDashboardRequests(sent, served.url)
    await page.close()
  })

  it("registers and removes the own trunk, opts in and out of hosted SIP, and shows members the setup read-only", async () => {
    const { page, sent, elsewhere, errors } = await open("/calling/sip", "SIP settings")
    await page.getByText("No own trunk is registered.").waitFor()
    await page.getByText("sip.platform.example").waitFor()
    await checkAxe(page, "sip settings")

    await page.getByLabel("Host", { exact: true }).fill("sip.carrier.example")
    await page.getByLabel("Port", { exact: true }).fill("5061")
    await page.getByLabel("Transport").selectOption("tls")
    // A username with spaces is refused where it stands, nothing stored.
    await page.getByLabel("Username").fill(HOSTILE)
    await page.getByLabel("Password").fill("s3cret-trunk-pass")
    await page.getByRole("button", { name: "Register trunk" }).click()
    const refusal = page.locator("form .notice.error")
    await expect.poll(() => refusal.textContent()).toMatch(/username/)
    expect(await (await api("/sip/status")).json()).toBeNull()

    // Markup without spaces is a valid username: stored, and shown as text.
    const username = HOSTILE.replaceAll(" ", "/")
    await page.getByLabel("Username").fill(username)
    await page.getByRole("button", { name: "Register trunk" }).click()
    const status = page.getByTestId("trunk-status")
    await expect.poll(() => status.locator("dd").first().textContent()).toBe("sip.carrier.example")
    expect(await status.locator("dd").nth(3).textContent()).toBe(username)
    expect(await (await api("/sip/status")).json()).toMatchObject({
      host: "sip.carrier.example",
      port: 5061,
      transport: "tls",
      username
    })
    expect(await page.content()).not.toContain("s3cret-trunk-pass")
    await noScriptRan(page)

    // With a trunk, hosted SIP is refused by the API, and the page says why.
    await page.getByRole("button", { name: "Opt in" }).click()
    await page.locator("section", { hasText: "Hosted SIP" }).locator(".notice.error").waitFor()
    expect((await (await api("/sip/our-sip")).json()).optedIn).toBe(false)

    // Members see the trunk without the means to change it.
    const seen = await open("/calling/sip", "SIP settings", member)
    await seen.page.getByText("Only tenant admins change the SIP setup.").waitFor()
    await expect.poll(() => seen.page.getByTestId("trunk-status").locator("dd").first().textContent()).toBe("sip.carrier.example")
    expect(await seen.page.locator("main button").count()).toBe(0)
    await checkAxe(seen.page, "sip settings (member)")
    expectOnlyDashboardRequests(seen.sent, served.url)
    await seen.page.close()

    await page.getByRole("button", { name: "Remove trunk" }).click()
    const dialog = page.getByRole("dialog")
    await expect.poll(() => dialog.locator("h2").textContent()).toBe("Remove the own trunk?")
    await checkAxe(page, "remove trunk dialog")
    await dialog.getByRole("button", { name: "Remove trunk" }).click()
    await page.getByText("No own trunk is registered.").waitFor()
    expect(await (await api("/sip/status")).json()).toBeNull()

    await page.getByRole("button", { name: "Opt in" }).click()
    await expect.poll(() => page.getByTestId("hosted-status").locator("dd").nth(1).textContent()).toMatch(/^Opted in /)
    expect((await (await api("/sip/our-sip")).json()).optedIn).toBe(true)
    await page.getByRole("button", { name: "Opt out" }).click()
    await expect.poll(() => page.getByTestId("hosted-status").locator("dd").nth(1).textContent()).toBe("Not opted in")
    expect((await (await api("/sip/our-sip")).json()).optedIn).toBe(false)

    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    expectOnlyDashboardRequests(sent, served.url)
    await page.close()
  })

  it("starts a growth conversation, adds replies, closes it, and shows hostile text as text", async () => {
    const { page, sent, elsewhere, errors } = await open("/growth/conversations", "Conversations")
    await page.getByText("No conversations here").waitFor()
    await checkAxe(page, "conversations (empty)")
    await page.getByRole("link", { name: "New conversation" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("New conversation")
    await page.getByLabel("Contact email").fill("ann@example.com")
    await page.getByLabel("Contact name (optional)").fill(HOSTILE)
    await page.getByLabel("Subject").fill(HOSTILE)
    await page.getByLabel("Message").fill(`Hello Ann,\n${HOSTILE}`)
    await checkAxe(page, "new conversation")
    await page.getByRole("button", { name: "Send and start" }).click()

    await expect.poll(() => page.locator("main h1").textContent()).toBe(HOSTILE)
    const id = /\/growth\/conversations\/([0-9a-f-]{36})$/.exec(new URL(page.url()).hash)![1]
    const bubbles = page.locator("main .bubble-text")
    await expect.poll(() => bubbles.allTextContents()).toEqual([`Hello Ann,\n${HOSTILE}`])
    expect(await page.locator("main .lead").textContent()).toBe(`${HOSTILE} · ann@example.com`)

    await page.getByLabel("Text").fill("Here is the quote.")
    await page.getByRole("button", { name: "Send reply" }).click()
    await expect.poll(() => bubbles.count()).toBe(2)
    await page.getByLabel("The contact's reply (recorded, not sent)").check()
    await page.getByLabel("Text").fill("Thanks, looks good.")
    await page.getByRole("button", { name: "Record reply" }).click()
    await expect.poll(() => bubbles.allTextContents()).toEqual([`Hello Ann,\n${HOSTILE}`, "Here is the quote.", "Thanks, looks good."])
    await page.getByRole("button", { name: "Close" }).click()
    await expect.poll(() => page.getByTestId("conversation-status").textContent()).toBe("Closed")
    await noScriptRan(page)
    await checkAxe(page, "conversation")

    const stored = await (await api(`/growth/conversations/${id}`)).json()
    expect(stored).toMatchObject({ subject: HOSTILE, status: "closed", messageCount: 3, contact: { email: "ann@example.com", name: HOSTILE } })
    expect(stored.messages.map((message: { direction: string; content: string }) => [message.direction, message.content])).toEqual([
      ["outbound", `Hello Ann,\n${HOSTILE}`],
      ["outbound", "Here is the quote."],
      ["inbound", "Thanks, looks good."]
    ])

    // Listed with its subject as a link of text, and found under its status only.
    await page.getByRole("link", { name: "Conversations", exact: true }).first().click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Conversations")
    const row = page.locator("main tbody tr")
    await expect.poll(() => row.locator("td").first().textContent()).toBe(HOSTILE)
    expect(await row.locator("td").nth(2).textContent()).toBe("Closed")
    expect(await row.locator("td").nth(3).textContent()).toBe("3")
    await page.getByLabel("Status").selectOption("open")
    await page.getByText("No conversations here").waitFor()
    await noScriptRan(page)
    await checkAxe(page, "conversations")

    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    expectOnlyDashboardRequests(sent, served.url)
    await page.close()
  })
})
