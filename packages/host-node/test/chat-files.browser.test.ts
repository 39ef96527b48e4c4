import { ServiceKit } from "@servicekit/core"
import { layerMemory } from "@servicekit/core/testing"
import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, listen } from "../src/Server.js"
import { launchChromium, openConsole, seriousViolations, tabTo } from "./consoleBrowser.js"
import { PNG } from "./fileFixtures.js"
import { type TenantSite, startTenantSite } from "./fixtures/tenantSite.js"

/** A PDF of 12 KB, so that its link reads "· 12 KB": its signature, then padding in a comment. */
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n%"), Buffer.alloc(12 * 1024 - 16, "a"), Buffer.from("\n%%EOF")])
/** The start of an MP4 video: a kind the account does not allow by default. */
const MP4 = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex")
/** A name that would run script if it were rendered as HTML; its bytes are text, so it is served to save. */
const HOSTILE_NAME = "<img src=x onerror=alert(1)>.png"

// Files in Live Chat as people meet them: a visitor in the widget on a tenant's own site (another
// origin), an agent in the console, and an admin's canned responses.
describe("chat files in the widget and the console, in Chromium", () => {
  let server: RunningServer
  let kit: ServiceKit.ServiceKit<unknown>
  let browser: Browser
  let site: TenantSite
  let tenantId: string
  let agent: string
  let admin: string

  beforeAll(async () => {
    // The server listens first, so that the kit's public URL, where file links point, is its own.
    server = await listen({ dispatch: (request) => kit.dispatch(request) })
    kit = ServiceKit.make(layerMemory({ settings: { publicUrl: server.url } }))
    browser = await launchChromium()
    tenantId = (await kit.admin.createTenant({ name: "Kettles", entitlements: ["chat"] })).id
    agent = (await kit.admin.issueDashboardToken(tenantId, { sub: "agent-ada", role: "member" })).token
    admin = (await kit.admin.issueDashboardToken(tenantId, { sub: "lead", role: "admin" })).token
    const { snippet } = await (await dashboard(agent, "GET", "/chat/widget")).json()
    site = await startTenantSite(server.url, () => ({ title: "Kettles", widget: snippet }))
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await server?.close()
    await kit?.dispose()
  })

  /** A dashboard route of the tenant, with a JSON body or raw bytes. */
  const dashboard = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/api/tenants/${tenantId}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": Buffer.isBuffer(body) ? "application/octet-stream" : "application/json" })
      },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body)
    })
  const ok = async (answer: Promise<Response>) => {
    const response = await answer
    expect(response.status, await response.clone().text()).toBe(200)
    return response.json()
  }
  /** A canned response carrying a library file, made through the API. */
  const cannedWithFile = async (shortcut: string, content: string, name: string, bytes: Buffer) => {
    const file = await ok(dashboard(admin, "POST", `/chat/files?name=${encodeURIComponent(name)}`, bytes))
    return ok(dashboard(admin, "POST", "/chat/canned-responses", { shortcut, name: shortcut, content, fileIds: [file.id] }))
  }
  /** Dialogs a page opened (an injected `alert` among them), dismissed. */
  const dialogsOf = (page: Page) => {
    const opened: Array<string> = []
    page.on("dialog", (dialog) => {
      opened.push(dialog.message())
      void dialog.dismiss()
    })
    return opened
  }
  /** An image's width as loaded: 0 until its bytes came and decoded. */
  const loadedWidth = (image: Locator) => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)

  it("a visitor sends a picture from the widget; the agent answers with a canned response's PDF; every name stays text", async () => {
    const canned = await cannedWithFile("returns", "Here is our returns policy.", "returns-policy.pdf", PDF)
    expect(canned.files).toMatchObject([{ name: "returns-policy.pdf", contentType: "application/pdf", size: PDF.length, inline: false }])

    // The visitor writes first (which opens the conversation), then attaches two files at once.
    const context = await browser.newContext()
    const shop = await context.newPage()
    const problems: Array<string> = []
    shop.on("pageerror", (error) => problems.push(error.message))
    // Chromium logs the refused upload below (a 415) itself; any other error is a problem.
    shop.on("console", (message) => message.type() === "error" && !/status of 415/.test(message.text()) && problems.push(message.text()))
    const visitorDialogs = dialogsOf(shop)
    await shop.goto(site.url)
    await shop.getByRole("button", { name: "Open chat" }).click()
    const panel = shop.frameLocator('iframe[title="Chat"]')
    await panel.locator("#greeting").waitFor()
    expect(await panel.getByLabel("Attach a file").count()).toBe(1)
    expect(await panel.locator("#attach-label").isVisible()).toBe(false)
    await panel.getByRole("textbox", { name: "Message" }).fill("My kettle arrived broken.")
    await panel.getByRole("textbox", { name: "Message" }).press("Enter")
    await expect.poll(() => panel.locator(".message p").allTextContents()).toEqual(["My kettle arrived broken."])
    await expect.poll(() => panel.locator("#attach-label").isVisible()).toBe(true)
    // The control is reached by the keyboard, right after the message box.
    await panel.getByRole("textbox", { name: "Message" }).press("Tab")
    expect(await panel.locator("#attach").evaluate((element) => element === document.activeElement)).toBe(true)
    await panel.getByLabel("Attach a file").setInputFiles([
      { name: "kettle.png", mimeType: "image/png", buffer: PNG },
      { name: HOSTILE_NAME, mimeType: "image/png", buffer: Buffer.from("Not a picture: only text.\n") }
    ])
    const sent = panel.locator(".message.visitor").nth(1)
    const thumbnail = sent.getByRole("img", { name: "kettle.png" })
    await thumbnail.waitFor()
    await expect.poll(() => loadedWidth(thumbnail)).toBe(1)
    expect(await sent.getByRole("link").allTextContents()).toEqual(["", `${HOSTILE_NAME} · 1 KB`])
    expect(await sent.locator("img").count()).toBe(1)

    // A video is not among the kinds the account allows: said by the control, and nothing is sent.
    await panel.getByLabel("Attach a file").setInputFiles({ name: "unboxing.mp4", mimeType: "video/mp4", buffer: MP4 })
    await expect
      .poll(() => panel.locator("#file-notice").textContent())
      .toBe("unboxing.mp4: Files of this type (video/mp4) are not taken here; allowed: images, pdf, text, documents, archives.")
    expect(await panel.locator(".message").count()).toBe(2)

    // The agent sees the picture and the hostile name as text.
    const conversations = await ok(dashboard(agent, "GET", "/chat/conversations"))
    const conversationId = conversations.data[0].id
    const inbox = await openConsole(browser, server.url, agent, `/chat/inbox/${conversationId}`, "Inbox")
    const consoleDialogs = dialogsOf(inbox.page)
    const thread = inbox.page.getByRole("log", { name: "Messages" })
    const seen = thread.getByRole("img", { name: "kettle.png" })
    await seen.waitFor()
    await expect.poll(() => loadedWidth(seen)).toBe(1)
    expect(await thread.getByRole("link", { name: `${HOSTILE_NAME} · 1 KB` }).count()).toBe(1)
    expect(await inbox.page.locator("main img").count()).toBe(1)

    // A file attached by the control (which the keyboard reaches) shows as a chip, and is removed before sending.
    await inbox.page.getByRole("textbox", { name: "Reply" }).focus()
    await tabTo(inbox.page, "#reply-file")
    await inbox.page.getByLabel("Attach file").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG })
    const attached = inbox.page.getByRole("list", { name: "Attached files" })
    await expect.poll(() => attached.locator("li").allTextContents()).toEqual(["receipt.png · 1 KB×"])
    await inbox.page.getByRole("button", { name: "Remove receipt.png" }).click()
    await expect.poll(() => attached.count()).toBe(0)

    // "/returns" and Enter inserts the canned response and attaches its PDF; Enter sends both.
    const reply = inbox.page.getByRole("textbox", { name: "Reply" })
    await reply.fill("/returns")
    await reply.press("Enter")
    await expect.poll(() => reply.inputValue()).toBe("Here is our returns policy.")
    await expect.poll(() => attached.locator("li").allTextContents()).toEqual(["returns-policy.pdf · 12 KB×"])
    expect(await seriousViolations(inbox.page)).toEqual([])
    await reply.press("Enter")
    await expect.poll(() => thread.getByRole("link", { name: "returns-policy.pdf · 12 KB" }).count()).toBe(1)
    await expect.poll(() => attached.count()).toBe(0)

    // The visitor gets the PDF as a link with its name and size; it downloads the same bytes.
    const answer = panel.locator(".message.agent")
    await expect.poll(() => answer.locator("p").allTextContents()).toEqual(["Here is our returns policy."])
    const link = answer.getByRole("link", { name: "returns-policy.pdf · 12 KB" })
    const href = (await link.getAttribute("href"))!
    expect(href.startsWith(`${server.url}/api/public/chat/files/`)).toBe(true)
    const download = await fetch(href)
    expect(download.status).toBe(200)
    expect(download.headers.get("content-disposition")).toMatch(/^attachment/)
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true)

    expect([...visitorDialogs, ...consoleDialogs]).toEqual([])
    expect(inbox.errors).toEqual([])
    expect(problems).toEqual([])
    await inbox.page.close()
    await context.close()
  })

  it("an admin changes a canned response's files in its form: uploaded, listed, removed", async () => {
    await cannedWithFile("sizes", "Our kettles come in two sizes.", "catalogue.pdf", PDF)
    const { page, errors } = await openConsole(browser, server.url, admin, "/chat/canned-responses", "Canned responses")
    const row = page.locator("tbody tr", { hasText: "/sizes" })
    await expect.poll(() => row.getByRole("link").allTextContents()).toEqual(["catalogue.pdf · 12 KB"])

    await row.getByRole("button", { name: "Edit /sizes" }).click()
    const chips = page.getByRole("list", { name: "Attached files" })
    await expect.poll(() => chips.locator("li").allTextContents()).toEqual(["catalogue.pdf · 12 KB×"])
    await page.getByLabel("Attach file").setInputFiles({ name: "size-chart.png", mimeType: "image/png", buffer: PNG })
    await expect.poll(() => chips.locator("li").allTextContents()).toEqual(["catalogue.pdf · 12 KB×", "size-chart.png · 1 KB×"])
    await page.getByRole("button", { name: "Remove catalogue.pdf" }).click()
    // Refused by the server (a video), said beside the control; the other files stay.
    await page.getByLabel("Attach file").setInputFiles({ name: "unboxing.mp4", mimeType: "video/mp4", buffer: MP4 })
    await expect.poll(() => page.locator("#canned-file-error").textContent()).toMatch(/^unboxing\.mp4: Files of this type \(video\/mp4\) are not taken here/)
    expect(await chips.locator("li").allTextContents()).toEqual(["size-chart.png · 1 KB×"])
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText("Saved /sizes.").waitFor()

    const chart = row.getByRole("img", { name: "size-chart.png" })
    await chart.waitFor()
    await expect.poll(() => loadedWidth(chart)).toBe(1)
    expect(await row.getByRole("link", { name: /catalogue/ }).count()).toBe(0)
    const stored = await ok(dashboard(admin, "GET", "/chat/canned-responses"))
    const sizes = stored.data.find((each: { shortcut: string }) => each.shortcut === "sizes")
    expect(sizes.files.map((file: { name: string }) => file.name)).toEqual(["size-chart.png"])
    expect(errors).toEqual([])
    await page.close()
  })
})
