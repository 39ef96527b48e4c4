import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type Page, chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chromiumPath } from "../../adapters/test/services.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-chat-page-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe("The hosted chat page in Chromium", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit") }))
  let browser: Browser
  let tenantId: string
  let key: string
  let agentToken: string

  const api = async (credential: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${served.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    expect(response.status).toBe(200)
    return response.json()
  }
  const agent = (conversationId: string, method: string, path: string, body?: unknown) =>
    api(agentToken, method, `/tenants/${tenantId}/chat/conversations/${conversationId}${path}`, body)
  /** A session's link on the test server (the public URL is configured for the real one). */
  const open = async (externalId: string, name: string) => {
    const session = await api(key, "POST", "/v1/chat/sessions", { externalId, displayName: "Ada", name })
    const link = new URL(session.chatUrl)
    return { ...session, link: `${served.url}${link.pathname}${link.search}` }
  }

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    })
    const tenant = await served.kit.admin.createTenant({ name: "Page", entitlements: ["chat"] })
    tenantId = tenant.id
    key = (
      await served.kit.admin.createKey({
        tenantId,
        product: "chat",
        environment: "live",
        scopes: ["chat:read", "chat:write"]
      })
    ).key
    agentToken = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "agent-ada", role: "member" })).token
  })
  afterAll(() => browser?.close())

  const newPage = async () => {
    const page = await browser.newPage()
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text())
    })
    return { page, errors }
  }
  const messages = (page: Page) => page.locator("#messages li p")

  it("chats live: the visitor writes, an agent's reply arrives without a reload, and the visitor rates", async () => {
    const session = await open("browser-visitor", "Order 1234")
    const { page, errors } = await newPage()
    const requests: Array<{ url: string; referer: string | undefined; authorization: string | undefined }> = []
    page.on("request", (request) =>
      requests.push({
        url: request.url(),
        referer: request.headers()["referer"],
        authorization: request.headers()["authorization"]
      })
    )
    const response = await page.goto(session.link)
    expect(response!.status()).toBe(200)
    const headers = response!.headers()
    expect(headers["content-security-policy"]).toContain("default-src 'none'")
    expect(headers["content-security-policy"]).toContain("script-src 'self'")
    expect(headers["referrer-policy"]).toBe("no-referrer")

    await expect.poll(() => page.locator("#title").textContent()).toBe("Order 1234")
    await expect.poll(() => page.locator("#status").textContent()).toBe("open")
    // The token left the address bar.
    expect(page.url()).not.toContain(session.visitorToken)
    expect(new URL(page.url()).searchParams.get("siteKey")).toBe(session.siteKey)

    await page.fill("#content", "Hello, where is my order?")
    await page.click("#send")
    await expect.poll(() => messages(page).allTextContents()).toEqual(["Hello, where is my order?"])
    const stored = await api(key, "GET", `/v1/chat/conversations/${session.conversationId}/messages`)
    expect(stored.data).toEqual([
      expect.objectContaining({ content: "Hello, where is my order?", authorType: "visitor" })
    ])

    await agent(session.conversationId, "POST", "/messages", { content: "It ships today." })
    await expect.poll(() => messages(page).allTextContents()).toEqual(["Hello, where is my order?", "It ships today."])
    await expect.poll(() => page.locator("#messages li.agent").count()).toBe(1)

    // Resolved: the rating appears; one click rates the conversation.
    await agent(session.conversationId, "POST", "/status", { status: "resolved" })
    await page.locator("#rating").waitFor({ state: "visible" })
    await page.fill("#comment", "Quick and kind")
    await page.click('[data-rating="5"]')
    await page.locator("#thanks").waitFor({ state: "visible" })
    expect(await page.locator("#rating").isHidden()).toBe(true)
    const rated = await agent(session.conversationId, "GET", "")
    expect(rated.csat).toMatchObject({ rating: 5, comment: "Quick and kind" })

    // The token went only as a header, and no request carried a Referer.
    const apiRequests = requests.filter((request) => request.url.includes("/public/chat/"))
    expect(apiRequests.length).toBeGreaterThan(0)
    for (const request of requests) expect(request.referer ?? "").toBe("")
    for (const request of apiRequests) expect(request.url).not.toContain(session.visitorToken)
    expect(apiRequests.some((request) => request.authorization === `Bearer ${session.visitorToken}`)).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it("shows markup in messages as text and runs none of it", async () => {
    const session = await open("xss-visitor", "Markup")
    const { page } = await newPage()
    await page.goto(session.link)
    await expect.poll(() => page.locator("#status").textContent()).toBe("open")
    const attack = `<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>`
    await agent(session.conversationId, "POST", "/messages", { content: attack })
    await page.fill("#content", `<b onmouseover="window.__pwned = 3">bold?</b>`)
    await page.click("#send")
    await expect
      .poll(() => messages(page).allTextContents())
      .toEqual([attack, `<b onmouseover="window.__pwned = 3">bold?</b>`])
    expect(await page.locator("#messages img, #messages script, #messages b").count()).toBe(0)
    await page.hover("#messages li:last-child")
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    await page.close()
  })

  it("tells the visitor when the link is not valid, and refuses anything but the visitor token", async () => {
    const { page } = await newPage()
    await page.goto(`${served.url}/api/public/chat?siteKey=svw_x&token=svt_${"A".repeat(40)}`)
    await expect.poll(() => page.locator("#notice").textContent()).toContain("not valid or has expired")
    // Nothing to write into: the composer is gone, not merely disabled.
    expect(await page.locator("#composer").isHidden()).toBe(true)
    await page.close()

    const session = await open("owner", "Mine")
    const other = await open("intruder", "Theirs")
    for (const credential of [key, agentToken, "svt_short", ""]) {
      const response = await fetch(`${served.url}/api/public/chat/conversation`, {
        headers: credential === "" ? {} : { authorization: `Bearer ${credential}` }
      })
      expect(response.status).toBe(401)
    }
    // A visitor token reaches its own conversation only.
    const mine = await (
      await fetch(`${served.url}/api/public/chat/conversation`, {
        headers: { authorization: `Bearer ${session.visitorToken}` }
      })
    ).json()
    expect(mine.id).toBe(session.conversationId)
    const theirs = await (
      await fetch(`${served.url}/api/public/chat/conversation`, {
        headers: { authorization: `Bearer ${other.visitorToken}` }
      })
    ).json()
    expect(theirs.id).toBe(other.conversationId)
  })

  it("says the chat is unavailable while its tenant is suspended, without the reason, and comes back once resumed", async () => {
    const session = await open("suspended-visitor", "Paused")
    await served.kit.admin.suspendTenant(tenantId, "unpaid invoice 42")
    const { page, errors } = await newPage()
    try {
      await page.goto(session.link)
      await expect.poll(() => page.locator("#notice").textContent()).toBe("This chat is unavailable right now.")
      expect(await page.locator("#composer").isHidden()).toBe(true)
      expect(await page.content()).not.toContain("unpaid")
      await served.kit.admin.resumeTenant(tenantId)
      // Asked again within ten seconds: the composer is back and the notice gone.
      await expect.poll(() => page.locator("#composer").isVisible(), { timeout: 15_000 }).toBe(true)
      expect(await page.locator("#notice").isHidden()).toBe(true)
      await page.fill("#content", "Back again")
      await page.click("#send")
      await expect.poll(() => messages(page).allTextContents()).toContain("Back again")
      expect(errors.filter((error) => !error.includes("403"))).toEqual([])
    } finally {
      await served.kit.admin.resumeTenant(tenantId)
      await page.close()
    }
  }, 30_000)
})
