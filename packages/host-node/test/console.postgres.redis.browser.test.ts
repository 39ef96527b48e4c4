import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { consoleLink, consolePage, expectOnlyDashboardRequests, keyLifecycle, launchChromium } from "./consoleBrowser.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-pg-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const databaseUrl = temporaryDatabaseForFile()

describe("the console in Chromium, on PostgreSQL and Redis", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      DATABASE_URL: databaseUrl(),
      REDIS_URL: redisUrl,
      // A schema of its own keeps its queues apart from other test files' on the shared Redis.
      SERVICEKIT_DB_SCHEMA: "console_suite"
    })
  )
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(() => browser?.close())

  it("signs in, creates a key shown once, lists it and revokes it", async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Console on Postgres", entitlements: ["chat"] })
    const { token } = await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })
    const { elsewhere, errors, page, sent } = await consolePage(browser, served.url)
    await page.goto(consoleLink(served.url, token))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Overview")
    expect(page.url()).not.toContain(token)
    await page.evaluate(() => (location.hash = "#/developers/api-keys"))
    await expect.poll(() => page.locator(".card.empty h2").textContent()).toBe("No API keys yet")
    await keyLifecycle(page, served.url, async () => {})
    expectOnlyDashboardRequests(sent, served.url)
    expect(errors).toEqual([])
    expect(elsewhere).toEqual([])
    await page.close()
  })
})
