import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HOSTILE, launchChromium, openConsole, seriousViolations } from "./consoleBrowser.js"
import { type TenantSite, startTenantSite } from "./fixtures/tenantSite.js"
import { memoryKit, serve } from "./hostileInput.js"

// The tenant's look, set in the console, worn by its widget and its hosted page; its agents' names on their replies.
describe("A tenant's chat appearance, in Chromium", () => {
  const served = serve(() => memoryKit())
  let browser: Browser
  let site: TenantSite
  let tenantId: string
  let admin: string

  beforeAll(async () => {
    browser = await launchChromium()
    const tenant = await served.kit.admin.createTenant({ name: "Acme Shop", entitlements: ["chat"] })
    tenantId = tenant.id
    admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "lead-ada", role: "admin" })).token
    const widget = await (
      await fetch(`${served.url}/api/tenants/${tenantId}/chat/widget`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()
    const snippet = widget.snippet.replace(new URL(widget.scriptUrl).origin, served.url)
    site = await startTenantSite(served.url, () => ({ title: "Acme Shop", heading: "Acme", widget: snippet }))
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it("is set by an admin in the console, refused at the field when illegible, and worn by the widget and its replies", async () => {
    const { errors, page } = await openConsole(browser, served.url, admin, "/chat/appearance", "Chat appearance")
    const name = page.getByRole("textbox", { name: "Display name" })
    await name.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await name.fill(`Acme ${HOSTILE}`)
    await page.getByRole("textbox", { name: "Accent colour" }).fill("#ffee00")
    await page.getByRole("textbox", { name: "Greeting" }).fill("Hello from Acme!\nAsk us anything.")
    await page.getByRole("combobox", { name: "Chat button" }).selectOption("left")
    await page.getByRole("button", { name: "Save appearance" }).click()
    const accentError = page.locator("#appearance-accentColor-error")
    await expect.poll(() => accentError.textContent()).toContain("with white text on it")
    expect(await page.getByRole("textbox", { name: "Accent colour" }).getAttribute("aria-invalid")).toBe("true")
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole("textbox", { name: "Accent colour" }).fill("#0b6e4f")
    await page.getByRole("button", { name: "Save appearance" }).click()
    await page.getByText("Saved: visitors see it the next time they open the chat.").waitFor()
    expect(await accentError.count()).toBe(0)

    // The agent's own name, initials from it.
    await page.getByRole("textbox", { name: "Your name" }).fill("Ada Lovelace")
    await page.getByRole("button", { name: "Save my name" }).click()
    await expect.poll(() => page.locator("table tbody tr td").allTextContents()).toEqual(["ALAL", "Ada Lovelace", "lead-ada", "Remove"])
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()

    // The tenant's site: the launcher bottom left, in the tenant's accent; the panel names the tenant and greets as it said.
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } })
    const visitor = await context.newPage()
    const problems: Array<string> = []
    visitor.on("pageerror", (error) => problems.push(error.message))
    await visitor.goto(site.url)
    const launcher = visitor.getByRole("button", { name: "Open chat" })
    await launcher.waitFor()
    expect((await launcher.boundingBox())!.x).toBeLessThan(100)
    expect(await launcher.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(11, 110, 79)")
    await launcher.click()
    const panel = visitor.frameLocator('iframe[title="Chat"]')
    expect((await visitor.locator('iframe[title="Chat"]').boundingBox())!.x).toBeLessThan(100)
    await expect.poll(() => panel.locator(".brand span").textContent()).toBe(`Acme ${HOSTILE}`)
    expect(await panel.locator("#greeting").textContent()).toBe("Hello from Acme!\nAsk us anything.")
    await panel.locator("#content").fill("Is the kettle back?")
    await panel.locator("#content").press("Enter")
    await expect.poll(() => panel.locator(".message.visitor").count()).toBe(1)
    expect(await panel.locator(".message.visitor").evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgb(11, 110, 79)"
    )

    // The agent's reply carries their name and initials.
    const [conversation] = (
      await (await fetch(`${served.url}/api/tenants/${tenantId}/chat/conversations`, { headers: { authorization: `Bearer ${admin}` } })).json()
    ).data
    const agent = (path: string, body: unknown) =>
      fetch(`${served.url}/api/tenants/${tenantId}/chat/conversations/${conversation.id}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
        body: JSON.stringify(body)
      })
    expect((await agent("/messages", { content: "Yes, since today." })).status).toBe(200)
    const reply = panel.locator(".message.agent small")
    await expect.poll(() => reply.textContent()).toMatch(/^ALAda Lovelace · /)
    expect(await panel.locator(".message.agent .initials").getAttribute("aria-hidden")).toBe("true")
    // The reply read the visitor's message, which now says so; the agent typing shows, signed.
    await expect.poll(() => panel.locator(".message.visitor .seen").allTextContents()).toEqual([" · Seen"])
    expect((await agent("/typing", {})).status).toBe(204)
    await expect.poll(() => panel.locator("#typing").textContent()).toBe("Ada Lovelace is typing…")

    // Closed, the widget offers a new conversation, which starts with the next message.
    expect((await agent("/status", { status: "closed" })).status).toBe(200)
    const restart = panel.getByRole("button", { name: "Start a new conversation" })
    await restart.waitFor()
    await restart.click()
    await expect.poll(() => panel.locator(".message").count()).toBe(0)
    expect(await panel.locator("#greeting").isVisible()).toBe(true)
    await panel.locator("#content").fill("One more question.")
    await panel.locator("#content").press("Enter")
    await expect.poll(() => panel.locator(".message p").allTextContents()).toEqual(["One more question."])
    const listed = await (
      await fetch(`${served.url}/api/tenants/${tenantId}/chat/conversations`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()
    expect(listed.data.map((each: { status: string }) => each.status).sort()).toEqual(["closed", "open"])
    expect(await visitor.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    expect(problems).toEqual([])
    await context.close()
  })

  it("dresses the hosted chat page the same, and shows a member the appearance without letting them change it", async () => {
    const key = (await served.kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:write"] })).key
    const session = await (
      await fetch(`${served.url}/api/v1/chat/sessions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ externalId: "hosted-visitor" })
      })
    ).json()
    await fetch(`${served.url}/api/tenants/${tenantId}/chat/appearance`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ displayName: "Acme Care", accentColor: "#7a1f5c" })
    })
    const page = await browser.newPage()
    await page.goto(session.chatUrl.replace(new URL(session.chatUrl).origin, served.url))
    await expect.poll(() => page.locator(".brand span").textContent()).toBe("Acme Care")
    expect(await page.locator(".brand").isVisible()).toBe(true)
    expect(await page.title()).toBe("Chat · Acme Care")
    expect(await page.locator("#send").evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(122, 31, 92)")
    await page.close()

    const member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "agent-bo", role: "member" })).token
    const asMember = await openConsole(browser, served.url, member, "/chat/appearance", "Chat appearance")
    await asMember.page.getByText("An admin of your account changes how the chat looks.").waitFor()
    expect(await asMember.page.getByRole("textbox", { name: "Display name" }).isDisabled()).toBe(true)
    expect(await asMember.page.getByRole("button", { name: "Save appearance" }).count()).toBe(0)
    expect(await asMember.page.getByRole("button", { name: /^Remove/ }).count()).toBe(0)
    await asMember.page.close()
  })
})
