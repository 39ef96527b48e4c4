import { AssignmentService } from "@servicekit/core/internal"
import { Effect } from "effect"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { consoleLink, consolePage, launchChromium } from "./consoleBrowser.js"
import { memoryKit, serve } from "./hostileInput.js"

// Automatic assignment as two agents live it: each has the console open in a browser of their own
// (an open console is what makes an agent online), and the inbox shows who holds what as it happens.
describe("Live Chat automatic assignment, seen in two agents' consoles in Chromium", () => {
  const served = serve(() => memoryKit())
  const { call, json } = chatCalls(served)
  let browser: Browser
  beforeAll(async () => {
    await served.kit.startWorkers()
    browser = await launchChromium()
  })
  afterAll(() => browser?.close())

  it("hands one conversation to each agent, keeps the third waiting, and gives it to the first agent who resolves theirs", async () => {
    const { key, tenantId, token } = await chatTenant(served, "Acme kettles")
    const admin = await token("lead@acme.example", "admin")
    expect(await json(call(admin, "PATCH", `/tenants/${tenantId}/chat/assignment`, { mode: "auto", capacity: 1 }))).toEqual({
      mode: "auto",
      capacity: 1
    })
    await json(call(admin, "PUT", `/tenants/${tenantId}/chat/agents/ada@acme.example`, { displayName: "Ada Lovelace" }))

    /** An agent's inbox, open in a browser context of their own. */
    const inboxOf = async (agentId: string) => {
      const context = await browser.newContext()
      const opened = await consolePage(context, served.url)
      await opened.page.goto(consoleLink(served.url, await token(agentId)))
      await opened.page.evaluate(() => (location.hash = "#/chat/inbox"))
      await expect.poll(() => opened.page.locator("main h1").textContent()).toBe("Inbox")
      /** What the agent's list says of the conversation titled `title`: its status, count and holder. */
      const row = (title: string) => opened.page.locator(".conversations a", { hasText: title }).locator(".muted.small")
      const titles = () => opened.page.locator(".conversation-name").allTextContents()
      return { ...opened, context, row, titles }
    }
    const ada = await inboxOf("ada@acme.example")
    await expect.poll(() => ada.page.locator(".here").textContent()).toBe("Here now: You")
    const bo = await inboxOf("bo@acme.example")
    // Bo's console says Bo is here, and Ada is (the latest to say so first).
    await expect.poll(() => bo.page.locator(".here").textContent()).toBe("Here now: You, Ada Lovelace")

    const visitorArrives = async (externalId: string, displayName: string, said: string) => {
      const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId, displayName }))
      await json(call(session.visitorToken, "POST", "/public/chat/messages", { content: said }))
      return session.conversationId as string
    }

    // The first goes to Ada (the first in turn), the second to Bo, as each of them sees it.
    await visitorArrives("v-101", "Grace Hopper", "I was charged twice for order 1042.")
    await expect.poll(() => ada.row("Grace Hopper").textContent()).toBe("open 1 message · assigned to you")
    await expect.poll(() => bo.row("Grace Hopper").textContent()).toBe("open 1 message · ada@acme.example")
    await visitorArrives("v-102", "Linus Torvalds", "The sign-in link says it expired.")
    await expect.poll(() => bo.row("Linus Torvalds").textContent()).toBe("open 1 message · assigned to you")
    await expect.poll(() => ada.row("Linus Torvalds").textContent()).toBe("open 1 message · bo@acme.example")

    // Both hold as many as the capacity allows: the third waits, even after a pass of its own.
    const third = await visitorArrives("v-103", "Margaret Hamilton", "Can I still change the delivery address?")
    for (const agent of [ada, bo]) {
      await expect.poll(() => agent.row("Margaret Hamilton").textContent()).toBe("open 1 message · unassigned")
    }
    expect(await served.kit.runtime.runPromise(Effect.flatMap(AssignmentService, (service) => service.pass(tenantId)))).toBe(0)
    expect(await ada.row("Margaret Hamilton").textContent()).toBe("open 1 message · unassigned")
    expect((await json(call(admin, "GET", `/tenants/${tenantId}/chat/conversations/${third}`))).assigneeId).toBeNull()
    expect(await ada.titles()).toEqual(["Margaret Hamilton", "Linus Torvalds", "Grace Hopper"])

    // Ada answers Grace and resolves the conversation in her inbox.
    await ada.page.locator(".conversations a", { hasText: "Grace Hopper" }).click()
    await expect.poll(() => ada.page.locator("#thread-title").textContent()).toBe("Grace Hopper")
    expect(await ada.page.locator(".assignee").textContent()).toBe("Assigned to you")
    await ada.page.getByRole("textbox", { name: "Reply" }).fill("Refunded the second charge. Anything else?")
    await ada.page.getByRole("textbox", { name: "Reply" }).press("Enter")
    await expect.poll(() => ada.page.locator(".bubble-text").allTextContents()).toContain("Refunded the second charge. Anything else?")
    await ada.page.locator("#thread-status").selectOption("resolved")

    // Grace's conversation leaves the open lists; Margaret's, waiting, is now Ada's, on both screens.
    for (const agent of [ada, bo]) {
      await expect.poll(() => agent.titles()).toEqual(["Margaret Hamilton", "Linus Torvalds"])
    }
    await expect.poll(() => ada.row("Margaret Hamilton").textContent()).toBe("open 1 message · assigned to you")
    await expect.poll(() => bo.row("Margaret Hamilton").textContent()).toBe("open 1 message · ada@acme.example")
    // Ada's own conversations: Margaret's alone; opened, it is hers to answer.
    await ada.page.locator("#inbox-assigned").selectOption("me")
    await expect.poll(() => ada.titles()).toEqual(["Margaret Hamilton"])
    await ada.page.locator(".conversations a", { hasText: "Margaret Hamilton" }).click()
    await expect.poll(() => ada.page.locator("#thread-title").textContent()).toBe("Margaret Hamilton")
    expect(await ada.page.locator(".assignee").textContent()).toBe("Assigned to you")
    expect(await ada.page.locator(".bubble-text").allTextContents()).toEqual(["Can I still change the delivery address?"])
    // Bo's own are still Linus's alone.
    await bo.page.locator("#inbox-assigned").selectOption("me")
    await expect.poll(() => bo.titles()).toEqual(["Linus Torvalds"])

    expect([...ada.errors, ...bo.errors]).toEqual([])
    expect([...ada.elsewhere, ...bo.elsewhere]).toEqual([])
    await ada.context.close()
    await bo.context.close()
  })
})
