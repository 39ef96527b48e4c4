import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  HOSTILE,
  consoleLink,
  consolePage,
  expectOnlyDashboardRequests,
  launchChromium,
  openConsole,
  seriousViolations
} from "./consoleBrowser.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-inbox-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe("the console's Live Chat inbox in Chromium", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit") }))
  let browser: Browser
  let tenantId: string
  let key: string
  let agentToken: string

  beforeAll(async () => {
    browser = await launchChromium()
    tenantId = (await served.kit.admin.createTenant({ name: "Inbox", entitlements: ["chat"] })).id
    key = (
      await served.kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:read", "chat:write"] })
    ).key
    agentToken = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "agent-ada", role: "member" })).token
  })
  afterAll(() => browser?.close())

  /** A hosted chat session for a visitor, its link on the test server. */
  const mint = async (externalId: string, name: string) => {
    const response = await fetch(`${served.url}/api/v1/chat/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ externalId, displayName: HOSTILE, name })
    })
    expect(response.status).toBe(200)
    const session = await response.json()
    const link = new URL(session.chatUrl)
    return { ...session, link: `${served.url}${link.pathname}${link.search}` }
  }

  it("an agent answers a visitor live both ways, with the keyboard alone, and assigns and changes its status", async () => {
    const agentConsole = await consolePage(browser, served.url)
    const inbox = agentConsole.page
    // What the page does to alert the agent, as the browser's own interfaces see it.
    await inbox.context().grantPermissions(["notifications"], { origin: new URL(served.url).origin })
    await inbox.addInitScript(() => {
      const seen = ((window as any).alerted = { notified: [] as Array<string>, chimes: 0 })
      const Real = window.Notification
      ;(window as any).Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options)
          seen.notified.push(`${title}: ${options?.body}`)
        }
      }
      Object.defineProperty((window as any).Notification, "permission", { get: () => Real.permission })
      const start = OscillatorNode.prototype.start
      OscillatorNode.prototype.start = function (...args) {
        seen.chimes++
        return start.apply(this, args)
      }
    })
    await inbox.goto(consoleLink(served.url, agentToken))
    await inbox.evaluate(() => (location.hash = "#/chat/inbox"))
    await expect.poll(() => inbox.locator("main h1").textContent()).toBe("Inbox")
    await inbox.getByText("No conversations here.").waitFor()
    // The open console keeps the agent here; they may say they are away.
    const here = inbox.locator(".here")
    await expect.poll(() => here.textContent()).toBe("Here now: You")
    await inbox.getByRole("combobox", { name: "Your status" }).selectOption("away")
    await expect.poll(() => here.textContent()).toBe("Here now: You (away)")
    await inbox.getByRole("combobox", { name: "Your status" }).selectOption("online")
    await expect.poll(() => here.textContent()).toBe("Here now: You")

    // Alerts on: a new conversation chimes and shows a notification, once.
    await inbox.getByRole("button", { name: "Turn on alerts" }).click()
    await expect.poll(() => inbox.getByRole("button", { name: "Alerts on" }).getAttribute("aria-pressed")).toBe("true")

    // A visitor starts a conversation while the inbox is open: it appears without a reload.
    const session = await mint("inbox-visitor", HOSTILE)
    const row = inbox.locator(".conversations a", { hasText: HOSTILE })
    await row.waitFor()
    expect(await inbox.locator(".conversation-name").allTextContents()).toEqual([HOSTILE])
    const alerted = () => inbox.evaluate(() => (window as any).alerted as { notified: Array<string>; chimes: number })
    await expect.poll(async () => (await alerted()).notified).toEqual([`New conversation: ${HOSTILE}`])
    expect((await alerted()).chimes).toBe(2)
    await row.click()
    await expect.poll(() => inbox.locator("#thread-title").textContent()).toBe(HOSTILE)
    expect(await inbox.getByRole("log").textContent()).toContain("No messages yet.")

    const visitor = await browser.newPage()
    const visitorErrors: Array<string> = []
    visitor.on("pageerror", (error) => visitorErrors.push(error.message))
    await visitor.goto(session.link)
    await expect.poll(() => visitor.locator("#status").textContent()).toBe("open")
    const hostileMessage = `<script>window.pwned=2</script>${HOSTILE}`
    await visitor.fill("#content", hostileMessage)
    // Typing in the visitor's page shows in the agent's open conversation, until the message comes.
    const typing = inbox.locator(".typing")
    await expect.poll(() => typing.textContent()).toMatch(/ is typing…$/)
    await visitor.click("#send")

    // The visitor's message appears live in the open conversation, as text.
    const bubbles = inbox.locator(".bubble-text")
    await expect.poll(() => bubbles.allTextContents()).toEqual([hostileMessage])
    await expect.poll(() => row.textContent()).toContain("1 message")
    expect(await inbox.locator("main img, main script").count()).toBe(0)
    expect(await inbox.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()

    // The agent replies with the keyboard alone: focus the reply box by Tab, type, Enter.
    for (let presses = 0; presses < 40; presses++) {
      if (await inbox.evaluate(() => document.activeElement?.id === "reply")) break
      await inbox.keyboard.press("Tab")
    }
    expect(await inbox.evaluate(() => document.activeElement?.id)).toBe("reply")
    await inbox.keyboard.type("It ships today.")
    await inbox.keyboard.press("Enter")
    await expect.poll(() => bubbles.allTextContents()).toEqual([hostileMessage, "It ships today."])
    expect(await inbox.locator("#reply").inputValue()).toBe("")
    // ...and the reply reaches the visitor's page live.
    await expect
      .poll(() => visitor.locator("#messages li p").allTextContents())
      .toEqual([hostileMessage, "It ships today."])
    expect(await typing.textContent()).toBe("")
    // The reply read the visitor's message: their page says it was seen.
    await expect.poll(() => visitor.locator(".message.visitor .seen").allTextContents()).toEqual([" · Seen"])

    // A private note: in the thread for the team, never on the visitor's page.
    await inbox.getByRole("radio", { name: "Private note" }).check()
    await inbox.locator("#reply").fill(`Refund approved ${HOSTILE}`)
    await inbox.keyboard.press("Enter")
    const note = inbox.locator(".bubble.note")
    await expect.poll(() => note.locator(".bubble-text").allTextContents()).toEqual([`Refund approved ${HOSTILE}`])
    expect(await note.locator(".bubble-meta").textContent()).toMatch(/^Private note · You · /)
    expect(await bubbles.count()).toBe(3)
    await inbox.getByRole("radio", { name: "Reply" }).check()
    // Labels: added by Enter (stored in lower case), removed by their button.
    const label = inbox.getByRole("textbox", { name: "Add a label" })
    await label.fill("Refund")
    await label.press("Enter")
    await label.fill(HOSTILE)
    await label.press("Enter")
    const chips = inbox.getByRole("list", { name: "Labels" }).getByRole("listitem")
    await expect.poll(() => chips.allTextContents()).toEqual(["refund×", `${HOSTILE.toLowerCase()}×`])
    await inbox.getByRole("button", { name: `Remove the label ${HOSTILE.toLowerCase()}` }).click()
    await expect.poll(() => chips.allTextContents()).toEqual(["refund×"])

    // A burst of messages arrives whole, however the page batches its updates.
    const burst = Array.from({ length: 5 }, (_, i) => `burst ${i}`)
    await Promise.all(
      burst.map((content) =>
        fetch(`${served.url}/api/public/chat/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${session.visitorToken}`, "content-type": "application/json" },
          body: JSON.stringify({ content })
        }).then((response) => expect(response.status).toBe(200))
      )
    )
    await expect.poll(() => bubbles.count()).toBe(8)
    expect((await bubbles.allTextContents()).slice(3).sort()).toEqual(burst)
    expect(await visitor.locator("#messages").textContent()).not.toContain("Refund approved")

    // Assign to me, then find it under "assigned to me"; then resolve it.
    await inbox.getByRole("button", { name: "Assign to me" }).click()
    await expect.poll(() => inbox.locator(".assignee").textContent()).toBe("Assigned to you")
    await inbox.locator("#inbox-assigned").selectOption("me")
    await expect.poll(() => inbox.locator(".conversation-name").allTextContents()).toEqual([HOSTILE])
    await inbox.locator("#inbox-assigned").selectOption("nobody")
    await inbox.getByText("No conversations here.").waitFor()
    await inbox.locator("#inbox-assigned").selectOption("anyone")
    await inbox.locator("#thread-status").selectOption("resolved")
    // Resolved conversations leave the "open" list at once (the stream's update), and the visitor sees the status.
    await inbox.getByText("No conversations here.").waitFor()
    await expect.poll(() => visitor.locator("#status").textContent()).toBe("resolved")
    const stored = await fetch(`${served.url}/api/v1/chat/conversations?limit=10`, {
      headers: { authorization: `Bearer ${key}` }
    }).then((response) => response.json())
    expect(stored.data).toEqual([expect.objectContaining({ status: "resolved", assigneeId: "agent-ada", messageCount: 7 })])

    expect(await seriousViolations(inbox)).toEqual([])
    await inbox.locator("#inbox-status").selectOption("all")
    await expect.poll(() => inbox.locator(".conversation-name").allTextContents()).toEqual([HOSTILE])
    expect(await seriousViolations(inbox)).toEqual([])
    expect(agentConsole.errors).toEqual([])
    expect(visitorErrors).toEqual([])
    expect(agentConsole.elsewhere).toEqual([])
    expectOnlyDashboardRequests(agentConsole.sent, served.url)
    await visitor.close()
    await inbox.close()
  })

  it("titles each conversation by its visitor, shows its last message, and the agent's unread count that reading clears, live", async () => {
    const response = await fetch(`${served.url}/api/v1/chat/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ externalId: "unread-visitor", displayName: `Grace ${HOSTILE}`, attributes: { plan: HOSTILE } })
    })
    const session = await response.json()
    // An earlier conversation of the same visitor, under a title of its own.
    const earlier = await fetch(`${served.url}/api/v1/chat/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ externalId: "unread-visitor", name: "Order 1042 refund" })
    })
    expect(earlier.status).toBe(200)
    const visitorSays = async (content: string) => {
      const posted = await fetch(`${served.url}/api/public/chat/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${session.visitorToken}`, "content-type": "application/json" },
        body: JSON.stringify({ content })
      })
      expect(posted.status).toBe(200)
    }
    await visitorSays("Hello?")
    await visitorSays(`\n  Where is   ${HOSTILE} my order?\nIt was due Monday.`)

    const agentConsole = await consolePage(browser, served.url)
    const inbox = agentConsole.page
    await inbox.goto(consoleLink(served.url, agentToken))
    await inbox.evaluate(() => (location.hash = "#/chat/inbox"))
    const row = inbox.locator(".conversations a", { hasText: `Grace ${HOSTILE}` })
    await row.waitFor()
    // The visitor's name as text, the last message's first line, two unread.
    expect(await row.locator(".conversation-name").textContent()).toBe(`Grace ${HOSTILE}`)
    expect(await row.locator(".last-message").textContent()).toBe(`Where is ${HOSTILE} my order?`)
    expect(await row.locator(".unread").textContent()).toBe("2 unread")
    // A new message while the agent looks elsewhere: the count and preview move live.
    await visitorSays("Anyone there?")
    await expect.poll(() => row.locator(".unread").textContent()).toBe("3 unread")
    await expect.poll(() => row.locator(".last-message").textContent()).toBe("Anyone there?")
    expect(await seriousViolations(inbox)).toEqual([])

    // The same agent's other tab, on the list.
    const otherTab = await consolePage(browser, served.url)
    await otherTab.page.goto(consoleLink(served.url, agentToken))
    await otherTab.page.evaluate(() => (location.hash = "#/chat/inbox"))
    const otherRow = otherTab.page.locator(".conversations a", { hasText: `Grace ${HOSTILE}` })
    await expect.poll(() => otherRow.locator(".unread").textContent()).toBe("3 unread")

    // Opening it reads it; what arrives while it is open is read as it arrives.
    await row.click()
    await expect.poll(() => inbox.locator("#thread-title").textContent()).toBe(`Grace ${HOSTILE}`)
    expect(await inbox.locator(".thread-header p.muted").textContent()).toContain(`Grace ${HOSTILE} · id unread-visitor`)
    // Who it is with: the visitor's facts, their attributes as text, and their other conversation.
    await inbox.getByText(`About Grace ${HOSTILE}`).click()
    await expect.poll(() => inbox.locator(".visitor-facts").textContent()).toContain(`plan${HOSTILE}`)
    expect(await inbox.locator(".visitor-facts .visitor-fact-id").textContent()).toBe("unread-visitor")
    expect(await inbox.locator(".visitor-earlier a").allTextContents()).toEqual(["Order 1042 refund"])
    await expect.poll(() => row.locator(".unread").count()).toBe(0)
    // The other tab learns it was read, without a reload.
    await expect.poll(() => otherRow.locator(".unread").count()).toBe(0)
    await otherTab.page.close()
    await visitorSays("Thanks!")
    await expect.poll(() => inbox.locator(".bubble-text").last().textContent()).toBe("Thanks!")
    await expect.poll(() => row.locator(".last-message").textContent()).toBe("Thanks!")
    const stored = async () =>
      (
        await fetch(`${served.url}/api/tenants/${tenantId}/chat/conversations/${session.conversationId}`, {
          headers: { authorization: `Bearer ${agentToken}` }
        })
      ).json()
    await expect.poll(async () => (await stored()).unreadCount).toBe(0)
    expect(await stored()).toMatchObject({ lastReadSequence: 4, messageCount: 4 })
    expect(await row.locator(".unread").count()).toBe(0)
    expect(await inbox.locator("main img, main script").count()).toBe(0)
    expect(await inbox.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    expect(await seriousViolations(inbox)).toEqual([])
    expect(agentConsole.errors).toEqual([])
    expectOnlyDashboardRequests(agentConsole.sent, served.url)
    await inbox.close()
  })

  it("lists the visitors minted chat sessions added, as text, filters them by external id, and opens their conversations", async () => {
    await mint("visitor-ann", "Hello")
    await mint("visitor-bob", "Hi")
    const { page, sent, errors } = await openConsole(browser, served.url, agentToken, "/chat/visitors", "Visitors")
    const ids = page.locator(".visitor-external-id")
    await expect.poll(() => ids.allTextContents()).toEqual(expect.arrayContaining(["visitor-bob", "visitor-ann"]))
    expect((await ids.allTextContents()).slice(0, 2)).toEqual(["visitor-bob", "visitor-ann"])
    expect(await page.locator(".visitor-name").first().textContent()).toBe(HOSTILE)
    expect(await page.locator("main img, main script").count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])

    await page.fill("#visitor-external-id", "visitor-ann")
    await page.getByRole("button", { name: "Filter" }).click()
    await expect.poll(() => ids.allTextContents()).toEqual(["visitor-ann"])
    await page.fill("#visitor-external-id", "nobody-here")
    await page.keyboard.press("Enter")
    await page.getByText("No visitor has this external id").waitFor()
    await page.getByRole("button", { name: "Show all" }).click()
    await expect.poll(() => ids.count()).toBeGreaterThanOrEqual(2)

    // From a visitor to their conversations, and on into the inbox.
    await page.getByRole("button", { name: "Conversations of visitor-ann" }).click()
    const theirs = page.locator(".visitor-conversations a")
    await expect.poll(() => theirs.allTextContents()).toEqual(["Hello"])
    expect(await page.locator("#visitor-conversations-title").textContent()).toBe(`Conversations of ${HOSTILE}`)
    expect(await seriousViolations(page)).toEqual([])
    await theirs.click()
    await expect.poll(() => page.locator("#thread-title").textContent()).toBe("Hello")
    expect(errors).toEqual([])
    expectOnlyDashboardRequests(sent, served.url)
    await page.close()
  })

  it("pages a long list: the first 50 of 120 conversations, more on request", async () => {
    const other = (await served.kit.admin.createTenant({ name: "Busy", entitlements: ["chat"] })).id
    const busyKey = (
      await served.kit.admin.createKey({ tenantId: other, product: "chat", environment: "live", scopes: ["chat:write"] })
    ).key
    await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        fetch(`${served.url}/api/v1/chat/conversations`, {
          method: "POST",
          headers: { authorization: `Bearer ${busyKey}`, "content-type": "application/json" },
          body: JSON.stringify({ name: `Conversation ${i}` })
        }).then((response) => expect(response.status).toBe(200))
      )
    )
    const token = (await served.kit.admin.issueDashboardToken(other, { sub: "agent-bo", role: "member" })).token
    const { page, errors } = await consolePage(browser, served.url)
    await page.goto(consoleLink(served.url, token))
    await page.evaluate(() => (location.hash = "#/chat/inbox"))
    await expect.poll(() => page.locator(".conversations li").count()).toBe(50)
    await page.getByRole("button", { name: "Load more" }).click()
    await expect.poll(() => page.locator(".conversations li").count()).toBe(100)
    await page.getByRole("button", { name: "Load more" }).click()
    await expect.poll(() => page.locator(".conversations li").count()).toBe(120)
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })
})
