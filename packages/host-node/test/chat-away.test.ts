import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-chat-away-"))
const relay = await startSmtpServer()
afterAll(async () => {
  await relay.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

// Working hours and presence decide whether the widget chats; a visitor who is away gets replies by email.
describe("Live Chat when nobody can chat: working hours, the away message and replies by email", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SMTP_URL: relay.url }))
  const { call, json } = chatCalls(served)
  beforeAll(() => served.kit.startWorkers())

  const setUp = async (name: string) => {
    const tenant = await chatTenant(served, name)
    const admin = await tenant.token("lead", "admin")
    const widget = await json(call(admin, "GET", `/tenants/${tenant.tenantId}/chat/widget`))
    return { ...tenant, admin, siteKey: widget.siteKey as string }
  }
  const visitor = (token: string, method: string, path: string, body?: unknown) => call(token, method, `/public/chat${path}`, body)
  const widgetAvailability = (siteKey: string) =>
    fetch(`${served.url}/api/public/chat/widget/availability?siteKey=${encodeURIComponent(siteKey)}`)
  const start = (body: unknown) =>
    fetch(`${served.url}/api/public/chat/widget/conversations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body)
    })

  it("keeps the working hours a tenant sets, and refuses hours it cannot keep, changing nothing", async () => {
    const { admin, key, tenantId, token } = await setUp("Hours")
    expect(await json(call(key, "GET", "/v1/chat/working-hours"))).toEqual({
      timezone: "UTC",
      alwaysOpen: true,
      weekly: [],
      holidays: [],
      awayMessage: null,
      emailAfterMinutes: 10,
      updatedAt: null
    })
    const set = await json(
      call(admin, "PATCH", "/v1/chat/working-hours", {
        timezone: "Europe/Berlin",
        alwaysOpen: false,
        weekly: [
          { day: "monday", opens: "09:00", closes: "17:00" },
          { day: "saturday", opens: "10:00", closes: "24:00" }
        ],
        holidays: ["2026-12-25", "2026-12-24", "2026-12-25"],
        awayMessage: "Back at nine <b>sharp</b>",
        emailAfterMinutes: 5
      })
    )
    expect(set).toMatchObject({ timezone: "Europe/Berlin", alwaysOpen: false, holidays: ["2026-12-24", "2026-12-25"], emailAfterMinutes: 5 })
    expect(Date.parse(set.updatedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(await json(call(key, "GET", "/v1/chat/working-hours"))).toEqual(set)

    const refusals: Array<[unknown, string]> = [
      [{ timezone: "Mars/Olympus_Mons" }, "timezone"],
      [{ timezone: "" }, "timezone"],
      [{ timezone: "UTC\u0000" }, "timezone"],
      [{ timezone: "x".repeat(5000) }, "timezone"],
      [{ alwaysOpen: "yes" }, "alwaysOpen"],
      [{ weekly: [{ day: "funday", opens: "09:00", closes: "17:00" }] }, "weekly[0].day"],
      [{ weekly: [{ day: "monday", opens: "9:00", closes: "17:00" }] }, "weekly[0].opens"],
      [{ weekly: [{ day: "monday", opens: "09:00", closes: "08:59" }] }, "weekly[0].closes"],
      [{ weekly: [{ day: "monday", opens: "09:00", closes: "24:01" }] }, "weekly[0].closes"],
      [{ weekly: Array.from({ length: 22 }, () => ({ day: "monday", opens: "09:00", closes: "10:00" })) }, "weekly"],
      [{ weekly: "mondays" }, "weekly"],
      [{ holidays: ["2026-02-30"] }, "holidays[0]"],
      [{ holidays: Array.from({ length: 101 }, (_, day) => `2027-01-${String((day % 28) + 1).padStart(2, "0")}`) }, "holidays"],
      [{ awayMessage: " " }, "awayMessage"],
      [{ awayMessage: "ring \u0007" }, "awayMessage"],
      [{ awayMessage: "x".repeat(501) }, "awayMessage"],
      [{ emailAfterMinutes: 0 }, "emailAfterMinutes"],
      [{ emailAfterMinutes: 1441 }, "emailAfterMinutes"],
      [{ emailAfterMinutes: 1.5 }, "emailAfterMinutes"],
      [{ emailAfterMinutes: "10" }, "emailAfterMinutes"]
    ]
    for (const [change, field] of refusals) {
      const refused = await expectRefusal(await call(admin, "PATCH", "/v1/chat/working-hours", change), 400, "validation_failed")
      expect(JSON.stringify(refused.details), JSON.stringify(change)).toContain(field)
    }
    // Agents read the hours; only admins and keys with chat:write change them; no tenant sees another's.
    const agent = await token("agent-ada")
    expect(await json(call(agent, "GET", "/v1/chat/working-hours"))).toEqual(set)
    await expectRefusal(await call(agent, "PATCH", "/v1/chat/working-hours", { alwaysOpen: true }), 403, "admin_required")
    const reader = await served.kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:read"] })
    await expectRefusal(await call(reader.key, "PATCH", "/v1/chat/working-hours", { alwaysOpen: true }), 403, "missing_scope")
    expect(await json(call(key, "GET", "/v1/chat/working-hours"))).toEqual(set)
    const other = await setUp("Other hours")
    expect((await json(call(other.key, "GET", "/v1/chat/working-hours"))).timezone).toBe("UTC")
  })

  it("tells the widget whether the team chats now: within hours, not a holiday, an agent online", async () => {
    const { admin, key, siteKey, tenantId, token } = await setUp("Availability")
    const now = new Date()
    const today = WEEKDAYS[now.getUTCDay()]!
    const elsewhere = WEEKDAYS[(now.getUTCDay() + 3) % 7]!
    const availability = async () => {
      const response = await widgetAvailability(siteKey)
      expect(response.status).toBe(200)
      return response.json()
    }
    expect(await availability()).toEqual({
      available: false,
      reason: "nobody_online",
      awayMessage: expect.stringContaining("Leave your email address")
    })
    await json(call(await token("agent-ada"), "PUT", `/tenants/${tenantId}/chat/presence`, { status: "online" }))
    expect(await availability()).toMatchObject({ available: true, reason: null })

    await json(call(key, "PATCH", "/v1/chat/working-hours", { alwaysOpen: false, weekly: [{ day: elsewhere, opens: "00:00", closes: "24:00" }], awayMessage: "Closed <script>alert(1)</script>" }))
    expect(await availability()).toEqual({ available: false, reason: "outside_hours", awayMessage: "Closed <script>alert(1)</script>" })
    await json(call(key, "PATCH", "/v1/chat/working-hours", { weekly: [{ day: today, opens: "00:00", closes: "24:00" }] }))
    expect(await availability()).toMatchObject({ available: true })
    // A holiday closes the day, even around the clock.
    await json(call(admin, "PATCH", "/v1/chat/working-hours", { alwaysOpen: true, holidays: [now.toISOString().slice(0, 10)] }))
    expect(await availability()).toMatchObject({ available: false, reason: "outside_hours" })

    await expectRefusal(await widgetAvailability("svw_nope"), 400, "validation_failed")
    await expectRefusal(await widgetAvailability(`svw_${"A".repeat(24)}`), 404, "widget_not_found")
  })

  it("takes the visitor's email address with the first message or later, and never replaces the tenant's", async () => {
    const { key, siteKey } = await setUp("Emails")
    const listed = async () => (await json(call(key, "GET", "/v1/chat/conversations?limit=100"))).data as Array<any>
    const count = async () => (await listed()).length
    const emailOf = async (id: string) => (await listed()).find((each) => each.id === id).visitor.email
    for (const email of ["not-an-email", "a@b", "x\u0000@example.com", `${"a".repeat(300)}@example.com`, 42]) {
      await expectRefusal(await start({ siteKey, content: "Hello?", email }), 400, "validation_failed")
    }
    expect(await count()).toBe(0)

    const started = await (await start({ siteKey, content: "Anyone there?", email: "ada@example.com" })).json()
    expect(await emailOf(started.conversation.id)).toBe("ada@example.com")
    // An anonymous visitor changes the address it gave.
    expect(await json(visitor(started.visitorToken, "PUT", "/email", { email: "ada@lovelace.dev" }))).toEqual({ email: "ada@lovelace.dev" })
    expect(await emailOf(started.conversation.id)).toBe("ada@lovelace.dev")
    await expectRefusal(await visitor(started.visitorToken, "PUT", "/email", { email: "<script>@x" }), 400, "validation_failed")

    // A visitor the tenant named keeps the tenant's address.
    const minted = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "customer-7", email: "seven@tenant.example" }))
    await expectRefusal(await visitor(minted.visitorToken, "PUT", "/email", { email: "attacker@evil.example" }), 403, "email_set_by_tenant")
    expect(await json(visitor(minted.visitorToken, "PUT", "/email", { email: "Seven@Tenant.example" }))).toEqual({ email: "seven@tenant.example" })
    expect(await emailOf(minted.conversationId)).toBe("seven@tenant.example")
  })

  it("emails an agent's reply to a visitor who is away, through the SMTP server, with a link back into the conversation", async () => {
    const { admin, key, siteKey, tenantId } = await setUp("Away Co")
    await json(call(admin, "PATCH", `/tenants/${tenantId}/chat/appearance`, { displayName: "Away Co" }))
    const minted = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "away-1", email: "away-visitor@example.com" }))
    await json(call(key, "POST", `/v1/chat/conversations/${minted.conversationId}/messages`, { content: "We ship to Norway, yes." }))
    const mails = () => relay.received.filter((each) => each.envelopeTo.includes("away-visitor@example.com"))
    await until("the reply by email", () => mails().length === 1)
    const mail = mails()[0]!
    expect(mail.parsed.subject).toBe("New reply from Away Co")
    const text = mail.parsed.text ?? ""
    expect(text).toContain("Away Co replied to your chat:")
    expect(text).toContain("We ship to Norway, yes.")
    const link = /Continue the conversation: (\S+)/.exec(text)?.[1]
    expect(link).toBeDefined()
    const url = new URL(link!)
    expect(url.searchParams.get("siteKey")).toBe(siteKey)
    // The link's token opens the conversation as its visitor.
    const resumed = await json(visitor(url.searchParams.get("token")!, "GET", "/messages"))
    expect(resumed.data.map((message: { content: string }) => message.content)).toEqual(["We ship to Norway, yes."])

    // The next reply goes in an email of its own, the first shown as what came before.
    await json(call(key, "POST", `/v1/chat/conversations/${minted.conversationId}/messages`, { content: "Delivery takes 3 days." }))
    await until("the second reply by email", () => mails().length === 2)
    const second = mails()[1]!
    expect(second.parsed.text).toContain("Away Co replied to your chat:\n\nAway Co: Delivery takes 3 days.")
    expect(second.parsed.text).toContain("Earlier in the conversation:\nAway Co: We ship to Norway, yes.")
  })
})
