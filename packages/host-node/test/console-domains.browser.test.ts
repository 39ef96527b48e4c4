import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HOSTILE, expectOnlyDashboardRequests, launchChromium, noteViolations, openConsole } from "./consoleBrowser.js"
import { startDnsServer } from "./fixtures/dnsServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-domains-"))
let dns: Awaited<ReturnType<typeof startDnsServer>>
let browser: Browser
beforeAll(async () => {
  dns = await startDnsServer()
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await dns?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe("the console's sending domains in Chromium", () => {
  // The kit reads DNS from the test's server only, which answers what the test publishes.
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_DNS_SERVERS: dns.address,
      SERVICEKIT_MAIL_SPF_INCLUDE: "spf.platform.example"
    })
  )
  let admin: string
  let member: string
  let domainId: string
  const violations: Array<{ page: string; found: unknown }> = []

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Mail", entitlements: ["transactional", "business_email"] })
    admin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "max", role: "member" })).token
  })
  afterAll(() => {
    expect(violations).toEqual([])
  })

  const checkAxe = (page: Page, name: string) => noteViolations(violations, page, name)
  /** Adding a domain makes its 2048-bit RSA key first, which takes a while on a busy machine. */
  const keyMade = { timeout: 20_000 }
  const main = (page: Page) => page.locator("main")
  /** A record's section, by its heading ("DKIM Required"). */
  const record = (page: Page, heading: string) => page.getByRole("region", { name: heading })
  const badges = (page: Page) => page.locator("section.record .heading-row > .status").allTextContents()
  /** Clicks "Check DNS now" and answers what the page says of the check. */
  const checkNow = async (page: Page) => {
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(`/${domainId}/verify`)),
      page.getByRole("button", { name: "Check DNS now" }).click()
    ])
    const outcome = page.locator("main .notice.info")
    await outcome.waitFor()
    return outcome.textContent()
  }

  it("adds a domain (a hostile name refused at the field), shows and copies its records, and follows DNS to verified", async () => {
    const { page, sent, errors, elsewhere } = await openConsole(browser, served.url, admin, "/transactional/domains", "Sending domains")
    await page.getByText("No sending domains yet").waitFor()
    expect(await main(page).textContent()).toContain("signed with its own key")
    await checkAxe(page, "domains (empty)")

    // A name that is not a domain: the API's reason at the field, focus back on it, nothing rendered as HTML.
    await page.getByRole("button", { name: "Add domain", exact: true }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("domain-name")
    await page.keyboard.type(`${HOSTILE}.example.com`)
    await page.keyboard.press("Enter")
    const problem = page.locator("#domain-error")
    await problem.waitFor()
    expect(await problem.textContent()).toBe(
      "The domain must be a domain name such as mail.example.com (an international name in its xn-- form)."
    )
    expect(await page.locator("#domain-name").getAttribute("aria-invalid")).toBe("true")
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("domain-name")
    await checkAxe(page, "add form (refused)")

    // Added: its page lists the records to publish, none checked yet.
    await page.locator("#domain-name").fill("Mail.Example.COM.")
    await page.getByRole("button", { name: "Add domain", exact: true }).click()
    await expect.poll(() => page.locator("main h1").textContent(), keyMade).toBe("mail.example.com")
    domainId = /\/transactional\/domains\/([0-9a-f-]{36})$/.exec(await page.evaluate(() => location.hash))![1]!
    expect(await page.locator("section.record h3").allTextContents()).toEqual([
      "DKIM Required",
      "SPF Recommended",
      "DMARC Recommended"
    ])
    expect(await badges(page)).toEqual(["Not checked yet", "Not checked yet", "Not checked yet"])
    const dkimName = page.getByRole("textbox", { name: "DKIM record Name" })
    const dkimValue = page.getByRole("textbox", { name: "DKIM record Value" })
    const name = await dkimName.inputValue()
    const value = await dkimValue.inputValue()
    expect(name).toMatch(/^sk[0-9a-z]{8}\._domainkey\.mail\.example\.com$/)
    expect(value).toMatch(/^v=DKIM1; k=rsa; p=MIIBIjANBg[A-Za-z0-9+/]+=*$/)
    expect(await dkimValue.isEditable()).toBe(false)
    expect(await page.getByRole("textbox", { name: "SPF record Value" }).inputValue()).toBe(
      "v=spf1 include:spf.platform.example ~all"
    )
    expect(await page.getByRole("textbox", { name: "DMARC record Name" }).inputValue()).toBe("_dmarc.mail.example.com")
    await checkAxe(page, "domain (new)")

    // Its Copy button puts exactly the value on the clipboard; focusing the field selects it all.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: served.url })
    const copy = page.getByRole("button", { name: /DKIM record value$/ })
    expect(await copy.textContent()).toBe("Copy DKIM record value")
    await copy.click()
    await expect.poll(() => copy.textContent()).toBe("Copied DKIM record value")
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value)
    await dkimName.focus()
    expect(await dkimName.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!))).toBe(name)

    // Nothing published yet: still pending, each record missing.
    expect(await checkNow(page)).toBe(
      "Not verified yet: the DKIM record is not published. DNS changes can take a while to appear; check again later. 0 of 3 records published."
    )
    await expect.poll(() => badges(page)).toEqual(["Missing", "Missing", "Missing"])
    expect(await page.locator("main .facts .status").first().textContent()).toBe("Pending")

    // Another key at the selector, hostile text included: failed, said why, what was found shown as text.
    const wrong = `v=DKIM1; k=rsa; p=${HOSTILE}`
    dns.setTxt(name, [wrong])
    expect(await checkNow(page)).toBe("Not verified: the DKIM record is wrong or gone. 0 of 3 records published.")
    await expect.poll(() => badges(page)).toEqual(["Wrong value", "Missing", "Missing"])
    expect(await page.getByTestId("domain-failure").textContent()).toBe(
      `Failed: The TXT record at ${name} does not carry this domain's DKIM key. New mail from its addresses is refused until it is fixed.`
    )
    expect(await record(page, "DKIM Required").locator(".found code").allTextContents()).toEqual([wrong])
    expect(await page.locator("main img").count()).toBe(0)
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
    await checkAxe(page, "domain (failed)")

    // The right record (and SPF): verified, the failure gone.
    dns.setTxt(name, [value])
    dns.setTxt("mail.example.com", ["v=spf1 include:spf.platform.example ~all"])
    expect(await checkNow(page)).toBe(
      "Verified: mail from mail.example.com is signed. 2 of 3 records published."
    )
    await expect.poll(() => badges(page)).toEqual(["Published", "Published", "Missing"])
    expect(await page.getByTestId("domain-failure").count()).toBe(0)
    expect(await page.locator("main .facts .status").first().textContent()).toBe("Verified")
    await checkAxe(page, "domain (verified)")

    // Listed verified; the same domain again is refused with the API's message.
    await page.getByRole("link", { name: "Sending domains" }).first().click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Sending domains")
    const row = page.locator("main tbody tr", { hasText: "mail.example.com" })
    expect(await row.locator(".status").textContent()).toBe("Verified")
    await page.getByRole("button", { name: "Add domain", exact: true }).click()
    await page.locator("#domain-name").fill("mail.example.com")
    await page.getByRole("button", { name: "Add domain", exact: true }).click()
    await expect
      .poll(() => page.locator("main form .notice.error").textContent(), keyMade)
      .toBe("The account has mail.example.com already.")
    await checkAxe(page, "domains (409)")

    // A template may send from the verified domain: its sender is kept with it and shown again.
    await page.evaluate(() => (location.hash = "#/transactional/templates/new"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("New template")
    await page.getByLabel("Name", { exact: true }).fill("receipt")
    await page.getByLabel("Sender name").fill("Billing")
    await page.getByLabel("Sender address").fill("billing@mail.example.com")
    await page.getByLabel("Subject").fill("Your receipt")
    await page.getByLabel("Text").fill("Thank you.")
    await page.getByRole("button", { name: "Create template" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("receipt")
    await expect.poll(() => page.getByLabel("Sender address").inputValue()).toBe("billing@mail.example.com")
    expect(await page.getByLabel("Sender name").inputValue()).toBe("Billing")
    await checkAxe(page, "template with a sender")

    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    expectOnlyDashboardRequests(sent, served.url)
    await page.close()
  })

  it("shows a member the domains and their records, with no control to change them", async () => {
    const { page } = await openConsole(browser, served.url, member, "/transactional/domains", "Sending domains")
    await page.locator("main tbody tr", { hasText: "mail.example.com" }).waitFor()
    expect(await page.getByRole("button", { name: "Add domain", exact: true }).count()).toBe(0)
    await page.getByText("Tenant admins add, check and delete sending domains").waitFor()
    await page.getByRole("link", { name: "mail.example.com" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("mail.example.com")
    await page.getByRole("textbox", { name: "DKIM record Value" }).waitFor()
    expect(await main(page).getByRole("button", { name: /Check DNS now|Delete/ }).count()).toBe(0)
    await checkAxe(page, "domain (member)")
    // The API refuses a member anyway.
    const refused = await fetch(`${served.url}/api/v1/transactional/domains/${domainId}/verify`, {
      method: "POST",
      headers: { authorization: `Bearer ${member}` }
    })
    await expectRefusal(refused, 403, "admin_required")
    await page.close()
  })

  it("leaves the page out for a tenant without Business email, whose domains the API would refuse", async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Templates only", entitlements: ["transactional"] })
    const { token } = await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })
    const { page } = await openConsole(browser, served.url, token, "/transactional/domains", "Sending domains")
    await page.getByText("Business email is not included").waitFor()
    const links = await page.locator("nav a").allTextContents()
    expect(links).toContain("Templates")
    expect(links).not.toContain("Sending domains")
    await page.close()
  })

  it("deletes a domain once confirmed", async () => {
    const { page } = await openConsole(browser, served.url, admin, `/transactional/domains/${domainId}`, "mail.example.com")
    await page.getByRole("button", { name: "Delete", exact: true }).click()
    const dialog = page.getByRole("dialog")
    await expect.poll(() => dialog.locator("h2").textContent()).toBe("Delete this sending domain?")
    await checkAxe(page, "delete dialog")
    // Cancel keeps it; confirmed, it is gone.
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "hidden" })
    expect(await page.locator("main h1").textContent()).toBe("mail.example.com")
    await page.getByRole("button", { name: "Delete", exact: true }).click()
    await dialog.getByRole("button", { name: "Delete domain" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Sending domains")
    await page.getByText("No sending domains yet").waitFor()
    const gone = await fetch(`${served.url}/api/v1/transactional/domains/${domainId}`, {
      headers: { authorization: `Bearer ${admin}` }
    })
    await expectRefusal(gone, 404, "mail_domain_not_found")
    await page.close()
  })
})
