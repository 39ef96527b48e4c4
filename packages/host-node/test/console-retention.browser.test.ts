import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectOnlyDashboardRequests, launchChromium, noteViolations, openConsole } from "./consoleBrowser.js"
import { kitOn, serve } from "./hostileInput.js"

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

// The platform keeps webhook deliveries 60 days; conversations until a period is set.
describe("the console's data retention page in Chromium", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-retention-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir, SERVICEKIT_RETENTION_DAYS: "webhooks.deliveries=60" }))
  let tenantId: string
  let admin: string
  let member: string
  const violations: Array<{ page: string; found: unknown }> = []
  beforeAll(async () => {
    tenantId = (await served.kit.admin.createTenant({ name: "Keeper", entitlements: ["chat"] })).id
    admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "ada", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "max", role: "member" })).token
  })
  afterAll(() => {
    expect(violations).toEqual([])
  })
  const stored = async () => {
    const response = await fetch(`${served.url}/api/v1/retention`, { headers: { authorization: `Bearer ${admin}` } })
    return Object.fromEntries(((await response.json()).data as Array<{ kind: string; tenantDays: number | null }>).map((period) => [period.kind, period.tenantDays]))
  }

  it("sets a shorter period, refuses a longer one at the field, and goes back to the platform's", async () => {
    const { page, sent, errors, elsewhere } = await openConsole(browser, served.url, admin, "/developers/retention", "Data retention")
    const deliveries = page.getByRole("form", { name: "webhooks.deliveries" })
    const conversations = page.getByRole("form", { name: "chat.conversations" })
    await expect.poll(() => deliveries.textContent()).toContain("Deleted after 60 days. The platform keeps it 60 days.")
    expect(await conversations.textContent()).toContain("Kept. The platform keeps it until you set a period.")
    await noteViolations(violations, page, "retention")

    const days = deliveries.getByLabel("Your period, in days")
    await days.fill("61")
    await deliveries.getByRole("button", { name: "Save the period of webhooks.deliveries" }).click()
    await expect.poll(() => deliveries.getByRole("alert").textContent()).toBe(
      "It must be at most 60: the platform keeps webhooks.deliveries 60 days."
    )
    expect(await days.getAttribute("aria-invalid")).toBe("true")
    expect(await stored()).toEqual({ "chat.conversations": null, "chat.visitor_tokens": null, "webhooks.deliveries": null })
    await noteViolations(violations, page, "retention refused")

    await days.fill("14")
    await deliveries.getByRole("button", { name: "Save the period of webhooks.deliveries" }).click()
    await expect.poll(() => deliveries.getByRole("status").textContent()).toBe(
      "Saved: what is older than 14 days is deleted within the hour."
    )
    expect(await deliveries.textContent()).toContain("Deleted after 14 days.")
    await conversations.getByLabel("Your period, in days").fill("365")
    await conversations.getByRole("button", { name: "Save the period of chat.conversations" }).click()
    await expect.poll(() => conversations.textContent()).toContain("Deleted after 365 days.")
    expect(await stored()).toEqual({ "chat.conversations": 365, "chat.visitor_tokens": null, "webhooks.deliveries": 14 })

    await page.reload()
    await expect.poll(() => page.getByRole("form", { name: "webhooks.deliveries" }).getByLabel("Your period, in days").inputValue()).toBe("14")
    await page.getByRole("button", { name: "Use the platform's period for webhooks.deliveries" }).click()
    await expect.poll(() => page.getByRole("form", { name: "webhooks.deliveries" }).textContent()).toContain("Deleted after 60 days.")
    expect(await stored()).toEqual({ "chat.conversations": 365, "chat.visitor_tokens": null, "webhooks.deliveries": null })
    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    expectOnlyDashboardRequests(sent, served.url)
  })

  it("shows a member the periods without a way to change them", async () => {
    const { page } = await openConsole(browser, served.url, member, "/developers/retention", "Data retention")
    const deliveries = page.getByRole("form", { name: "webhooks.deliveries" })
    await expect.poll(() => deliveries.textContent()).toContain("Tenant admins change these periods.")
    expect(await deliveries.getByLabel("Your period, in days").isDisabled()).toBe(true)
    expect(await page.getByRole("button", { name: /^Save/ }).count()).toBe(0)
    await noteViolations(violations, page, "retention as a member")
  })
})
