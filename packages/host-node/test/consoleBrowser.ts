import { readFileSync } from "node:fs"
import { type IncomingHttpHeaders, type Server, createServer } from "node:http"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core"
import { expect } from "vitest"
import { chromiumPath } from "../../adapters/test/services.js"

export const launchChromium = () =>
  chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
  })

/** What a console page sent: every request's URL and credential headers. */
export interface SentRequest {
  readonly url: string
  readonly authorization: string | undefined
  readonly apiKey: string | undefined
}

/**
 * A console page at 1280x800 that may reach `origin` only: anything else is noted and refused.
 * Every request it sends is recorded in `sent`, every script error in `errors`.
 */
export const consolePage = async (browser: Browser | BrowserContext, origin: string) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const sent: Array<SentRequest> = []
  const elsewhere: Array<string> = []
  const errors: Array<string> = []
  page.on("pageerror", (error) => errors.push(error.message))
  page.on("request", (request) => {
    const headers = request.headers()
    sent.push({ url: request.url(), authorization: headers.authorization, apiKey: headers["x-api-key"] })
  })
  await page.route(
    (url) => url.origin !== origin && url.protocol !== "data:",
    (route) => {
      elsewhere.push(route.request().url())
      return route.abort()
    }
  )
  return { page, sent, elsewhere, errors }
}

/** The console's address signed in as `token`. */
export const consoleLink = (url: string, token: string) => `${url}/api/console#token=${token}`

/** No request of the console carried an API key or went to another origin. */
export const expectOnlyDashboardRequests = (sent: ReadonlyArray<SentRequest>, origin: string) => {
  expect(sent.length).toBeGreaterThan(0)
  for (const request of sent) {
    expect(new URL(request.url).origin).toBe(origin)
    expect(request.apiKey).toBeUndefined()
    expect(request.authorization ?? "").not.toMatch(/svk_/)
    expect(request.url).not.toMatch(/svk_|token=/)
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

/**
 * axe-core's serious and critical violations on the page as it stands. axe is evaluated through
 * the browser's debugging protocol, which the page's CSP does not govern, so the page keeps its
 * policy while it is checked.
 */
export const seriousViolations = async (page: Page) => {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: Document) => Promise<any> } }).axe
    const result = await axe.run(document)
    return result.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node: any) => node.target.join(" "))
    }))
  })
  return violations.filter((violation: { impact: string }) => violation.impact === "serious" || violation.impact === "critical")
}

/** The console at `route`, signed in with `token`, once its heading reads `title`. */
export const openConsole = async (browser: Browser, url: string, token: string, route: string, title: string) => {
  const opened = await consolePage(browser, url)
  await opened.page.goto(consoleLink(url, token))
  await opened.page.evaluate((hash) => (location.hash = hash), `#${route}`)
  await expect.poll(() => opened.page.locator("main h1").textContent()).toBe(title)
  return opened
}

/** Notes the page's serious and critical axe violations under `name`, for one assertion at the end. */
export const noteViolations = async (violations: Array<{ page: string; found: unknown }>, page: Page, name: string) => {
  const found = await seriousViolations(page)
  if (found.length > 0) violations.push({ page: name, found })
}

/** Presses Tab until the focused element matches `selector` (at most 40 times), so a flow stays keyboard-only. */
export const tabTo = async (page: Page, selector: string) => {
  for (let presses = 0; presses < 40; presses++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return
    await page.keyboard.press("Tab")
  }
  throw new Error(`Tab never reached ${selector}`)
}

export interface Received {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** A local HTTP server answering `handle`; closes with `close()`. */
export const localServer = async (handle: (path: string, body: string) => { status: number; type: string; body: string }) => {
  const received: Array<Received> = []
  const server: Server = createServer((request, response) => {
    let body = ""
    request.on("data", (chunk) => (body += chunk))
    request.on("end", () => {
      received.push({ path: request.url ?? "/", headers: request.headers, body })
      const answer = handle(request.url ?? "/", body)
      response.writeHead(answer.status, { "content-type": answer.type })
      response.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** A name that would run script if it were rendered as HTML. */
export const HOSTILE = `<img src=x onerror="window.pwned=1">`

/**
 * On the API keys page: a chat key made with the keyboard alone (named HOSTILE, scope chat:read,
 * an expiry and the loopback as its IP allowlist), its plaintext shown once, copied and working, listed as text, gone after a reload, then revoked through
 * the confirmation, after which the API refuses it. `checkpoint` runs at each stage (axe checks).
 */
export const keyLifecycle = async (page: Page, url: string, checkpoint: (stage: string) => Promise<void>) => {
  await tabTo(page, "button.primary")
  await page.keyboard.press("Enter")
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("key-name")
  await page.keyboard.type(HOSTILE)
  await tabTo(page, "#key-product")
  await tabTo(page, 'input[type="checkbox"]')
  await page.keyboard.press("Space")
  // Expiry (Chromium's date and time fields take typed digits) and the loopback as its IP allowlist.
  await tabTo(page, "#key-expires")
  await page.keyboard.type("12312099")
  await page.keyboard.press("ArrowRight")
  await page.keyboard.type("1159P")
  await tabTo(page, "#key-ips")
  await page.keyboard.type("127.0.0.0/8")
  await page.keyboard.press("Enter")
  await page.keyboard.type("::1/128")
  await checkpoint("create form")
  await tabTo(page, 'button[type="submit"]')
  await page.keyboard.press("Enter")

  const secret = page.getByRole("textbox", { name: "Your new API key" })
  await secret.waitFor()
  const key = await secret.inputValue()
  expect(key).toMatch(/^svk_test_live_[a-z0-9]{8}_/)
  await checkpoint("secret shown")
  // Its Copy button puts exactly the key on the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: url })
  await tabTo(page, ".secret-row button")
  await page.keyboard.press("Enter")
  await expect.poll(() => page.locator(".secret-row button").textContent()).toBe("Copied")
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
  const callWith = () => fetch(`${url}/api/v1/chat/conversations`, { headers: { authorization: `Bearer ${key}` } })
  expect((await callWith()).status).toBe(200)

  // The hostile name is text in the list, and nothing ran.
  const row = page.locator("tbody tr", { hasText: HOSTILE })
  await row.waitFor()
  expect(await row.locator("td").nth(2).textContent()).toBe("chat test")
  expect(await row.locator("td").nth(3).textContent()).toBe("chat:readIPs: 127.0.0.0/8, ::1")
  expect(await row.locator("td").nth(4).textContent()).toBe("Dec 31, 2099")
  expect(await page.locator("tbody img").count()).toBe(0)
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()

  // Shown once: after a reload the plaintext is nowhere on the page.
  await page.reload()
  await row.waitFor()
  expect(await page.content()).not.toContain(key)

  await row.getByRole("button", { name: /Revoke key/ }).click()
  const dialog = page.getByRole("dialog")
  await expect.poll(() => dialog.locator("h2").textContent()).toBe("Revoke this API key?")
  await checkpoint("revoke dialog")
  await dialog.getByRole("button", { name: "Revoke key" }).click()
  await expect.poll(() => row.locator(".status").textContent()).toBe("Revoked")
  expect((await callWith()).status).toBe(401)
}
