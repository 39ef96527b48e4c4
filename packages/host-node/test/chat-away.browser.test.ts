import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, it } from "vitest"
import { type RunningServer, listen } from "../src/Server.js"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { HOSTILE, launchChromium, seriousViolations } from "./consoleBrowser.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { type TenantSite, startTenantSite } from "./fixtures/tenantSite.js"
import { type Serving, kitOn } from "./hostileInput.js"
import { until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-chat-away-browser-"))

// The widget as a visitor meets it when nobody can chat: on the tenant's own site (another origin,
// whose policy allows the kit's origin alone), over the embedded database, with replies emailed
// through a real SMTP server.
describe("The Live Chat widget when nobody can chat, in Chromium", () => {
  let server: RunningServer
  let serving: Serving
  let relay: Awaited<ReturnType<typeof startSmtpServer>>
  let browser: Browser
  let site: TenantSite
  /** The widget's line on each page of the site, one page per tenant. */
  const pages = new Map<string, string>()
  const served = { url: "" }
  const { call, json } = chatCalls(served)

  beforeAll(async () => {
    relay = await startSmtpServer()
    // The server listens first, so that the kit's public URL (the widget's script, links in emails) is its own.
    server = await listen({ dispatch: (request) => serving.kit.dispatch(request) })
    served.url = server.url
    serving = kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SMTP_URL: relay.url, SERVICEKIT_PUBLIC_URL: server.url })
    await serving.kit.startWorkers()
    browser = await launchChromium()
    site = await startTenantSite(server.url, (path) => ({ title: "Acme kettles", widget: pages.get(path) }))
  }, 90_000)
  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await server?.close()
    await serving?.kit.dispose()
    await relay?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** A chat tenant with its working hours changed by `hours`, whose widget is on the site's page `/<path>`. */
  const setUp = async (path: string, hours: Record<string, unknown>) => {
    const tenant = await chatTenant(serving, `Away ${path}`)
    const admin = await tenant.token("lead", "admin")
    await json(call(admin, "PATCH", "/v1/chat/working-hours", hours))
    const widget = await json(call(admin, "GET", `/tenants/${tenant.tenantId}/chat/widget`))
    pages.set(`/${path}`, widget.snippet)
    return { ...tenant, admin, siteKey: widget.siteKey as string }
  }

  /** The site's page with the widget's panel open, and what went wrong on it: errors, and anything its policy refused. */
  const openWidget = async (context: BrowserContext, path: string) => {
    const page = await context.newPage()
    const problems: Array<string> = []
    page.on("pageerror", (error) => problems.push(error.message))
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()))
    await page.goto(`${site.url}${path}`)
    await page.evaluate(() =>
      document.addEventListener("securitypolicyviolation", (event) => {
        ;(window as unknown as { refused: Array<string> }).refused ??= []
        ;(window as unknown as { refused: Array<string> }).refused.push(`${event.violatedDirective} ${event.blockedURI}`)
      })
    )
    await page.getByRole("button", { name: "Open chat" }).click()
    return { page, panel: page.frameLocator('iframe[title="Chat"]'), problems }
  }
  const refusedBy = (page: Page) => page.evaluate(() => (window as unknown as { refused?: Array<string> }).refused ?? [])
  const pwned = (page: Page) =>
    Promise.all(page.frames().map((frame) => frame.evaluate(() => (window as unknown as { pwned?: number }).pwned)))

  // Each test has a tenant and a browser context of its own, and they run at once: the others pass
  // while the first waits out the minute before a reply goes by email (the shortest the API allows).
  it.concurrent("shows the away message and takes the visitor's email; the agent's reply arrives by email, and its link opens the conversation", async ({ expect }) => {
    const awayMessage = "We're out until nine.\nLeave your email and we'll answer there."
    // A minute away before replies go by email: the shortest the API allows.
    const { key, tenantId, token } = await setUp("kettles", { awayMessage, emailAfterMinutes: 1 })
    const context = await browser.newContext()
    const { page, panel, problems } = await openWidget(context, "kettles")

    // No agent is online: the notice says so above the messages, and the visitor may still write.
    await expect.poll(() => panel.locator("#away-message").textContent()).toBe(awayMessage)
    const email = panel.getByRole("textbox", { name: "Email for replies" })
    expect(await email.isVisible()).toBe(true)
    expect(await panel.locator("#greeting").isVisible()).toBe(true)
    expect(await panel.locator("#content").isEnabled()).toBe(true)

    // By keyboard: an address, Enter to keep it (the browser knows this one is wrong), then one it takes.
    await email.focus()
    await page.keyboard.type("ada@")
    await page.keyboard.press("Enter")
    // Said in a live region, tied to the field.
    const status = panel.locator("#away-status")
    expect(await status.getAttribute("role")).toBe("status")
    expect(await email.getAttribute("aria-describedby")).toBe("away-status")
    await expect.poll(() => status.textContent()).toBe("Enter an email address such as name@example.com.")
    expect(await email.getAttribute("aria-invalid")).toBe("true")
    await page.keyboard.type("example")
    await page.keyboard.press("Enter")
    await expect.poll(() => status.textContent()).toBe("Noted: it goes with your first message.")
    expect(await email.getAttribute("aria-invalid")).toBeNull()

    // The first message carries it; the API refuses the address, beside the field, and stores nothing.
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    expect(await panel.locator("#content").evaluate((element) => element === document.activeElement)).toBe(true)
    const question = "Is the blue kettle back in stock?"
    await page.keyboard.type(question)
    await page.keyboard.press("Enter")
    await expect.poll(() => status.textContent()).toBe("Invalid email: must be an email address")
    expect(await email.getAttribute("aria-invalid")).toBe("true")
    expect(await panel.locator("#content").inputValue()).toBe(question)
    expect(await panel.locator(".message").count()).toBe(0)
    expect((await json(call(key, "GET", "/v1/chat/conversations"))).data).toEqual([])
    await email.fill("ada@example.com")
    await panel.locator("#content").press("Enter")
    await expect.poll(() => panel.locator(".message p").allTextContents()).toEqual([question])
    await expect.poll(() => status.textContent()).toBe("Saved: replies reach you at ada@example.com.")
    const visitorEmail = async () => (await json(call(key, "GET", "/v1/chat/conversations"))).data[0].visitor.email
    const [conversation] = (await json(call(key, "GET", "/v1/chat/conversations"))).data
    expect(await visitorEmail()).toBe("ada@example.com")

    // Changed afterwards: a refusal is said beside the field and changes nothing; then another address.
    await email.fill("ada@")
    await panel.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => status.textContent()).toBe("Invalid email: must be an email address")
    expect(await email.getAttribute("aria-invalid")).toBe("true")
    expect(await visitorEmail()).toBe("ada@example.com")
    await email.fill("ada@lovelace.dev")
    await panel.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => status.textContent()).toBe("Saved: replies reach you at ada@lovelace.dev.")
    expect(await email.getAttribute("aria-invalid")).toBeNull()
    expect(await visitorEmail()).toBe("ada@lovelace.dev")
    expect(await refusedBy(page)).toEqual([])
    expect(problems.filter((problem) => !problem.includes("400"))).toEqual([])
    // The visitor leaves.
    await context.close()

    // An agent answers; a minute after the visitor was last there, the reply goes to the address they left.
    const agent = await token("agent-ada")
    const reply = "It is, since this morning. Shall I reserve one?"
    await json(call(agent, "POST", `/tenants/${tenantId}/chat/conversations/${conversation.id}/messages`, { content: reply }))
    const mails = () => relay.received.filter((mail) => mail.envelopeTo.includes("ada@lovelace.dev"))
    await until("the reply by email", () => mails().length === 1, 120_000)
    const text = mails()[0]!.parsed.text ?? ""
    expect(text).toContain(reply)
    const link = /Continue the conversation: (\S+)/.exec(text)?.[1]
    expect(link?.startsWith(`${server.url}/api/public/chat?`)).toBe(true)

    // The link, in another browser: the hosted page on this conversation, the reply in it.
    const elsewhere = await browser.newContext()
    const hosted = await elsewhere.newPage()
    const hostedProblems: Array<string> = []
    hosted.on("pageerror", (error) => hostedProblems.push(error.message))
    await hosted.goto(link!)
    await expect.poll(() => hosted.locator("#messages li p").allTextContents()).toEqual([question, reply])
    expect(await hosted.locator("#messages li.agent p").textContent()).toBe(reply)
    expect(hosted.url()).not.toContain("svt_")
    expect(hostedProblems).toEqual([])
    await elsewhere.close()
  }, 180_000)

  it.concurrent("shows a hostile away message as text, and runs none of it", async ({ expect }) => {
    const awayMessage = `Closed ${HOSTILE}<script>window.pwned=2</script>`
    await setUp("hostile", { awayMessage })
    const context = await browser.newContext()
    const { page, panel, problems } = await openWidget(context, "hostile")
    await expect.poll(() => panel.locator("#away-message").textContent()).toBe(awayMessage)
    expect(await panel.locator("#away img, #away script").count()).toBe(0)
    expect(await pwned(page)).toEqual([undefined, undefined])
    expect(await refusedBy(page)).toEqual([])
    expect(problems).toEqual([])

    // The panel as its own page, checked by axe while the notice shows.
    const { siteKey } = await setUp("hostile-direct", { awayMessage })
    const direct = await context.newPage()
    await direct.goto(`${server.url}/api/public/chat/widget?siteKey=${siteKey}`)
    await direct.locator("#away").waitFor()
    expect(await seriousViolations(direct)).toEqual([])
    await context.close()
  })

  it.concurrent("shows no notice while an agent is online, and shows it once nobody is", async ({ expect }) => {
    const { tenantId, token } = await setUp("online", { alwaysOpen: true })
    const agent = await token("agent-bo")
    await json(call(agent, "PUT", `/tenants/${tenantId}/chat/presence`, { status: "online" }))
    const context = await browser.newContext()
    const page = await context.newPage()
    const asked = page.waitForResponse((response) => response.url().includes("/public/chat/widget/availability"))
    await page.goto(`${site.url}online`)
    expect(await (await asked).json()).toMatchObject({ available: true, reason: null })
    await page.getByRole("button", { name: "Open chat" }).click()
    const panel = page.frameLocator('iframe[title="Chat"]')
    await panel.locator("#content").fill("Hello!")
    await panel.locator("#content").press("Enter")
    await expect.poll(() => panel.locator(".message p").allTextContents()).toEqual(["Hello!"])
    expect(await panel.locator("#away").isHidden()).toBe(true)
    expect(await panel.getByRole("textbox", { name: "Email for replies" }).count()).toBe(0)

    // The agent steps away. Reloaded with its panel closed, the page asks whether anyone is there
    // without saying the visitor is (a closed panel is not being read); opened, it says so.
    await json(call(agent, "PUT", `/tenants/${tenantId}/chat/presence`, { status: "away" }))
    const presences: Array<string> = []
    page.on("request", (request) => void (request.url().includes("/public/chat/presence") && presences.push(request.method())))
    const asking = page.waitForResponse((response) => response.url().includes("/public/chat/widget/availability"))
    await page.reload()
    expect(await (await asking).json()).toMatchObject({ available: false, reason: "nobody_online" })
    expect(presences).toEqual([])
    const present = page.waitForResponse((response) => response.url().includes("/public/chat/presence"))
    await page.getByRole("button", { name: "Open chat" }).click()
    expect(await (await present).json()).toMatchObject({ available: false, reason: "nobody_online" })
    await expect.poll(() => panel.locator("#away").isVisible()).toBe(true)
    expect(await panel.getByRole("textbox", { name: "Email for replies" }).isVisible()).toBe(true)
    await expect.poll(() => panel.locator(".message p").allTextContents()).toEqual(["Hello!"])
    await context.close()
  })
})
