import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { verifyWebhook } from "@servicekit/client/webhooks"
import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  HOSTILE,
  type SentRequest,
  consoleLink,
  consolePage,
  expectOnlyDashboardRequests,
  keyLifecycle,
  launchChromium,
  localServer,
  seriousViolations
} from "./consoleBrowser.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** A page that frames the console for `link()`. */
const framingPage = () =>
  localServer(() => ({
    status: 200,
    type: "text/html",
    body: `<!doctype html><title>Builder app</title><iframe id="console" title="Console" width="1000" height="700" src="${framed.link}"></iframe>`
  }))
const framed = { link: "about:blank" }
const receiverAnswers: Array<number> = []

describe("the console in Chromium", () => {
  let browser: Browser
  let allowedFramer: Awaited<ReturnType<typeof framingPage>>
  let otherFramer: Awaited<ReturnType<typeof framingPage>>
  let receiver: Awaited<ReturnType<typeof localServer>>
  // Started before the kit, which is told which of them may frame the console.
  beforeAll(async () => {
    allowedFramer = await framingPage()
    otherFramer = await framingPage()
    // Answers 200 unless the test queued another status.
    receiver = await localServer(() => {
      const status = receiverAnswers.shift() ?? 200
      return { status, type: "text/plain", body: status === 200 ? "received" : `Upstream down ${HOSTILE}` }
    })
  })
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_CONSOLE_FRAME_ANCESTORS: `'self',${allowedFramer.url}`
    })
  )
  let tenantId: string
  let admin: string
  let member: string
  const sent: Array<SentRequest> = []
  const violations: Array<unknown> = []

  beforeAll(async () => {
    browser = await launchChromium()
    tenantId = (
      await served.kit.admin.createTenant({ name: "Console", entitlements: ["chat", "voice", "transactional", "automations"] })
    ).id
    admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "ada@example.com", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "max@example.com", role: "member" })).token
  })
  afterAll(async () => {
    await browser?.close()
    await Promise.all([allowedFramer?.close(), otherFramer?.close(), receiver?.close()])
  })

  /** A console page whose requests join `sent`; it may reach the kit's origin only. */
  const open = async (token: string, route = "") => {
    const opened = await consolePage(browser, served.url)
    const response = await opened.page.goto(`${consoleLink(served.url, token)}`)
    expect(response!.status()).toBe(200)
    if (route !== "") await opened.page.evaluate((hash) => (location.hash = hash), route)
    return {
      ...opened,
      done: async () => {
        expect(opened.errors).toEqual([])
        expect(opened.elsewhere).toEqual([])
        sent.push(...opened.sent)
        await opened.page.close()
      }
    }
  }
  const checkAccessibility = async (page: Page, name: string) => {
    for (const violation of await seriousViolations(page)) violations.push({ page: name, ...violation })
  }
  const heading = (page: Page) => page.locator("main h1")
  /** The trimmed texts of the labels in `within`: what a sighted user reads beside each control. */
  const labelsOf = async (within: Locator) => (await within.locator("label").allTextContents()).map((text) => text.trim())

  it("answers the shell and its assets with a strict CSP, hashed assets cached for a year", async () => {
    const response = await fetch(`${served.url}/api/console`)
    expect(response.status).toBe(200)
    const policy = response.headers.get("content-security-policy")!
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain("script-src 'self';")
    expect(policy).toContain(`frame-ancestors 'self' ${allowedFramer.url}`)
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(response.headers.get("cache-control")).toBe("no-store")
    const html = await response.text()
    expect(html).not.toMatch(/<script>|<style>/)
    const script = /src="(\/api\/console\/assets\/console\.[0-9a-f]{12}\.js)"/.exec(html)![1]
    const styles = /href="(\/api\/console\/assets\/console\.[0-9a-f]{12}\.css)"/.exec(html)![1]
    for (const [path, type] of [
      [script, "text/javascript"],
      [styles, "text/css"]
    ]) {
      const asset = await fetch(`${served.url}${path}`)
      expect(asset.status).toBe(200)
      expect(asset.headers.get("content-type")).toContain(type)
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    }
    expect((await fetch(`${served.url}/api/console/assets/console.000000000000.js`)).status).toBe(404)
    // Typed with a trailing slash: the same page, under the same policy.
    const slashed = await fetch(`${served.url}/api/console/`)
    expect(slashed.status).toBe(200)
    expect(slashed.headers.get("content-security-policy")).toBe(policy)
    expect(await slashed.text()).toBe(html)
  })

  it("signs in from the fragment: the token leaves the address bar and never reaches localStorage", async () => {
    const { done, page } = await open(admin)
    await expect.poll(() => heading(page).textContent()).toBe("Overview")
    expect(page.url()).toBe(`${served.url}/api/console#/`)
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toBe("{}")
    expect(await page.evaluate(() => Object.values({ ...sessionStorage }))).toEqual([admin])
    await expect.poll(() => page.locator(".chip").allTextContents()).toContain("Live Chat")
    // The products' areas not built yet are absent, not placeholders; Growth, whose conversations are
    // emails, needs Business email, which this tenant lacks.
    expect(await page.locator("nav a").allTextContents()).toEqual([
      "Overview",
      "Inbox",
      "Visitors",
      "Widget",
      "Canned responses",
      "Appearance",
      "Chat settings",
      "Runs",
      "Approvals",
      "Workflows",
      "Sequences",
      "Agents",
      "Channels",
      "Nodes",
      "Marketplace",
      "Sessions",
      "Governance",
      "Templates",
      "Logs",
      "Statistics",
      "Suppressions",
      "Calls",
      "SIP settings",
      "API keys",
      "Webhooks",
      "Event catalog",
      "Data retention"
    ])
    await checkAccessibility(page, "overview")
    // Reloading keeps the tab signed in.
    await page.reload()
    await expect.poll(() => heading(page).textContent()).toBe("Overview")
    await done()
  })

  it("shows a sign-in-again page for an expired token and for one the API refuses", async () => {
    const expiring = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "ada", role: "admin", expiresInSeconds: 1 }))
      .token
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const expired = await open(expiring)
    await expect.poll(() => expired.page.locator("h1").textContent()).toBe("Sign in again")
    expect(await expired.page.evaluate(() => sessionStorage.length)).toBe(0)
    await checkAccessibility(expired.page, "sign in again")
    await expired.done()

    // Well formed and unexpired, but not signed by this kit: the first API answer (401) signs out.
    const [header, payload] = admin.split(".")
    const forged = await open(`${header}.${payload}.${"A".repeat(43)}`)
    await expect.poll(() => forged.page.locator("h1").textContent()).toBe("Sign in again")
    expect(await forged.page.evaluate(() => sessionStorage.length)).toBe(0)
    await forged.done()

    const none = await consolePage(browser, served.url)
    await none.page.goto(`${served.url}/api/console`)
    await expect.poll(() => none.page.locator("h1").textContent()).toBe("Sign in to the console")
    await none.page.close()
  })

  it("creates a key with the keyboard alone, shows it once, lists it as text, and revokes it", async () => {
    const { done, page } = await open(admin, "#/developers/api-keys")
    await expect.poll(() => page.locator(".card.empty h2").textContent()).toBe("No API keys yet")
    await checkAccessibility(page, "api keys (empty)")

    await keyLifecycle(page, served.url, (stage) => checkAccessibility(page, `api keys (${stage})`))
    await done()
  })

  it("hides what a member cannot do, and the API refuses it anyway", async () => {
    const { done, page } = await open(member, "#/developers/api-keys")
    await expect.poll(() => page.locator(".card.empty h2").textContent()).toBe("Managed by tenant admins")
    expect(await page.getByRole("button", { name: "Create API key" }).count()).toBe(0)
    await checkAccessibility(page, "api keys (member)")
    await page.evaluate(() => (location.hash = "#/developers/webhooks"))
    await expect.poll(() => heading(page).textContent()).toBe("Webhooks")
    expect(await page.getByRole("button", { name: "Add endpoint" }).count()).toBe(0)

    const refused = await fetch(`${served.url}/api/tenants/${tenantId}/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${member}`, "content-type": "application/json" },
      body: JSON.stringify({ product: "chat", environment: "test", scopes: ["chat:read"] })
    })
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe("admin_required")
    await done()
  })

  it("adds a webhook endpoint with its secret shown once, sends a test event, shows its failed delivery with the answer and retries it", async () => {
    const { done, page } = await open(admin, "#/developers/webhooks")
    await page.getByRole("button", { name: "Add endpoint" }).click()
    await page.getByLabel("Endpoint URL").fill(`${receiver.url}/hooks/servicekit`)
    // All events unless the admin chooses some.
    await page.getByLabel("Chosen products and events").check()
    // The events of the tenant's products, by product, then the endpoints' own.
    await page.getByRole("group", { name: "Endpoint events" }).waitFor()
    expect(await page.locator("fieldset legend").allTextContents()).toEqual([
      "Receives",
      "Whole products",
      "Live Chat events",
      "Transactional email events",
      "Automations events",
      "Endpoint events"
    ])
    expect(await page.getByRole("group", { name: "Automations events" }).getByRole("checkbox").count()).toBe(7)
    await page.getByLabel("message.created").check()
    await page.getByLabel("Description (optional)").fill(HOSTILE)
    await checkAccessibility(page, "webhooks (create form)")
    await page.getByRole("button", { name: "Add endpoint" }).click()
    const secret = await page.getByRole("textbox", { name: "Signing secret of the new endpoint" }).inputValue()
    expect(secret).toMatch(/^whsec_/)
    await page.getByRole("button", { name: "I have stored it" }).click()
    await page.getByText(HOSTILE, { exact: true }).waitFor()
    expect(await page.content()).not.toContain(secret)
    await checkAccessibility(page, "webhooks")

    await page.getByRole("link", { name: `${receiver.url}/hooks/servicekit` }).click()
    await expect.poll(() => heading(page).textContent()).toBe("Endpoint")
    await expect.poll(() => page.locator(".pad").textContent()).toContain("No delivery yet")
    receiverAnswers.push(500)
    await page.getByRole("button", { name: "Send test event" }).click()
    const delivery = page.locator("tr.delivery")
    await expect.poll(() => delivery.count()).toBe(1)
    expect(await delivery.locator("td").first().textContent()).toBe("webhook.test")
    expect(await delivery.locator(".status").textContent()).toBe("HTTP 500")
    // What the receiver answered, opened under the status: text, however it is written.
    await delivery.locator(".answer-body summary").click()
    expect(await delivery.locator(".answer-body pre").textContent()).toBe(`Upstream down ${HOSTILE}`)
    expect(await page.locator("main img").count()).toBe(0)
    await checkAccessibility(page, "webhook deliveries")

    // Retried by hand: a second attempt of the same delivery, which the receiver accepts.
    await page.getByRole("button", { name: "Retry delivery of webhook.test (attempt 1)" }).click()
    await expect.poll(() => delivery.count()).toBe(2)
    expect(await delivery.first().locator("td").nth(1).textContent()).toBe("2")
    expect(await delivery.first().locator(".status").textContent()).toBe("HTTP 200")
    expect(await delivery.first().locator(".answer-body pre").textContent()).toBe("received")
    // Only the newest attempt of an ended delivery offers a retry.
    expect(await page.getByRole("button", { name: /Retry delivery/ }).count()).toBe(1)
    // The body the attempts sent, as signed, opened under the answer.
    await delivery.first().locator(".request-body summary").click()
    await expect.poll(() => delivery.first().locator(".request-body pre").textContent()).toContain('"event":"webhook.test"')
    const sentBody = await delivery.first().locator(".request-body pre").textContent()
    // Nothing failed for good any more: recovering finds nothing, and says so.
    await page.getByLabel("Failed in").selectOption({ label: "the last day" })
    await page.getByRole("button", { name: "Recover", exact: true }).click()
    await page.getByText("No failed delivery to recover.").waitFor()
    await checkAccessibility(page, "webhook deliveries (body and recover)")

    // The receiver got the event twice under one delivery id, signed with the secret the console showed.
    expect(receiver.received).toHaveLength(2)
    const [first, second] = receiver.received
    expect(second.path).toBe("/hooks/servicekit")
    expect(second.headers["x-service-delivery"]).toBe(first.headers["x-service-delivery"])
    const verified = await verifyWebhook({ secret, rawBody: second.body, headers: second.headers })
    expect(verified).toMatchObject({ ok: true, event: { event: "webhook.test" } })
    expect(sentBody).toBe(second.body)

    await page.getByRole("link", { name: "Webhooks" }).first().click()
    await page.getByRole("button", { name: /Delete endpoint/ }).click()
    await page.getByRole("dialog").getByRole("button", { name: "Delete endpoint" }).click()
    await expect.poll(() => page.locator(".card.empty h2").textContent()).toBe("No endpoints yet")
    await done()
  })

  it("offers an endpoint only the events of the products its tenant has", async () => {
    const chatOnly = (await served.kit.admin.createTenant({ name: "Chat only", entitlements: ["chat"] })).id
    const token = (await served.kit.admin.issueDashboardToken(chatOnly, { sub: "cy@example.com", role: "admin" })).token
    const { done, page } = await open(token, "#/developers/webhooks")
    await page.getByRole("button", { name: "Add endpoint" }).click()
    await page.getByLabel("Chosen products and events").check()
    await page.getByRole("group", { name: "Endpoint events" }).waitFor()
    expect(await page.locator("fieldset legend").allTextContents()).toEqual([
      "Receives",
      "Whole products",
      "Live Chat events",
      "Endpoint events"
    ])
    expect(await labelsOf(page.getByRole("group", { name: "Whole products" }))).toEqual(["Every event of Live Chat"])
    expect(await page.getByLabel("email.sent").count()).toBe(0)
    expect(await page.getByLabel("run.failed").count()).toBe(0)
    await done()
  })

  it("shows a tenant only its products, makes keys for them only, and says where to get the rest", async () => {
    const chatOnly = (await served.kit.admin.createTenant({ name: "Chat area", entitlements: ["chat"] })).id
    const token = (await served.kit.admin.issueDashboardToken(chatOnly, { sub: "di@example.com", role: "admin" })).token
    const { done, page } = await open(token)
    await expect.poll(() => heading(page).textContent()).toBe("Overview")
    expect(await page.locator("nav .nav-title").allTextContents()).toEqual(["Tenant", "Live Chat", "Developers"])
    for (const other of ["Calls", "SIP settings", "Runs", "Workflows", "Templates", "Conversations"]) {
      expect(await page.getByRole("link", { name: other, exact: true }).count(), other).toBe(0)
    }
    // A key for its one product only.
    await page.evaluate(() => (location.hash = "#/developers/api-keys"))
    await page.getByRole("button", { name: "Create API key" }).click()
    expect(await page.locator("#key-product option").allTextContents()).toEqual(["chat"])
    // A page of another product, reached by its address, says it is not included and who adds it.
    for (const [route, area] of [
      ["#/calling/calls", "Business Calling"],
      ["#/automations/workflows", "Automations"],
      ["#/growth/conversations/new", "Growth"]
    ]) {
      await page.evaluate((hash) => (location.hash = hash), route)
      await expect.poll(() => heading(page).textContent()).toBe(area)
      await page.getByText("is not included").waitFor()
    }
    await checkAccessibility(page, "a product the tenant does not have")
    await done()
  })

  it("adds an endpoint for every event of a product with a throttle, then pauses, resumes and unthrottles it", async () => {
    const { done, page } = await open(admin, "#/developers/webhooks")
    await page.getByRole("button", { name: "Add endpoint" }).click()
    await page.getByLabel("Endpoint URL").fill(`${receiver.url}/hooks/email`)
    // All events by default: no product or event to tick until the admin chooses some.
    expect(await page.getByLabel("All events").isChecked()).toBe(true)
    expect(await page.getByRole("checkbox").count()).toBe(0)
    await page.getByLabel("Chosen products and events").check()
    expect(await labelsOf(page.getByRole("group", { name: "Whole products" }))).toEqual([
      "Every event of Live Chat",
      "Every event of Transactional email",
      "Every event of Automations"
    ])
    // Chosen, but nothing ticked: the form says so instead of subscribing to everything.
    await page.getByRole("button", { name: "Add endpoint" }).click()
    await page.getByText("Choose at least one product or event, or All events.").waitFor()
    await page.getByLabel("Every event of Transactional email").check()
    await page.getByLabel("Throttle (deliveries per second)").fill("5")
    await checkAccessibility(page, "webhooks (create form, products)")
    await page.getByRole("button", { name: "Add endpoint" }).click()
    await page.getByRole("button", { name: "I have stored it" }).click()
    const row = page.locator("tr", { has: page.getByRole("link", { name: `${receiver.url}/hooks/email` }) })
    expect(await row.locator("td").nth(1).textContent()).toBe("Every event of Transactional email")

    await page.getByRole("link", { name: `${receiver.url}/hooks/email` }).click()
    await expect.poll(() => heading(page).textContent()).toBe("Endpoint")
    const fact = (name: string) => page.locator("dt", { hasText: name }).locator("xpath=following-sibling::dd[1]")
    expect(await fact("Receives").textContent()).toBe("Every event of Transactional email")
    expect(await fact("Throttle").textContent()).toBe("At most 5 deliveries a second")
    expect(await fact("Deliveries").textContent()).toBe("Going out")
    expect(await page.getByLabel("Deliveries per second").inputValue()).toBe("5")
    const id = /#\/developers\/webhooks\/([0-9a-f-]{36})$/.exec(page.url())![1]
    const subscription = async () =>
      (
        await (
          await fetch(`${served.url}/api/tenants/${tenantId}/webhooks/${id}`, {
            headers: { authorization: `Bearer ${admin}` }
          })
        ).json()
      ) as { events: Array<string>; products: Array<string>; ratePerSecond: number | null; paused: boolean }
    expect(await subscription()).toMatchObject({ events: [], products: ["transactional"], ratePerSecond: 5, paused: false })
    await checkAccessibility(page, "webhook detail (throttled)")

    // Paused by the admin: said with its time, and the button turns into a resume.
    await page.getByRole("button", { name: "Pause deliveries" }).click()
    await page.getByRole("button", { name: "Resume deliveries" }).waitFor()
    expect(await fact("Deliveries").textContent()).toMatch(/^Paused since .+: they wait and go out on resume$/)
    expect((await subscription()).paused).toBe(true)
    await checkAccessibility(page, "webhook detail (paused)")
    await page.getByRole("button", { name: "Resume deliveries" }).click()
    await page.getByRole("button", { name: "Pause deliveries" }).waitFor()
    expect(await fact("Deliveries").textContent()).toBe("Going out")
    expect((await subscription()).paused).toBe(false)

    // The throttle changed, then removed.
    await page.getByLabel("Deliveries per second").fill("20")
    await page.getByRole("button", { name: "Save throttle" }).click()
    await expect.poll(() => fact("Throttle").textContent()).toBe("At most 20 deliveries a second")
    expect((await subscription()).ratePerSecond).toBe(20)
    await page.getByRole("button", { name: "Remove throttle" }).click()
    await expect.poll(() => fact("Throttle").textContent()).toBe("None")
    expect((await subscription()).ratePerSecond).toBe(null)
    expect(await page.getByLabel("Deliveries per second").inputValue()).toBe("")
    await done()
  })

  it("lists the event catalog by product, each event with its description and an example body", async () => {
    const { done, page } = await open(admin)
    await expect.poll(() => heading(page).textContent()).toBe("Overview")
    await page.getByRole("link", { name: "Event catalog" }).click()
    await expect.poll(() => heading(page).textContent()).toBe("Event catalog")
    await page.getByRole("heading", { name: "Endpoint events" }).waitFor()
    expect(await page.locator("main h2").allTextContents()).toEqual([
      "Live Chat events",
      "Transactional email events",
      "Automations events",
      "Endpoint events"
    ])
    const emailSent = page.getByRole("article", { name: "email.sent" })
    expect(await emailSent.locator("p").textContent()).toBe("The mail server accepted a message for delivery.")
    const example = JSON.parse((await emailSent.getByLabel("Example body of email.sent").textContent())!)
    expect(example).toMatchObject({
      event: "email.sent",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      payload: { to: "ada@example.com", source: "transactional_v1" }
    })
    // An event accepted in subscriptions but never sent has no example to show.
    const visitor = page.getByRole("article", { name: "visitor.created" })
    expect(await visitor.locator("p").textContent()).toBe("Accepted in subscriptions; not sent yet.")
    expect(await visitor.locator("pre").count()).toBe(0)
    await checkAccessibility(page, "event catalog")
    await done()
  })

  it("runs in a frame of an allowed origin and is refused in a frame of any other", async () => {
    framed.link = consoleLink(served.url, admin)
    const allowed = await browser.newPage()
    await allowed.goto(`${allowedFramer.url}/`)
    const inFrame = allowed.frameLocator("#console")
    await expect.poll(() => inFrame.locator("main h1").textContent()).toBe("Overview")
    await allowed.close()

    const other = await browser.newPage()
    const refusals: Array<string> = []
    other.on("console", (message) => refusals.push(message.text()))
    await other.goto(`${otherFramer.url}/`)
    await expect.poll(() => refusals.join("\n")).toContain("frame-ancestors")
    const frame = other.frames().find((candidate) => candidate !== other.mainFrame())!
    expect(await frame.locator(".shell").count()).toBe(0)
    await other.close()
  })

  it("sent every request to its own origin with the dashboard token, never an API key; no serious axe violation", () => {
    expectOnlyDashboardRequests(sent, served.url)
    expect(sent.some((request) => request.authorization === `Bearer ${admin}`)).toBe(true)
    expect(violations).toEqual([])
  })
})
