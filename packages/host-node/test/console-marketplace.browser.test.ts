import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ModelServer, startModelServer } from "@servicekit/conformance"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, expectJson } from "./automationsClient.js"
import {
  HOSTILE,
  type SentRequest,
  expectOnlyDashboardRequests,
  launchChromium,
  noteViolations,
  openConsole
} from "./consoleBrowser.js"
import { kitOn, serve } from "./hostileInput.js"

const API_KEY = "sk-local-test-0123456789"
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
  let models: ModelServer
  let browser: Browser
  beforeAll(async () => {
    models = await startModelServer({ apiKey: API_KEY })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await models?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_LLM_BASE_URL: models.baseUrl,
      SERVICEKIT_LLM_API_KEY: API_KEY,
      // A small window: a session passes its compaction threshold within two runs.
      SERVICEKIT_LLM_MODELS: JSON.stringify({ tiny: { model: "m-tiny", contextWindow: 1_024 } })
    })
  )
  let key: string
  let admin: string
  let member: string
  const { api, workflow, run } = automationsClient(served, () => key)
  const sent: Array<SentRequest> = []
  const violations: Array<{ page: string; found: unknown }> = []

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Ops", entitlements: ["automations", "ai_agent"] })
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

  const open = (token: string, route: string, title: string) => openConsole(browser, served.url, token, route, title)
  const close = async (opened: { page: Page; sent: Array<SentRequest>; errors: Array<string> }) => {
    expect(opened.errors).toEqual([])
    sent.push(...opened.sent)
    await opened.page.close()
  }
  const checkAxe = (page: Page, name: string) => noteViolations(violations, page, name)
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

  it("shows a session's transcript with its compaction summary, its texts as text", async () => {
    await expectJson(await api("PUT", "/automations/models", { primary: "tiny", failover: [] }))
    const tiny = (...replies: Array<string | { status: number }>) =>
      models.cue("m-tiny", ...replies.map((reply) => (typeof reply === "string" ? { reply } : reply)))
    const visit = await workflow([
      { type: "agent", instructions: "Help the visitor.", skills: ["memory.write"], session: { scope: "dm", peer: HOSTILE } }
    ])
    // The first visit passes the threshold but summarising fails; the second is compacted.
    tiny(`TOOL_CALL:memory.write|{"key":"notes","value":"${"n".repeat(2_000)}"}`, "FINAL:Noted.", { status: 500 })
    const first = await run(visit.id)
    expect(first.status).toBe("succeeded")
    tiny(`TOOL_CALL:memory.write|{"key":"short","value":"${"s".repeat(700)}"}`, "FINAL:Saved.", `Notes kept. ${HOSTILE}`)
    expect((await run(visit.id)).status).toBe("succeeded")
    const sessionId = first.stepsResultJson[0].output.sessionId
    const stored = await expectJson(await api("GET", `/automations/sessions/${sessionId}`))
    const summary = stored.messages.find((entry: { role: string }) => entry.role === "summary")
    expect(summary).toMatchObject({ content: `Notes kept. ${HOSTILE}` })

    const opened = await open(admin, "/automations/sessions", "Sessions")
    const { page } = opened
    await page.getByRole("link", { name: "Untitled session" }).waitFor()
    await checkAxe(page, "sessions")
    await page.getByRole("link", { name: "Untitled session" }).click()
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Session")
    expect(page.url()).toContain(`#/automations/sessions/${sessionId}`)
    expect(await page.locator(".facts").textContent()).toContain(HOSTILE)
    const shown = page.locator("li.entry-summary")
    expect(await shown.locator(".turn-part").textContent()).toBe(
      `Summary of entries ${summary.covers.fromSeq} to ${summary.covers.toSeq}`
    )
    expect(await shown.locator("pre").textContent()).toBe(`Notes kept. ${HOSTILE}`)
    expect(await page.locator("li.turn").count()).toBe(stored.messages.length)
    expect(await page.locator("li.entry-assistant .mono", { hasText: "memory.write" }).count()).toBe(2)
    await noMarkupFromText(page)
    await checkAxe(page, "session")
    await close(opened)
  })

  it("sent only dashboard-token requests to its own origin, and axe found no serious violation", () => {
    expectOnlyDashboardRequests(sent, served.url)
    expect(violations).toEqual([])
  })
})
