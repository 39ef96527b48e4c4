import { TransactionalService } from "@servicekit/core"
import { DeliveryReportInbox, MailRejected, Mailer, type ReportParts, TestMailbox } from "@servicekit/core/internal"
import { memoryMailer } from "@servicekit/core/testing"
import { Effect } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { dsn, mailTenant } from "./mailTenants.js"
import { type TestKit, expectError, makeTestKit } from "./support.js"

const DAY_MS = 86_400_000

const MAILBOX_FULL = ["5.2.2", "552 5.2.2 Mailbox full"] as const
const USER_UNKNOWN = ["5.1.1", "550 5.1.1 User unknown"] as const

describe("soft bounces: the third within 30 days suppresses the recipient", () => {
  let t: TestKit
  let acme: Tenant
  let globex: Tenant

  interface Tenant {
    readonly id: string
    readonly send: string
    readonly manage: string
    readonly test: string
  }

  const tenant = async (name: string): Promise<Tenant> => {
    const { id, key } = await mailTenant(t, name)
    return {
      id,
      send: await key(["transactional:send"]),
      manage: await key(["suppressions:manage"]),
      test: await key(["transactional:send"], "test")
    }
  }

  beforeEach(async () => {
    t = makeTestKit({ mailBounceDomain: "bounces.platform.test" })
    acme = await tenant("Acme")
    globex = await tenant("Globex")
  })
  afterEach(() => t.dispose())

  /** Sends one message to `to`: the answer's word on it. */
  const send = async (from: Tenant, to: string, key = from.send) => {
    const answered = await t.request("/api/v1/transactional/messages", {
      key,
      method: "POST",
      body: { to: [to], subject: "Your invoice", text: "It is attached." }
    })
    expect(answered.status).toBe(200)
    return answered.body.messages[0] as { id: string; status: string; suppression?: string }
  }
  const deliver = (from: Tenant, messageId: string, attempt = 1) =>
    t.run(Effect.either(Effect.flatMap(TransactionalService, (mail) => mail.deliver(from.id, messageId, attempt))))
  /** Hands a report to the inbox as the inbound listener does, addressed to a message's Return-Path. */
  const report = async (returnPath: string, parts: ReportParts) => {
    const receipt = await t.run(Effect.flatMap(DeliveryReportInbox, (inbox) => inbox.receive({ recipients: [returnPath], parts })))
    expect(receipt.recorded).toBe(true)
  }
  /** Sends to `to`, delivers it, and reports back a failed delivery with `status`. */
  const bounce = async (from: Tenant, to: string, [status, diagnostic]: readonly [string, string] = MAILBOX_FULL) => {
    const sent = await send(from, to)
    expect(sent.status).toBe("queued")
    await deliver(from, sent.id)
    const mail = (await t.run(Effect.map(memoryMailer(Mailer), (mailer) => mailer.sent()))).find(
      (one) => one.messageId === sent.id
    )!
    await report(mail.returnPath!, dsn(to, status, diagnostic))
    return { ...sent, returnPath: mail.returnPath! }
  }
  const listOf = async (of: Tenant, email: string) => {
    const listed = await t.request(`/api/v1/transactional/suppressions?email=${encodeURIComponent(email)}`, { key: of.manage })
    expect(listed.status).toBe(200)
    return listed.body.data as Array<Record<string, unknown>>
  }

  it("two soft bounces leave the address sendable; the third suppresses it as soft_bounce, and the next send is not attempted", async () => {
    await bounce(acme, "Eve@Customer.example")
    await bounce(acme, "eve@customer.example")
    expect(await listOf(acme, "eve@customer.example")).toEqual([])
    const third = await bounce(acme, "eve@customer.example")
    expect(await listOf(acme, "eve@customer.example")).toEqual([
      {
        id: expect.any(String),
        stream: "transactional",
        email: "eve@customer.example",
        reason: "soft_bounce",
        detail: "5.2.2 552 5.2.2 Mailbox full",
        messageId: third.id,
        createdAt: expect.any(String)
      }
    ])
    expect(await send(acme, "EVE@customer.example")).toMatchObject({ status: "suppressed", suppression: "soft_bounce" })
    // The list filters by the new reason too.
    const listed = await t.request("/api/v1/transactional/suppressions?reason=soft_bounce", { key: acme.manage })
    expect(listed.body.data.map((row: { email: string }) => row.email)).toEqual(["eve@customer.example"])
  })

  it("a count older than 30 days starts over", async () => {
    await bounce(acme, "eve@customer.example")
    await bounce(acme, "eve@customer.example")
    t.clock.advance(31 * DAY_MS)
    await bounce(acme, "eve@customer.example")
    expect(await listOf(acme, "eve@customer.example")).toEqual([])
    expect((await send(acme, "eve@customer.example")).status).toBe("queued")
    // Counted from the bounce that started over: within 30 days of it, the third suppresses.
    t.clock.advance(29 * DAY_MS)
    await bounce(acme, "eve@customer.example")
    expect(await listOf(acme, "eve@customer.example")).toEqual([])
    await bounce(acme, "eve@customer.example")
    expect(await listOf(acme, "eve@customer.example")).toMatchObject([{ reason: "soft_bounce" }])
  })

  it("the tenant may take a soft-bounce entry off; the address then starts a fresh count, as after any removal", async () => {
    for (let n = 0; n < 3; n++) await bounce(acme, "eve@customer.example")
    const removed = await t.request("/api/v1/transactional/suppressions/eve@customer.example", { key: acme.manage, method: "DELETE" })
    expect(removed.status).toBe(204)
    expect((await send(acme, "eve@customer.example")).status).toBe("queued")
    await bounce(acme, "eve@customer.example")
    await bounce(acme, "eve@customer.example")
    expect(await listOf(acme, "eve@customer.example")).toEqual([])

    // Two soft bounces, then an entry added by hand and removed: the two are forgotten.
    await bounce(acme, "ann@customer.example")
    await bounce(acme, "ann@customer.example")
    const added = await t.request("/api/v1/transactional/suppressions", {
      key: acme.manage,
      method: "POST",
      body: { email: "ann@customer.example" }
    })
    expect(added.status).toBe(201)
    expect(
      (await t.request("/api/v1/transactional/suppressions/ann@customer.example", { key: acme.manage, method: "DELETE" })).status
    ).toBe(204)
    await bounce(acme, "ann@customer.example")
    await bounce(acme, "ann@customer.example")
    expect(await listOf(acme, "ann@customer.example")).toEqual([])
    await bounce(acme, "ann@customer.example")
    expect(await listOf(acme, "ann@customer.example")).toMatchObject([{ reason: "soft_bounce" }])
  })

  it("a hard bounce still suppresses at once; soft bounces after it leave its entry as it is", async () => {
    const sent = await bounce(acme, "dan@customer.example", USER_UNKNOWN)
    const [entry] = await listOf(acme, "dan@customer.example")
    expect(entry).toMatchObject({ reason: "hard_bounce", messageId: sent.id })
    expect(await send(acme, "dan@customer.example")).toMatchObject({ status: "suppressed", suppression: "hard_bounce" })
    // Later reports of the same message: its bounce is recorded already, so they count for nothing.
    for (let n = 0; n < 3; n++) {
      const receipt = await t.run(
        Effect.flatMap(DeliveryReportInbox, (inbox) =>
          inbox.receive({ recipients: [sent.returnPath], parts: dsn("dan@customer.example", ...MAILBOX_FULL) })
        )
      )
      expect(receipt).toEqual({ recorded: false, detail: "the message's bounce was recorded already" })
    }
    expect(await listOf(acme, "dan@customer.example")).toEqual([entry])
  })

  it("a complaint replaces a soft-bounce entry, which then may not be removed", async () => {
    const first = await bounce(acme, "eve@customer.example")
    await bounce(acme, "eve@customer.example")
    await bounce(acme, "eve@customer.example")
    await report(first.returnPath, {
      feedbackReport: "Feedback-Type: abuse\nVersion: 1\nOriginal-Rcpt-To: <eve@customer.example>\n"
    })
    expect(await listOf(acme, "eve@customer.example")).toMatchObject([{ reason: "complaint" }])
    expectError(
      await t.request("/api/v1/transactional/suppressions/eve@customer.example", { key: acme.manage, method: "DELETE" }),
      409,
      "suppression_not_removable"
    )
  })

  it("counts each tenant's soft bounces apart", async () => {
    await bounce(globex, "eve@customer.example")
    await bounce(globex, "eve@customer.example")
    for (let n = 0; n < 3; n++) await bounce(acme, "eve@customer.example")
    expect(await listOf(acme, "eve@customer.example")).toMatchObject([{ reason: "soft_bounce" }])
    expect(await listOf(globex, "eve@customer.example")).toEqual([])
    expect((await send(globex, "eve@customer.example")).status).toBe("queued")
    // Globex's two are still counted: its own third suppresses.
    await bounce(globex, "eve@customer.example")
    expect(await listOf(globex, "eve@customer.example")).toMatchObject([{ reason: "soft_bounce" }])
  })

  it("a message that fails for good after its retries on temporary failures counts one soft bounce; test mail none", async () => {
    const mailer = await t.run(memoryMailer(Mailer))
    const failsFor5Attempts = async (from: Tenant) => {
      const sent = await send(from, "full@customer.example")
      mailer.failNext(new MailRejected({ permanent: false, reason: "452 4.2.2 Mailbox full", code: 452 }), 5)
      for (let attempt = 1; attempt <= 5; attempt++) await deliver(from, sent.id, attempt)
      return sent
    }
    // Test-mode mail goes to the test mailbox: failing there for good counts nothing.
    const testMailbox = await t.run(memoryMailer(TestMailbox))
    for (let n = 0; n < 3; n++) {
      const sent = await send(acme, "full@customer.example", acme.test)
      testMailbox.failNext(new MailRejected({ permanent: false, reason: "452 4.2.2 Mailbox full", code: 452 }), 5)
      for (let attempt = 1; attempt <= 5; attempt++) await deliver(acme, sent.id, attempt)
    }
    expect(await listOf(acme, "full@customer.example")).toEqual([])

    await failsFor5Attempts(acme)
    await failsFor5Attempts(acme)
    expect(await listOf(acme, "full@customer.example")).toEqual([])
    // A relay that never answered (down, timed out) says nothing of the recipient: it counts nothing.
    for (let n = 0; n < 3; n++) {
      const unanswered = await send(acme, "full@customer.example")
      mailer.failNext(new MailRejected({ permanent: false, reason: "connect ECONNREFUSED 127.0.0.1:25" }), 5)
      for (let attempt = 1; attempt <= 5; attempt++) await deliver(acme, unanswered.id, attempt)
    }
    expect(await listOf(acme, "full@customer.example")).toEqual([])
    // A relay's retries still under way count nothing.
    const retrying = await send(acme, "full@customer.example")
    mailer.failNext(new MailRejected({ permanent: false, reason: "452 4.2.2 Mailbox full", code: 452 }), 4)
    for (let attempt = 1; attempt <= 4; attempt++) await deliver(acme, retrying.id, attempt)
    expect(await listOf(acme, "full@customer.example")).toEqual([])
    const last = await failsFor5Attempts(acme)
    expect(await listOf(acme, "full@customer.example")).toEqual([
      expect.objectContaining({ reason: "soft_bounce", detail: "452 4.2.2 Mailbox full", messageId: last.id })
    ])
  })
})
