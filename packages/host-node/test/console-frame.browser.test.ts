import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toNodeListener } from "../src/NodeListener.js"
import { launchChromium } from "./consoleBrowser.js"
import { kitOn } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-frame-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/**
 * The page the console guide's single sign-on example sends, as written there: the HTML of its
 * `res.type("html").send(...)`, with the mount path and the token it interpolates.
 */
const guideFramingPage = (mountPath: string, token: string) => {
  const guide = readFileSync(new URL("../../../docs/console.md", import.meta.url), "utf8")
  const example = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map(([, code]) => code!)
    .find((code) => code.startsWith('app.get("/settings/developers"'))
  if (example === undefined) throw new Error("docs/console.md has no example framing the console at /settings/developers")
  const html = /res\.type\("html"\)\.send\(`([\s\S]*?)`\)/.exec(example)![1]!
  const page = html.replaceAll("${kit.config.mountPath}", mountPath).replaceAll("${token}", token)
  expect(page).not.toContain("${")
  return page
}

describe("the console guide's console in a frame, in Chromium", () => {
  const kit = kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit") }).kit
  // The app of the example: its page at /settings/developers, ServiceKit under its mount path, one origin.
  const page = { html: "" }
  const listener = toNodeListener(kit)
  const server = createServer((request, response) => {
    if (request.url !== "/settings/developers") return listener(request, response)
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page.html)
  })
  let browser: Browser
  let url: string

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const entitlements = ["chat", "voice", "transactional", "automations"] as const
    const tenant = await kit.admin.createTenant({ name: "Framed", entitlements })
    const { token } = await kit.admin.issueDashboardToken(tenant.id, { sub: "ada@example.com", role: "admin" })
    page.html = guideFramingPage("/api", token)
    browser = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await kit.dispose()
  })

  it("shows the whole console: the frame fills the window, the sidebar its height, the page beside it", async () => {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const errors: Array<string> = []
    tab.on("pageerror", (error) => errors.push(error.message))
    await tab.goto(`${url}/settings/developers`)
    const frame = tab.frameLocator("iframe")
    await expect.poll(() => frame.locator("main h1").textContent()).toBe("Overview")

    expect(await tab.locator("iframe").boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 800 })
    // The app's page itself does not scroll: one scroll bar, the console's.
    expect(await tab.evaluate(() => document.documentElement.scrollHeight)).toBe(800)
    const console = tab.frames().find((each) => each.url().includes("/api/console"))!
    expect(await console.evaluate(() => [innerWidth, innerHeight])).toEqual([1280, 800])
    const sidebar = await frame.locator(".sidebar").boundingBox()
    expect(sidebar).toMatchObject({ y: 0, height: 800 })
    const overview = frame.getByRole("link", { name: "Overview" })
    for (const shown of [frame.locator(".sidebar .brand"), overview, frame.locator("main h1")]) {
      expect(await shown.isVisible()).toBe(true)
      const box = (await shown.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(800)
    }
    // The sidebar's last link and the sign-out button, below a short window's fold, scroll into view inside it.
    const below = [frame.getByRole("link", { name: "Data retention" }), frame.getByRole("button", { name: "Sign out" })]
    for (const last of below) {
      await last.scrollIntoViewIfNeeded()
      const box = (await last.boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height).toBeLessThanOrEqual(800)
    }
    expect(errors).toEqual([])
    await tab.close()
  })
})
