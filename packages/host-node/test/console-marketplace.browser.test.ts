import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, expectJson } from "./automationsClient.js"
import {
  HOSTILE,
  type SentRequest,
  consoleLink,
  consolePage,
  expectOnlyDashboardRequests,
  launchChromium,
  seriousViolations
} from "./consoleBrowser.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-marketplace-"))

/** An account pack whose texts would run script if rendered as HTML; `greeting` is its one required parameter. */
const hostilePack = {
  packId: "acme.greeter",
  version: "1.0.0",
  name: "Greeter",
  description: `Logs a greeting ${HOSTILE}`,
  parameters: {
    greeting: { type: "string", maxLength: 50, description: `What to say ${HOSTILE}` },
    tone: { type: "string", enum: ["warm", "brief"], default: "warm" },
    times: { type: "integer", minimum: 1, maximum: 3, default: 1 },
    loud: { type: "boolean", default: false }
  },
  templates: [
    {
      key: "greet",
      name: "Greet",
      triggerJson: { schemaVersion: 1, type: "manual" },
      stepsJson: [{ type: "log", message: "{{params.greeting}} ({{params.tone}}, x{{params.times}}, {{params.loud}})" }]
    }
  ]
}

describe("the console's marketplace and governance pages in Chromium", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit") }))
  let key: string
  let admin: string
  let member: string
  const { api } = automationsClient(served, () => key)
  const sent: Array<SentRequest> = []
  const violations: Array<{ page: string; found: unknown }> = []

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Ops", entitlements: ["automations"] })
    admin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "max", role: "member" })).token
    key = (
      await served.kit.admin.createKey({
        tenantId: tenant.id,
        product: "automations",
        environment: "live",
        scopes: ["automations:manage"]
      })
    ).key
    await expectJson(await api("POST", "/automations/skills/sdk", hostilePack))
    await served.kit.startWorkers()
  })

  /** The console at `route`, signed in with `token`, once its heading reads `title`. */
  const open = async (token: string, route: string, title: string) => {
    const opened = await consolePage(browser, served.url)
    await opened.page.goto(consoleLink(served.url, token))
    await opened.page.evaluate((hash) => (location.hash = hash), `#${route}`)
    await expect.poll(() => opened.page.locator("main h1").textContent()).toBe(title)
    return opened
  }
  const close = async (opened: { page: Page; sent: Array<SentRequest>; errors: Array<string> }) => {
    expect(opened.errors).toEqual([])
    sent.push(...opened.sent)
    await opened.page.close()
  }
  const checkAxe = async (page: Page, name: string) => {
    const found = await seriousViolations(page)
    if (found.length > 0) violations.push({ page: name, found })
  }
  const noMarkupFromText = async (page: Page) => {
    expect(await page.locator("main img, main script").count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  }

  it("an admin installs a pack, makes a workflow through its parameter form and runs it to success", async () => {
    const opened = await open(admin, "/automations/marketplace", "Marketplace")
    const { page } = opened
    const card = page.locator("section.pack", { hasText: "acme.greeter" })
    await card.waitFor()
    // The hostile description and parameter text are text.
    expect(await card.locator(".pack-description").textContent()).toBe(`Logs a greeting ${HOSTILE}`)
    expect(await card.locator(".pack-parameters").textContent()).toContain(`What to say ${HOSTILE}`)
    await noMarkupFromText(page)
    await checkAxe(page, "marketplace")

    await card.getByRole("button", { name: "Install Greeter" }).click()
    await card.getByText("Installed 1.0.0").waitFor()
    await card.getByRole("button", { name: "Make a workflow from Greeter" }).click()
    const form = page.locator("form", { has: page.locator("#pack-form-title") })
    await form.waitFor()
    expect(await page.locator("label[for=param-greeting]").textContent()).toContain("*")
    expect(await page.locator("#param-tone").inputValue()).toBe("warm")
    await page.fill("#pack-workflow-name", "Morning greeting")
    await page.fill("#param-times", "2")
    await page.check("#param-loud")

    // The required greeting left empty: the API's answer is shown at its field.
    await page.getByRole("button", { name: "Create workflow" }).click()
    await expect.poll(() => page.locator("#param-greeting-error").textContent()).toBe("is required")
    expect(await page.locator("#param-greeting").getAttribute("aria-invalid")).toBe("true")
    expect(await page.locator("#param-times-error").count()).toBe(0)
    await checkAxe(page, "pack form with an error")
    const before = await expectJson(await api("GET", "/automations/workflows?limit=100"))
    expect(before.data).toEqual([])

    await page.fill("#param-greeting", "Good morning")
    await page.selectOption("#param-tone", "brief")
    await page.getByRole("button", { name: "Create workflow" }).click()
    await page.getByRole("link", { name: "Open workflows to run it" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Workflows")
    const [made] = (await expectJson(await api("GET", "/automations/workflows?limit=100"))).data
    expect(made).toMatchObject({
      name: "Morning greeting",
      stepsJson: [{ type: "log", message: "Good morning (brief, x2, true)" }]
    })

    await page.getByRole("button", { name: "Run Morning greeting" }).click()
    await expect.poll(() => page.locator("#run-status").textContent(), { timeout: 20_000 }).toBe("succeeded")
    const runs = await expectJson(await api("GET", `/automations/runs?workflowId=${made.id}`))
    expect(runs.data.map((run: { status: string }) => run.status)).toEqual(["succeeded"])
    await close(opened)
  })

  it("a member browses the marketplace and governance without install, make or save buttons", async () => {
    const opened = await open(member, "/automations/marketplace", "Marketplace")
    const { page } = opened
    await page.locator("section.pack", { hasText: "acme.greeter" }).waitFor()
    expect(await page.getByRole("button", { name: /^(Install|Make a workflow|Update)/ }).count()).toBe(0)
    await noMarkupFromText(page)

    await page.evaluate(() => (location.hash = "#/automations/governance"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Governance")
    await page.locator("#standing-orders").waitFor()
    expect(await page.getByRole("button", { name: /^Save/ }).count()).toBe(0)
    expect(await page.locator("#standing-orders").getAttribute("readonly")).not.toBeNull()
    await checkAxe(page, "governance as a member")
    await close(opened)
  })

  it("an admin saves standing orders, a tool profile and a memory entry that the API then answers", async () => {
    const opened = await open(admin, "/automations/governance", "Governance")
    const { page } = opened
    await page.locator("#standing-orders").waitFor()
    const orders = `Be brief. ${HOSTILE}`
    await page.fill("#standing-orders", orders)
    await page.getByRole("button", { name: "Save standing orders" }).click()
    await page.getByText("Standing orders saved.").waitFor()
    expect((await expectJson(await api("GET", "/automations/policies"))).standingOrders).toBe(orders)

    await page.fill("#profile-name", "default")
    await page.fill("#profile-deny", "system.run\nbrowser.navigate")
    await page.fill("#profile-requireApprovalSkills", "email.send")
    await page.getByRole("button", { name: "Save tool profile" }).click()
    await page.getByText("Tool profile default saved.").waitFor()
    const profiles = (await expectJson(await api("GET", "/automations/tool-profiles"))).data
    expect(profiles).toMatchObject([
      { name: "default", allow: [], deny: ["system.run", "browser.navigate"], requireApprovalSkills: ["email.send"] }
    ])
    await page.getByRole("button", { name: "Edit default" }).waitFor()

    await page.fill("#memory-key", "customer.tier")
    await page.fill("#memory-value", `{"tier": "${HOSTILE.replaceAll('"', '\\"')}"}`)
    await page.getByRole("button", { name: "Save entry" }).click()
    await page.getByText("Memory entry customer.tier saved.").waitFor()
    const stored = (await expectJson(await api("GET", "/automations/memory?key=customer.tier"))).data
    expect(stored).toMatchObject([{ key: "customer.tier", value: { tier: HOSTILE } }])
    // The audit log names the dashboard user who wrote it.
    await page.locator("td", { hasText: "user:ada" }).first().waitFor()
    await noMarkupFromText(page)
    await checkAxe(page, "governance")
    await close(opened)
  })

  it("shows a session's transcript from the sessions list", async () => {
    const session = await expectJson(await api("POST", "/automations/sessions", { scope: "dm", peer: HOSTILE }))
    const opened = await open(admin, "/automations/sessions", "Sessions")
    const { page } = opened
    await page.getByRole("link", { name: "Untitled session" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Session")
    expect(await page.locator(".facts").textContent()).toContain(HOSTILE)
    expect(page.url()).toContain(`#/automations/sessions/${session.id}`)
    await noMarkupFromText(page)
    await checkAxe(page, "session")
    await close(opened)
  })

  it("sent only dashboard-token requests to its own origin, and axe found no serious violation", () => {
    expectOnlyDashboardRequests(sent, served.url)
    expect(violations).toEqual([])
  })
})
