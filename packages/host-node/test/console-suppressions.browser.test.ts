import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ActivityLog, type NewSuppression, SuppressionService, Suppressions } from "@servicekit/core/internal"
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { HOSTILE, expectOnlyDashboardRequests, launchChromium, noteViolations, openConsole } from "./consoleBrowser.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-suppressions-"))
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

interface LogRow {
  readonly id: string
  readonly status: string
  readonly recipient: string
  readonly subject: string
  readonly metadata: Record<string, unknown>
}

describe("the console's suppressions and the logs' statuses in Chromium", () => {
  // No SMTP_URL: the kit's mail goes to the development mailbox in its data folder.
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit") }))
  let tenantId: string
  let admin: string
  let member: string
  /** The message to ann@ that was sent, delivered, then reported as spam; gone@'s, which bounced. */
  let complainedId: string
  let bouncedId: string
  const violations: Array<{ page: string; found: unknown }> = []

  /** Seeds follow one another by a few milliseconds, so that newest first is one order. */
  const later = () => new Promise((resolve) => setTimeout(resolve, 5))
  const logs = async (): Promise<ReadonlyArray<LogRow>> => {
    const response = await fetch(`${served.url}/api/growth/transactional/logs?limit=100`, {
      headers: { authorization: `Bearer ${admin}` }
    })
    return (await response.json()).data
  }
  /** The message a send to `to` made, once its delivery attempt is logged as `status`. */
  const sentTo = async (key: string, to: string, status: string) => {
    const response = await fetch(`${served.url}/api/v1/transactional/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ to: [to], subject: `Hello ${to}`, text: "Hi" })
    })
    expect(response.status).toBe(200)
    return vi.waitFor(
      async () => {
        const found = (await logs()).find((row) => row.recipient === to && row.status === status)
        if (found === undefined) throw new Error(`no ${status} row for ${to} yet`)
        return found
      },
      { timeout: 15_000, interval: 100 }
    )
  }
  /** A report's row in the log, as the inbound listener writes it for a sent message. */
  const reported = async (
    sent: LogRow,
    status: "delivered" | "deferred" | "bounced" | "complained",
    error: string | null,
    metadata: Record<string, unknown>
  ) => {
    await later()
    await served.kit.runtime.runPromise(
      Effect.flatMap(ActivityLog, (ledger) =>
        ledger.append({
          id: randomUUID(),
          tenantId,
          status,
          recipient: sent.recipient,
          templateId: null,
          templateName: null,
          subject: sent.subject,
          providerMessageId: null,
          error,
          metadata: { source: "transactional_v1", messageId: sent.metadata.messageId, test: false, ...metadata },
          createdAt: new Date()
        })
      )
    )
  }
  const suppress = async (entry: NewSuppression) => {
    await later()
    await served.kit.runtime.runPromise(Effect.flatMap(Suppressions, (suppressions) => suppressions.add([entry])))
  }

  beforeAll(async () => {
    await served.kit.startWorkers()
    const tenant = await served.kit.admin.createTenant({ name: "Mail", entitlements: ["transactional", "business_email"] })
    tenantId = tenant.id
    admin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "max", role: "member" })).token
    const { key } = await served.kit.admin.createKey({
      tenantId,
      product: "transactional",
      environment: "live",
      scopes: ["transactional:send"]
    })

    // ann@ gets a message, reported delivered, then reported as spam: her address is suppressed by the complaint.
    const ann = await sentTo(key, "ann@example.com", "sent")
    complainedId = String(ann.metadata.messageId)
    await reported(ann, "delivered", null, { status: "2.0.0", diagnostic: "250 2.0.0 OK" })
    await reported(ann, "complained", null, { feedbackType: "abuse" })
    // gone@'s message is deferred, then bounces for good, the remote answer hostile.
    const gone = await sentTo(key, "gone@example.com", "sent")
    bouncedId = String(gone.metadata.messageId)
    await reported(gone, "deferred", "451 4.4.1 try later", { status: "4.4.1" })
    await reported(gone, "bounced", `550 5.1.1 ${HOSTILE} unknown`, { bounce: "hard", status: "5.1.1" })
    await suppress({
      tenantId,
      stream: "transactional",
      email: "Gone@Example.com",
      reason: "hard_bounce",
      detail: `5.1.1 550 ${HOSTILE}`,
      messageId: bouncedId
    })
    await suppress({
      tenantId,
      stream: "transactional",
      email: "ann@example.com",
      reason: "complaint",
      detail: "Feedback-Type: abuse",
      messageId: complainedId
    })
    await suppress({ tenantId, stream: "broadcast", email: "news@example.com", reason: "unsubscribe", detail: null, messageId: null })
    await later()
    await served.kit.runtime.runPromise(
      Effect.flatMap(SuppressionService, (service) =>
        service.add(tenantId, { email: "hand@example.com", stream: "transactional", note: HOSTILE })
      )
    )
    // A new send to ann@ is not attempted: the log says suppressed.
    await sentTo(key, "ann@example.com", "suppressed")
  }, 60_000)
  afterAll(() => {
    expect(violations).toEqual([])
  })

  const checkAxe = (page: Page, name: string) => noteViolations(violations, page, name)
  const rows = (page: Page) => page.locator("main tbody tr")
  /** Each row as address, stream and reason. */
  const listed = (page: Page) =>
    rows(page).evaluateAll((found) =>
      found.map((row) => [...row.querySelectorAll("td")].slice(0, 3).map((cell) => cell.textContent))
    )
  const row = (page: Page, email: string) => rows(page).filter({ hasText: email })
  const applyFilters = async (page: Page, filters: { email?: string; stream?: string; reason?: string }) => {
    await page.getByLabel("Address", { exact: true }).fill(filters.email ?? "")
    await page.getByLabel("Stream", { exact: true }).selectOption({ label: filters.stream ?? "All streams" })
    await page.getByLabel("Reason", { exact: true }).selectOption({ label: filters.reason ?? "Any reason" })
    await page.getByRole("button", { name: "Apply" }).click()
  }
  const ALL = [
    ["hand@example.com", "Transactional", "Added by hand"],
    ["news@example.com", "Broadcast", "Unsubscribed"],
    ["ann@example.com", "Transactional", "Spam complaint"],
    ["gone@example.com", "Transactional", "Hard bounce"]
  ]

  it("lists each entry with its reason in words, filters, adds (refusing a bad address and a duplicate) and removes a bounce", async () => {
    const { page, sent, errors, elsewhere } = await openConsole(browser, served.url, admin, "/transactional/suppressions", "Suppressions")
    await expect.poll(() => listed(page)).toEqual(ALL)

    // Details as text, the bounce's message linked, a Remove button only where the account may remove.
    expect(await row(page, "hand@").locator("td").nth(3).textContent()).toBe(HOSTILE)
    expect(await row(page, "gone@").locator("td").nth(3).textContent()).toBe(`5.1.1 550 ${HOSTILE}Message ${bouncedId}`)
    expect(await row(page, "gone@").getByRole("link", { name: bouncedId }).getAttribute("href")).toBe(
      `#/transactional/logs/messages/${bouncedId}`
    )
    expect(await row(page, "ann@").locator("td").nth(3).textContent()).toBe(`Feedback-Type: abuseMessage ${complainedId}`)
    expect(await row(page, "news@").locator("td").nth(3).textContent()).toBe("—")
    expect(await page.getByRole("button", { name: /^Remove / }).evaluateAll((found) => found.map((b) => b.getAttribute("aria-label")))).toEqual([
      "Remove hand@example.com from the transactional list",
      "Remove gone@example.com from the transactional list"
    ])
    expect(await row(page, "ann@").locator("td").last().textContent()).toBe("Only the recipient can undo a spam complaint.")
    expect(await row(page, "news@").locator("td").last().textContent()).toBe("Only the recipient can undo an unsubscribe.")
    expect(await page.locator("main img").count()).toBe(0)
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
    await checkAxe(page, "suppressions")

    // Filters: by reason, by stream, by the whole address in any case; cleared, everything again.
    await applyFilters(page, { reason: "Spam complaint" })
    await expect.poll(() => listed(page)).toEqual([ALL[2]])
    await applyFilters(page, { stream: "Broadcast" })
    await expect.poll(() => listed(page)).toEqual([ALL[1]])
    await applyFilters(page, { email: "GONE@example.com" })
    await expect.poll(() => listed(page)).toEqual([ALL[3]])
    await applyFilters(page, { email: "nobody@example.com", stream: "Transactional" })
    await page.getByText("No addresses match these filters").waitFor()
    await checkAxe(page, "suppressions (filtered, none)")
    await page.getByRole("button", { name: "Clear filters" }).click()
    await expect.poll(() => listed(page)).toEqual(ALL)

    // Adding: a hostile address is refused at the field, focus back on it, nothing rendered as HTML.
    await page.getByRole("button", { name: "Suppress an address" }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("suppression-email")
    await page.keyboard.type(HOSTILE)
    await page.keyboard.press("Enter")
    const problem = page.locator("#suppression-email-error")
    await problem.waitFor()
    expect(await problem.textContent()).toBe("The address must be an email address.")
    expect(await page.locator("#suppression-email").getAttribute("aria-invalid")).toBe("true")
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("suppression-email")
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
    await checkAxe(page, "add form (refused)")
    // One on the list already: the API's 409 above the form.
    await page.locator("#suppression-email").fill("GONE@example.com")
    await page.getByRole("button", { name: "Suppress address" }).click()
    await expect
      .poll(() => page.locator("main form .notice.error").textContent())
      .toBe("gone@example.com is on the transactional stream's suppression list already.")
    expect(await page.locator("#suppression-email-error").count()).toBe(0)
    // Added on the broadcast stream with a note: newest first.
    await page.locator("#suppression-email").fill("Later@Example.com")
    await page.locator("#suppression-stream").selectOption("broadcast")
    await page.getByLabel("Note (optional)").fill("Asked by phone")
    await page.getByRole("button", { name: "Suppress address" }).click()
    await expect
      .poll(() => page.locator("main .notice.info").textContent())
      .toBe("later@example.com is on the broadcast list: mail to it is not sent.")
    await expect.poll(() => listed(page)).toEqual([["later@example.com", "Broadcast", "Added by hand"], ...ALL])
    expect(await row(page, "later@").locator("td").nth(3).textContent()).toBe("Asked by phone")
    expect(await page.locator("#suppression-email").count()).toBe(0)

    // Removing the bounce asks first; Cancel keeps it, confirmed it is gone, here and in the API.
    await row(page, "gone@").getByRole("button", { name: "Remove gone@example.com from the transactional list" }).click()
    const dialog = page.getByRole("dialog")
    await expect.poll(() => dialog.locator("h2").textContent()).toBe("Take this address off the list?")
    expect(await dialog.locator(".dialog-body").textContent()).toBe(
      "Mail to gone@example.com on the transactional stream is attempted again. It bounced for good before: if it does again, it comes back on the list."
    )
    await checkAxe(page, "remove dialog")
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "hidden" })
    expect(await row(page, "gone@").count()).toBe(1)
    await row(page, "gone@").getByRole("button", { name: /^Remove / }).click()
    await dialog.getByRole("button", { name: "Remove address" }).click()
    await expect
      .poll(() => page.locator("main .notice.info").textContent())
      .toBe("gone@example.com is off the transactional list: mail to it is attempted again.")
    expect(await row(page, "gone@").count()).toBe(0)
    const left = await fetch(`${served.url}/api/v1/transactional/suppressions?email=gone@example.com`, {
      headers: { authorization: `Bearer ${admin}` }
    })
    expect((await left.json()).data).toEqual([])
    // A complaint has no button, and the API refuses its removal anyway.
    const kept = await fetch(`${served.url}/api/v1/transactional/suppressions/ann%40example.com`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${admin}` }
    })
    await expectRefusal(kept, 409, "suppression_not_removable")

    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    expectOnlyDashboardRequests(sent, served.url)
    await page.close()
  })

  it("shows a member the list with no control to change it, which the API refuses them anyway", async () => {
    const { page } = await openConsole(browser, served.url, member, "/transactional/suppressions", "Suppressions")
    await expect.poll(() => rows(page).count()).toBe(4)
    await page.getByText("Tenant admins add and remove addresses; you can see the list.").waitFor()
    expect(await page.getByRole("button", { name: /Suppress an address|^Remove / }).count()).toBe(0)
    expect(await page.locator("main thead th").allTextContents()).toEqual(["Address", "Stream", "Reason", "Detail", "Added"])
    await checkAxe(page, "suppressions (member)")
    const refused = await fetch(`${served.url}/api/v1/transactional/suppressions`, {
      method: "POST",
      headers: { authorization: `Bearer ${member}`, "content-type": "application/json" },
      body: JSON.stringify({ email: "max@example.com" })
    })
    await expectRefusal(refused, 403, "admin_required")
    await page.close()
  })

  it("labels every log status with its detail, and follows a message's history", async () => {
    const { page, sent, errors, elsewhere } = await openConsole(browser, served.url, admin, "/transactional/logs", "Email logs")
    await expect.poll(() => rows(page).count()).toBe(7)
    const statuses = await rows(page).evaluateAll((found) =>
      found.map((row) => [row.querySelector("td:nth-child(3)")!.textContent, row.querySelector(".status")!.textContent])
    )
    expect(statuses).toEqual([
      ["ann@example.com", "Suppressed"],
      ["gone@example.com", "Hard bounce"],
      ["gone@example.com", "Deferred"],
      ["gone@example.com", "Sent"],
      ["ann@example.com", "Spam complaint"],
      ["ann@example.com", "Delivered"],
      ["ann@example.com", "Sent"]
    ])
    const detail = (n: number) => rows(page).nth(n).locator("td").nth(5).textContent()
    expect(await detail(0)).toBe("Not attempted: the address is on the suppression list (spam complaint).")
    expect(await rows(page).nth(0).getByRole("link", { name: "suppression list" }).getAttribute("href")).toBe(
      "#/transactional/suppressions"
    )
    expect(await detail(1)).toBe(`The address does not take mail: it is suppressed from now on.5.1.1 550 5.1.1 ${HOSTILE} unknown`)
    expect(await detail(2)).toBe("The receiving side is still trying to deliver it.4.4.1 451 4.4.1 try later")
    expect(await detail(4)).toBe("The recipient reported it as spam (abuse): the address is suppressed from now on.")
    expect(await detail(5)).toBe("The receiving server reported it delivered.2.0.0 250 2.0.0 OK")
    expect(await page.locator("main img").count()).toBe(0)
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
    await checkAxe(page, "logs")

    // The complaint's row leads to its message's history, oldest first, and nothing of other messages.
    await rows(page).nth(4).getByRole("link", { name: "History of the message to ann@example.com" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Message history")
    const history = page.locator("main tbody tr .status")
    await expect.poll(() => history.allTextContents()).toEqual(["Sent", "Delivered", "Spam complaint"])
    expect(await page.locator("main .facts dd").allTextContents()).toEqual([complainedId, "ann@example.com", "Hello ann@example.com"])
    // Its first row (attempt 1, where the search stops) was found: nothing more to search.
    expect((await logs()).filter((row) => row.status === "sent").map((row) => row.metadata.attempt)).toEqual([1, 1])
    expect(await page.getByRole("button", { name: "Search older rows" }).count()).toBe(0)
    await checkAxe(page, "message history")

    // The complaint's message again, reached from the suppression list.
    await page.evaluate(() => (location.hash = "#/transactional/suppressions"))
    await page.getByRole("link", { name: complainedId }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Message history")
    await expect.poll(() => history.allTextContents()).toEqual(["Sent", "Delivered", "Spam complaint"])
    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    expectOnlyDashboardRequests(sent, served.url)
    await page.close()
  })

  it("loads a long list a page at a time, and says what the list is while it is empty", async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Many", entitlements: ["transactional"] })
    const token = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    const { page } = await openConsole(browser, served.url, token, "/transactional/suppressions", "Suppressions")
    await page.getByText("No suppressed addresses").waitFor()
    expect(await page.locator("main .card.empty p").textContent()).toContain(
      "ones that bounced for good (hard bounces), whose owners reported your mail as spam (complaints) or unsubscribed, and ones added by hand"
    )
    await checkAxe(page, "suppressions (empty)")
    await served.kit.runtime.runPromise(
      Effect.flatMap(SuppressionService, (service) =>
        Effect.forEach(Array.from({ length: 55 }, (_, n) => n), (n) =>
          service.add(tenant.id, { email: `reader${String(n).padStart(2, "0")}@example.com`, stream: "transactional" })
        )
      )
    )
    await page.reload()
    await expect.poll(() => rows(page).count()).toBe(50)
    await page.getByRole("button", { name: "Load more" }).click()
    await expect.poll(() => rows(page).count()).toBe(55)
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0)
    // Every entry once: the second page starts where the first ended.
    const emails = await rows(page).locator("td:first-child").allTextContents()
    expect(new Set(emails).size).toBe(55)
    await page.close()
  })
})
