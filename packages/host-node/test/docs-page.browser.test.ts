import { type Browser, chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chromiumPath } from "../../adapters/test/services.js"
import { memoryKit, serve } from "./hostileInput.js"

describe("the offline API docs page in Chromium", () => {
  const served = serve(() => memoryKit())
  let browser: Browser

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    })
  })
  afterAll(() => browser?.close())

  it("renders the API from its own origin alone, and its CSP refuses any other", async () => {
    const page = await browser.newPage()
    const elsewhere: Array<string> = []
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    // Nothing leaves the machine: a request to another origin is noted and refused.
    await page.route(
      (url) => url.origin !== served.url,
      (route) => {
        elsewhere.push(route.request().url())
        return route.abort()
      }
    )
    await page.addInitScript(() => {
      const seen: Array<string> = []
      ;(globalThis as { cspViolations?: Array<string> }).cspViolations = seen
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`)
      )
    })
    await page.goto(`${served.url}/api/v1/docs`, { waitUntil: "domcontentloaded", timeout: 120_000 })
    // The page renders the document: a group of the contract shows up.
    await page.getByText("Automations runs").first().waitFor({ timeout: 120_000 })
    await page.waitForLoadState("load", { timeout: 120_000 })

    // zod, inside Scalar, probes whether eval is allowed (`new Function("")` in a try) and does without.
    const violations = async () =>
      (await page.evaluate(() => (globalThis as { cspViolations?: Array<string> }).cspViolations ?? [])).filter(
        (violation) => violation !== "script-src eval"
      )
    expect(elsewhere).toEqual([])
    expect(errors).toEqual([])
    expect(await violations()).toEqual([])

    // The policy itself forbids other origins: a fetch elsewhere is stopped by it, not by the network.
    const outcome = await page.evaluate(() =>
      fetch("https://fonts.example.com/font.woff2").then(
        () => "reached",
        () => "refused"
      )
    )
    expect(outcome).toBe("refused")
    expect(await violations()).toEqual(["connect-src https://fonts.example.com/font.woff2"])
    expect(elsewhere).toEqual([])
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content")
    expect(policy).toContain("default-src 'none'")
    expect(policy).not.toMatch(/https?:/)
    await page.close()
  }, 300_000)
})
