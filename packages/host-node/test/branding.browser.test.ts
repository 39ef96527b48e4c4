import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { consoleLink, consolePage, launchChromium, seriousViolations } from "./consoleBrowser.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-branding-browser-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** A name that would run script were it written into a page as HTML. */
const NAME = `Acme "Care" <img src=x onerror="window.pwned=1">`
const ACCENT = "rgb(11, 110, 79)"
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="#0b6e4f"/></svg>'
)}`

const colourOf = (locator: Locator, property: "color" | "backgroundColor") =>
  locator.evaluate((element, name) => getComputedStyle(element)[name], property)

/** What the page tells a person: no ServiceKit anywhere, the platform's name, and nothing the name ran. */
const expectBrandedOnly = async (page: Page) => {
  expect(await page.title()).toContain(NAME)
  expect(await page.evaluate(() => document.body.innerText)).not.toContain("ServiceKit")
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
  expect(await page.locator("img[src=x]").count()).toBe(0)
}

/** The brand's logo, loaded, beside its name. */
const expectLogo = async (brand: Locator) => {
  const logo = brand.locator("img")
  expect(await logo.getAttribute("src")).toBe(LOGO)
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(24)
}

describe("a branded kit in Chromium", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_BRAND_NAME: NAME,
      SERVICEKIT_BRAND_LOGO_URL: LOGO,
      SERVICEKIT_BRAND_ACCENT: "#0b6e4f"
    })
  )
  let browser: Browser
  let tenantId: string
  let admin: string

  beforeAll(async () => {
    browser = await launchChromium()
    tenantId = (await served.kit.admin.createTenant({ name: "Branded", entitlements: ["chat"] })).id
    admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "ada@example.com", role: "admin" })).token
  })
  afterAll(() => browser?.close())

  it("signs in under the platform's name, logo and colour; axe finds nothing serious", async () => {
    const { page, errors, elsewhere } = await consolePage(browser, served.url)
    await page.goto(`${served.url}/api/console`)
    await expect.poll(() => page.locator("h1").textContent()).toBe("Sign in to the console")
    const brand = page.locator(".sign-in .brand")
    expect(await brand.textContent()).toBe(NAME)
    expect(await colourOf(brand, "color")).toBe(ACCENT)
    expect(await page.title()).toBe(`${NAME} console`)
    await expectLogo(brand)
    await expectBrandedOnly(page)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    await page.close()
  })

  it("shows the console signed in under the platform's name, its buttons in its colour; axe clean", async () => {
    const { page, errors, elsewhere } = await consolePage(browser, served.url)
    await page.goto(consoleLink(served.url, admin))
    await page.evaluate(() => (location.hash = "#/developers/api-keys"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("API keys")
    const brand = page.locator(".sidebar .brand")
    expect(await brand.textContent()).toBe(NAME)
    await expectLogo(brand)
    expect(await page.locator("main .lead").textContent()).toBe(
      `Keys your servers use to call ${NAME}. Each key is for one product and environment.`
    )
    const create = page.getByRole("button", { name: "Create API key" })
    expect(await colourOf(create, "backgroundColor")).toBe(ACCENT)
    await expectBrandedOnly(page)
    expect(await seriousViolations(page)).toEqual([])

    await page.evaluate(() => (location.hash = "#/chat/inbox"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Inbox")
    await expectBrandedOnly(page)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    await page.close()
  })

  it("shows the hosted chat page under the platform's name, the visitor's messages in its colour", async () => {
    const { key } = await served.kit.admin.createKey({
      tenantId,
      product: "chat",
      environment: "live",
      scopes: ["chat:read", "chat:write"]
    })
    const minted = await fetch(`${served.url}/api/v1/chat/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ externalId: "branded-visitor", displayName: "Ada", name: "Order 1234" })
    })
    expect(minted.status).toBe(200)
    const link = new URL((await minted.json()).chatUrl)
    const page = await browser.newPage()
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(`${served.url}${link.pathname}${link.search}`)
    await expect.poll(() => page.locator("#status").textContent()).toBe("open")
    const brand = page.locator(".brand")
    expect(await brand.textContent()).toBe(NAME)
    expect(await colourOf(brand, "color")).toBe(ACCENT)
    expect(await page.title()).toBe(`Chat · ${NAME}`)
    await expectLogo(brand)
    expect(await colourOf(page.locator("#send"), "backgroundColor")).toBe(ACCENT)

    await page.fill("#content", "Hello")
    await page.click("#send")
    const mine = page.locator("#messages li.visitor")
    await expect.poll(() => mine.locator("p").textContent()).toBe("Hello")
    expect(await colourOf(mine, "backgroundColor")).toBe(ACCENT)
    await expectBrandedOnly(page)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})
