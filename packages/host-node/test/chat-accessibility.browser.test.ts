import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { ServiceKit } from "@servicekit/core"
import { layerMemory } from "@servicekit/core/testing"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, listen } from "../src/Server.js"
import { launchChromium, openConsole, seriousViolations } from "./consoleBrowser.js"
import { PDF, PNG } from "./fileFixtures.js"
import { type TenantSite, startTenantSite } from "./fixtures/tenantSite.js"

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

// What a visitor and an agent read in Live Chat, checked by axe-core in Chromium once each holds a
// real conversation (messages, an image, a file): the widget on a tenant's site, the hosted chat
// page and the console's inbox. Only serious and critical violations fail.
describe("Live Chat's pages with no serious accessibility violation, in Chromium", () => {
  let server: RunningServer
  let kit: ServiceKit.ServiceKit<unknown>
  let browser: Browser
  let site: TenantSite
  let tenantId: string
  let key: string
  let agent: string

  beforeAll(async () => {
    // The server listens first, so that the kit's public URL (chat links, file links) is its own.
    server = await listen({ dispatch: (request) => kit.dispatch(request) })
    kit = ServiceKit.make(layerMemory({ settings: { publicUrl: server.url } }))
    browser = await launchChromium()
    tenantId = (await kit.admin.createTenant({ name: "Acme kettles", entitlements: ["chat"] })).id
    key = (await kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:read", "chat:write"] })).key
    agent = (await kit.admin.issueDashboardToken(tenantId, { sub: "ada@acme.example", role: "member" })).token
    const { snippet } = await json(dashboard("GET", "/chat/widget"))
    site = await startTenantSite(server.url, () => ({ title: "Acme kettles", text: "The blue kettle is back.", widget: snippet }))
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await server?.close()
    await kit?.dispose()
  })

  const json = async (answer: Promise<Response>) => {
    const response = await answer
    expect(response.status, await response.clone().text()).toBe(200)
    return response.json()
  }
  /** A route under the mount path, with a JSON body or a file's bytes. */
  const call = (credential: string, method: string, path: string, body?: unknown, fileName?: string) =>
    fetch(`${server.url}/api${path}${fileName === undefined ? "" : `?name=${encodeURIComponent(fileName)}`}`, {
      method,
      headers: {
        authorization: `Bearer ${credential}`,
        ...(body === undefined ? {} : { "content-type": Buffer.isBuffer(body) ? "application/octet-stream" : "application/json" })
      },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body)
    })
  const dashboard = (method: string, path: string, body?: unknown, fileName?: string) =>
    call(agent, method, `/tenants/${tenantId}${path}`, body, fileName)
  /** The agent's answer in a conversation, with a PDF attached. */
  const answerWithFile = async (conversationId: string, content: string) => {
    const file = await json(dashboard("POST", `/chat/conversations/${conversationId}/files`, PDF, "delivery-note.pdf"))
    return json(dashboard("POST", `/chat/conversations/${conversationId}/messages`, { content, fileIds: [file.id] }))
  }
  /**
   * axe's serious and critical violations on the page and inside its frames. The panel's frame is of
   * another origin, which axe only enters when each frame holds axe and allows the other's origin;
   * a frame it could not enter counts as a failure, so the check never passes by looking at less.
   */
  const violationsWithFrames = async (page: Page) => {
    for (const frame of page.frames()) {
      await frame.evaluate(axeSource)
      await frame.evaluate(() => (globalThis as any).axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] }))
    }
    const result = await page.evaluate(async () => {
      const { violations, incomplete } = await (globalThis as any).axe.run(document)
      const summary = (found: Array<any>) =>
        found.map((each) => ({ id: each.id, impact: each.impact, nodes: each.nodes.map((node: any) => node.target.flat().join(" ")) }))
      return { violations: summary(violations), untested: summary(incomplete.filter((each: any) => each.id === "frame-tested")) }
    })
    return [...result.violations.filter((each) => each.impact === "serious" || each.impact === "critical"), ...result.untested]
  }

  it("the widget on a tenant's site: closed, opened, and holding a picture from the visitor and a file from the agent", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(site.url)
    await page.getByRole("button", { name: "Open chat" }).waitFor()
    expect(await violationsWithFrames(page)).toEqual([])

    await page.getByRole("button", { name: "Open chat" }).click()
    const panel = page.frameLocator('iframe[title="Chat"]')
    await panel.locator("#greeting").waitFor()
    expect(await violationsWithFrames(page)).toEqual([])

    await panel.getByRole("textbox", { name: "Message" }).fill("My kettle arrived with a dent. Photo attached.")
    await panel.getByRole("textbox", { name: "Message" }).press("Enter")
    await expect.poll(() => panel.locator(".message").count()).toBe(1)
    await panel.getByLabel("Attach a file").setInputFiles({ name: "dent.png", mimeType: "image/png", buffer: PNG })
    await panel.getByRole("img", { name: "dent.png" }).waitFor()
    const [conversation] = (await json(call(key, "GET", "/v1/chat/conversations"))).data
    await answerWithFile(conversation.id, "Sorry about that! Here is the delivery note for the exchange.")
    await panel.getByRole("link", { name: /^delivery-note\.pdf/ }).waitFor()
    expect(await violationsWithFrames(page)).toEqual([])
    await context.close()
  })

  it("the hosted chat page, with messages both ways and files", async () => {
    const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "grace", displayName: "Grace Hopper", name: "Order 1042" }))
    const visitor = session.visitorToken as string
    const image = await json(call(visitor, "POST", "/public/chat/files", PNG, "receipt.png"))
    await json(call(visitor, "POST", "/public/chat/messages", { content: "I was charged twice for order 1042.", fileIds: [image.id] }))
    await answerWithFile(session.conversationId, "Refunded the second charge; the note is attached.")

    const page = await browser.newPage()
    await page.goto(session.chatUrl)
    await expect.poll(() => page.locator("#messages li.message").count()).toBe(2)
    await page.locator("#messages").getByRole("link", { name: /^delivery-note\.pdf/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.close()
  })

  it("the console's inbox with a conversation open that holds messages, a private note and files, and searched", async () => {
    const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "linus", displayName: "Linus Torvalds", name: "Broken lid" }))
    const visitor = session.visitorToken as string
    const image = await json(call(visitor, "POST", "/public/chat/files", PNG, "lid.png"))
    await json(call(visitor, "POST", "/public/chat/messages", { content: "The lid does not close any more.", fileIds: [image.id] }))
    await answerWithFile(session.conversationId, "Here is how to send it back to us.")
    await json(dashboard("POST", `/chat/conversations/${session.conversationId}/notes`, { content: "Second lid this month: ask the supplier." }))

    const { page, errors } = await openConsole(browser, server.url, agent, `/chat/inbox/${session.conversationId}`, "Inbox")
    const thread = page.getByRole("log", { name: "Messages" })
    await thread.getByRole("img", { name: "lid.png" }).waitFor()
    await thread.getByRole("link", { name: /^delivery-note\.pdf/ }).waitFor()
    await thread.locator(".bubble.note").waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // A search in the list, with its results beside the open conversation.
    await page.getByRole("searchbox", { name: "Search" }).fill("lid")
    await page.getByRole("searchbox", { name: "Search" }).press("Enter")
    await expect.poll(() => page.locator(".conversation-name").allTextContents()).toEqual(["Broken lid"])
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})
