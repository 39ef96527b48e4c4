import { createHmac } from "node:crypto"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HOSTILE, launchChromium, openConsole, seriousViolations } from "./consoleBrowser.js"
import { type TenantSite, startTenantSite } from "./fixtures/tenantSite.js"
import { memoryKit, serve } from "./hostileInput.js"

// The widget as a visitor meets it: on the tenant's own site, another origin, whose policy allows the kit's origin alone.
describe("The Live Chat widget on a tenant's website, in Chromium", () => {
  const served = serve(() => memoryKit())
  let browser: Browser
  let site: TenantSite
  let tenantId: string
  let key: string
  let agentToken: string
  /** The line on each of the site's pages: the console's, or with a signed-in visitor's attributes added. */
  const pages = new Map<string, string>()

  beforeAll(async () => {
    browser = await launchChromium()
    const tenant = await served.kit.admin.createTenant({ name: "Acme Shop", entitlements: ["chat"] })
    tenantId = tenant.id
    key = (await served.kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:read"] })).key
    agentToken = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "agent-ada", role: "member" })).token
    const widget = await (
      await fetch(`${served.url}/api/tenants/${tenantId}/chat/widget`, { headers: { authorization: `Bearer ${agentToken}` } })
    ).json()
    // The console's line, pointed at the test server (the public URL is configured for the real one).
    const snippet = widget.snippet.replace(new URL(widget.scriptUrl).origin, served.url)
    pages.set("/", snippet)
    // Pages of a signed-in customer: the tenant's server signs their id with the widget's identity secret.
    const admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "lead", role: "admin" })).token
    const { identitySecret } = await (
      await fetch(`${served.url}/api/tenants/${tenantId}/chat/widget/identity-secret`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin}` }
      })
    ).json()
    const signedIn = (externalId: string, hash: string) =>
      snippet.replace(" async>", ` data-external-id="${externalId}" data-identity-hash="${hash}" async>`)
    pages.set("/account", signedIn("customer-7", createHmac("sha256", identitySecret).update("customer-7").digest("hex")))
    pages.set("/forged", signedIn("customer-8", createHmac("sha256", identitySecret).update("customer-7").digest("hex")))
    site = await startTenantSite(served.url, (path) => ({ title: "Acme Shop", text: "Our products.", widget: pages.get(path) }))
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  /** The tenant's page with what went wrong on it: errors, and anything its policy refused. */
  const visit = async (page: Page, path = "/") => {
    const problems: Array<string> = []
    page.on("pageerror", (error) => problems.push(error.message))
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()))
    await page.goto(new URL(path, site.url).href)
    await page.evaluate(() =>
      document.addEventListener("securitypolicyviolation", (event) => {
        ;(window as unknown as { refused: Array<string> }).refused ??= []
        ;(window as unknown as { refused: Array<string> }).refused.push(`${event.violatedDirective} ${event.blockedURI}`)
      })
    )
    return problems
  }
  const conversations = async () =>
    (await (await fetch(`${served.url}/api/v1/chat/conversations`, { headers: { authorization: `Bearer ${key}` } })).json()).data

  it("opens from the launcher, starts a conversation with the first message, hears the agent, and remembers the visitor", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = await visit(page)
    const launcher = page.getByRole("button", { name: "Open chat" })
    await launcher.waitFor()
    const frameElement = page.locator('iframe[title="Chat"]')
    expect(await frameElement.isVisible()).toBe(false)
    expect(await seriousViolations(page)).toEqual([])

    await launcher.click()
    await expect.poll(() => frameElement.isVisible()).toBe(true)
    expect(await page.getByRole("button", { name: "Close chat" }).getAttribute("aria-expanded")).toBe("true")
    const panel = page.frameLocator('iframe[title="Chat"]')
    await panel.locator("#greeting").waitFor()
    // Nothing is stored before the visitor writes.
    expect(await conversations()).toEqual([])

    await panel.locator("#content").fill("Hello! Is the blue kettle back in stock?")
    await panel.locator("#content").press("Enter")
    await expect.poll(() => panel.locator(".message p").allTextContents()).toEqual(["Hello! Is the blue kettle back in stock?"])
    expect(await panel.locator("#greeting").isVisible()).toBe(false)
    const [conversation] = await conversations()
    expect(conversation).toMatchObject({ source: "widget", messageCount: 1, visitor: { displayName: null } })

    // The agent answers; the panel shows it live, as text.
    const reply = `Yes, since today! ${HOSTILE}`
    const answered = await fetch(`${served.url}/api/tenants/${tenantId}/chat/conversations/${conversation.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${agentToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content: reply })
    })
    expect(answered.status).toBe(200)
    await expect.poll(() => panel.locator(".message p").allTextContents()).toEqual(["Hello! Is the blue kettle back in stock?", reply])
    expect(await panel.locator(".message img").count()).toBe(0)

    // Closed from the panel, the launcher takes the focus back.
    await panel.getByRole("button", { name: "Close chat" }).click()
    await expect.poll(() => frameElement.isVisible()).toBe(false)
    expect(await page.getByRole("button", { name: "Open chat" }).getAttribute("aria-expanded")).toBe("false")

    // Another page load (another tab alike): the same visitor and conversation.
    const again = await context.newPage()
    const againProblems = await visit(again)
    await again.getByRole("button", { name: "Open chat" }).click()
    const reopened = again.frameLocator('iframe[title="Chat"]')
    await expect.poll(() => reopened.locator(".message p").allTextContents()).toEqual(["Hello! Is the blue kettle back in stock?", reply])
    await reopened.locator("#content").fill("Great, I'll order one.")
    await reopened.locator("#send").click()
    await expect.poll(async () => (await conversations())[0].messageCount).toBe(3)
    expect(await conversations()).toHaveLength(1)

    for (const each of [page, again]) {
      expect(await each.evaluate(() => (window as unknown as { refused?: Array<string> }).refused ?? [])).toEqual([])
      expect(await each.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    }
    expect([...problems, ...againProblems]).toEqual([])
    await context.close()
  })

  it("chats as the signed-in customer the tenant's server signed, and refuses a page that names someone else", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = await visit(page, "/account")
    await page.getByRole("button", { name: "Open chat" }).click()
    const panel = page.frameLocator('iframe[title="Chat"]')
    await panel.locator("#content").fill("Where is my order 1042?")
    await panel.locator("#send").click()
    await expect.poll(() => panel.locator(".message p").allTextContents()).toEqual(["Where is my order 1042?"])
    const mine = (await conversations()).find((each: any) => each.visitor?.externalId === "customer-7")
    expect(mine).toMatchObject({ source: "widget", title: "customer-7", messageCount: 1 })

    // The same customer on another browser finds the conversation again, by their signed id.
    const elsewhere = await browser.newContext()
    const other = await elsewhere.newPage()
    await visit(other, "/account")
    await other.getByRole("button", { name: "Open chat" }).click()
    await expect
      .poll(() => other.frameLocator('iframe[title="Chat"]').locator(".message p").allTextContents())
      .toEqual(["Where is my order 1042?"])

    // A page that names another customer with this customer's hash gets no chat.
    const forged = await context.newPage()
    await visit(forged, "/forged")
    await forged.getByRole("button", { name: "Open chat" }).click()
    const refused = forged.frameLocator('iframe[title="Chat"]')
    await expect.poll(() => refused.locator("#notice").textContent()).toBe("The identity hash does not match this externalId.")
    expect(await refused.locator("#composer").isVisible()).toBe(false)
    expect((await conversations()).filter((each: any) => each.visitor?.externalId === "customer-8")).toEqual([])
    expect(problems).toEqual([])
    await elsewhere.close()
    await context.close()
  })

  it("shows an admin the widget's line and makes its identity secret once, a member neither", async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Console shop", entitlements: ["chat"] })
    const admin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "lead", role: "admin" })).token
    const { page, errors } = await openConsole(browser, served.url, admin, "/chat/widget", "Chat widget")
    await expect.poll(() => page.locator("#widget-snippet").inputValue()).toMatch(/^<script src=".*\/api\/public\/chat\/widget\.js" data-site-key="svw_[0-9A-Za-z]{24}" async><\/script>$/)
    await page.getByText("No identity secret yet").waitFor()
    await page.getByRole("button", { name: "Make an identity secret" }).click()
    const secret = page.getByRole("textbox", { name: "Your widget's identity secret" })
    await expect.poll(() => secret.inputValue()).toMatch(/^svi_[0-9A-Za-z]{40}$/)
    await page.getByRole("button", { name: "I have stored it" }).click()
    await page.getByText(/^Identity secret made /).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // A new one asks first.
    await page.getByRole("button", { name: "Make a new identity secret" }).click()
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click()
    expect(await secret.count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()

    const member = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "agent", role: "member" })).token
    const asMember = await openConsole(browser, served.url, member, "/chat/widget", "Chat widget")
    await asMember.page.getByText("An admin of your account makes the secret.").waitFor()
    expect(await asMember.page.getByRole("button", { name: /identity secret/ }).count()).toBe(0)
    await asMember.page.close()
  })

  it("serves a panel with no serious accessibility violation, before and after the first message", async () => {
    const widget = await (
      await fetch(`${served.url}/api/tenants/${tenantId}/chat/widget`, { headers: { authorization: `Bearer ${agentToken}` } })
    ).json()
    const page = await browser.newPage()
    await page.goto(`${served.url}/api/public/chat/widget?siteKey=${widget.siteKey}`)
    await page.locator("#greeting").waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.locator("#content").fill("Hi")
    await page.locator("#send").click()
    await page.locator(".message").first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.close()
  })
})
