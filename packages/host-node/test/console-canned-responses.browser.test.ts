import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HOSTILE, launchChromium, openConsole, seriousViolations } from "./consoleBrowser.js"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { memoryKit, serve } from "./hostileInput.js"

// The library an admin keeps, and an agent answering with it: "/" and the shortcut in the reply box.
describe("the console's canned responses in Chromium", () => {
  const served = serve(() => memoryKit())
  const { call, json } = chatCalls(served)
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(() => browser?.close())

  it("an admin adds one, refused at the field first; an agent inserts it with / and its shortcut, edits and sends it", async () => {
    const { key, token } = await chatTenant(served, "Canned")
    const admin = await token("lead", "admin")
    const library = await openConsole(browser, served.url, admin, "/chat/canned-responses", "Canned responses")
    const page = library.page
    await page.getByText("No canned responses yet.").waitFor()
    await page.getByRole("button", { name: "Add a canned response" }).click()
    await page.getByRole("textbox", { name: "Shortcut" }).fill("Refund Policy")
    await page.getByRole("textbox", { name: "Name" }).fill(`Refunds ${HOSTILE}`)
    await page.getByRole("textbox", { name: "Text" }).fill("Refunds take five days.\nWe email you when it is done.")
    await page.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => page.locator("#canned-shortcut-error").textContent()).toMatch(/^It must be 1 to 32 lowercase letters/)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole("textbox", { name: "Shortcut" }).fill("/refund")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText("Saved /refund.").waitFor()
    await expect.poll(() => page.locator("tbody tr td").allTextContents()).toEqual([
      "/refund",
      `Refunds ${HOSTILE}`,
      "Refunds take five days.\nWe email you when it is done.",
      "EditRemove"
    ])
    expect(await page.locator("main img").count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    expect(library.errors).toEqual([])
    await page.close()

    // An agent answers a visitor with it.
    const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "visitor-1", displayName: "Grace" }))
    await json(call(session.visitorToken, "POST", "/public/chat/messages", { content: "Can I get my money back?" }))
    const agent = await token("agent-ada")
    const inbox = await openConsole(browser, served.url, agent, `/chat/inbox/${session.conversationId}`, "Inbox")
    const reply = inbox.page.locator("#reply")
    await reply.waitFor()
    await reply.fill("/ref")
    const suggestion = inbox.page.getByRole("list", { name: "Canned responses" }).getByRole("button")
    await expect.poll(() => suggestion.allTextContents()).toEqual([`/refund · Refunds ${HOSTILE}`])
    await reply.press("Enter")
    await expect.poll(() => reply.inputValue()).toBe("Refunds take five days.\nWe email you when it is done.")
    expect(await suggestion.count()).toBe(0)
    await reply.press("End")
    await reply.type(" Sorry for the wait!")
    await reply.press("Enter")
    await expect
      .poll(async () => (await json(call(session.visitorToken, "GET", "/public/chat/messages"))).data.map((m: { content: string }) => m.content))
      .toEqual(["Can I get my money back?", "Refunds take five days.\nWe email you when it is done. Sorry for the wait!"])
    expect(await seriousViolations(inbox.page)).toEqual([])
    expect(inbox.errors).toEqual([])
    // A member reads the library but cannot change it.
    const asMember = await openConsole(browser, served.url, agent, "/chat/canned-responses", "Canned responses")
    await asMember.page.getByText("An admin of your account adds and changes canned responses.").waitFor()
    expect(await asMember.page.getByRole("button", { name: /Add|Edit|Remove/ }).count()).toBe(0)
    await asMember.page.close()
    await inbox.page.close()
  })
})
