import { TransactionalService } from "@servicekit/core"
import { DeliveryReportInbox, EventOutbox, Mailer, type ReportParts, ReputationService } from "@servicekit/core/internal"
import { memoryMailer } from "@servicekit/core/testing"
import { Effect, Option } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { dsn, mailTenant } from "./mailTenants.js"
import { type TestKit, expectError, makeTestKit } from "./support.js"

const ADMIN = "platform-admin-token-of-32-characters!"
const HOUR_MS = 3_600_000

/** A hard bounce as a receiving server reports it. */
const hardBounce = (recipient: string) => dsn(recipient, "5.1.1", "550 5.1.1 User unknown")
/** A spam complaint (ARF). */
const complaint = (recipient: string): ReportParts => ({
  feedbackReport: `Feedback-Type: abuse\nUser-Agent: SomeGenerator/1.0\nVersion: 1\nOriginal-Rcpt-To: <${recipient}>\n`
})

describe("sending reputation: a tenant past the pause threshold is braked alone", () => {
  let t: TestKit
  let acme: Tenant
  let globex: Tenant

  interface Tenant {
    readonly id: string
    readonly send: string
    readonly test: string
    readonly read: string
  }

  const tenant = async (name: string): Promise<Tenant> => {
    const { id, key } = await mailTenant(t, name)
    return {
      id,
      send: await key(["transactional:send"]),
      test: await key(["transactional:send"], "test"),
      read: await key(["reputation:read"])
    }
  }

  beforeEach(async () => {
    t = makeTestKit({
      adminToken: ADMIN,
      mailBounceDomain: "bounces.platform.test",
      // Judged from 10 messages on: 2 bounces warn, 3 pause; 1 complaint warns, 2 pause.
      mailReputation: {
        bounceRate: { warning: 0.15, pause: 0.25 },
        complaintRate: { warning: 0.05, pause: 0.15 },
        minimumSends: 10,
        windowDays: 7
      }
    })
    acme = await tenant("Acme")
    globex = await tenant("Globex")
  })
  afterEach(() => t.dispose())

  const send = (from: Tenant, to: string, key = from.send) =>
    t.request("/api/v1/transactional/messages", { key, method: "POST", body: { to: [to], subject: "Our news", text: "Hello." } })
  const deliver = (tenantId: string, messageId: string) =>
    t.run(Effect.either(Effect.flatMap(TransactionalService, (mail) => mail.deliver(tenantId, messageId, 1))))
  const sentMail = () => t.run(Effect.map(memoryMailer(Mailer), (mailer) => mailer.sent()))
  /** Sends `count` messages and delivers them: their Return-Paths by recipient. */
  const sendMany = async (from: Tenant, count: number, who = "reader") => {
    const returnPaths = new Map<string, string>()
    for (let n = 0; n < count; n++) {
      const to = `${who}${n}@customer.example`
      const answered = await send(from, to)
      expect(answered.status).toBe(200)
      const id = answered.body.messages[0].id
      await deliver(from.id, id)
      returnPaths.set(to, (await sentMail()).find((mail) => mail.messageId === id)!.returnPath!)
    }
    return returnPaths
  }
  const report = async (returnPath: string, parts: ReportParts) => {
    const receipt = await t.run(Effect.flatMap(DeliveryReportInbox, (inbox) => inbox.receive({ recipients: [returnPath], parts })))
    expect(receipt.recorded).toBe(true)
  }
  const reputationOf = async (of: Tenant) => {
    const answered = await t.request("/api/v1/transactional/reputation", { key: of.read })
    expect(answered.status).toBe(200)
    return answered.body
  }
  /** The reputation events written so far, oldest first, as the dispatcher would hand them on (none has run). */
  const eventsOf = async (tenantId: string) =>
    (await t.run(Effect.flatMap(EventOutbox, (outbox) => outbox.claim(1000)))).pipe(Option.getOrElse(() => []))
      .filter((event) => event.tenantId === tenantId && event.type.startsWith("sending."))
      .map((event) => ({ type: event.type, payload: event.payload }))

  it("counts sends, warns past the warning rate, pauses past the pause rate; other tenants and test mail go on", async () => {
    const paths = await sendMany(acme, 10)
    const globexPaths = await sendMany(globex, 10)
    expect(await reputationOf(acme)).toEqual({
      status: "good",
      cause: null,
      since: null,
      sent: 10,
      bounced: 0,
      complained: 0,
      bounceRate: 0,
      complaintRate: 0,
      windowDays: 7,
      thresholds: { bounceRate: { warning: 0.15, pause: 0.25 }, complaintRate: { warning: 0.05, pause: 0.15 }, minimumSends: 10 }
    })

    await report(paths.get("reader0@customer.example")!, hardBounce("reader0@customer.example"))
    expect(await reputationOf(acme)).toMatchObject({ status: "good", bounced: 1, bounceRate: 0.1 })
    await report(paths.get("reader1@customer.example")!, hardBounce("reader1@customer.example"))
    expect(await reputationOf(acme)).toMatchObject({ status: "warning", cause: "bounces", bounced: 2, bounceRate: 0.2 })
    // Warned, mail goes on.
    expect((await send(acme, "new@customer.example")).status).toBe(200)

    await report(paths.get("reader2@customer.example")!, hardBounce("reader2@customer.example"))
    const paused = await reputationOf(acme)
    expect(paused).toMatchObject({ status: "paused", cause: "bounces", sent: 10, bounced: 3 })
    expect(typeof paused.since).toBe("string")

    expect(await eventsOf(acme.id)).toEqual([
      {
        type: "sending.warning",
        payload: { cause: "bounces", sent: 10, bounced: 2, complained: 0, bounceRate: 0.2, complaintRate: 0, windowDays: 7 }
      },
      {
        type: "sending.paused",
        payload: { cause: "bounces", sent: 10, bounced: 3, complained: 0, bounceRate: 0.3, complaintRate: 0, windowDays: 7 }
      }
    ])

    const refused = await send(acme, "someone@customer.example")
    expectError(refused, 403, "sending_paused")
    expect(refused.body.error.message).toContain("bounce rate")
    // Test mail does not leave: it is still accepted.
    expect((await send(acme, "someone@customer.example", acme.test)).status).toBe(200)

    // Another tenant, with its own bounce, sends on.
    await report(globexPaths.get("reader0@customer.example")!, hardBounce("reader0@customer.example"))
    const theirs = await send(globex, "ada@customer.example")
    expect(theirs.status).toBe(200)
    const before = (await sentMail()).length
    await deliver(globex.id, theirs.body.messages[0].id)
    expect((await sentMail()).length).toBe(before + 1)
    expect(await reputationOf(globex)).toMatchObject({ status: "good", sent: 11, bounced: 1 })
  })

  it("mail queued before the pause is not sent: it fails for good, saying why", async () => {
    const paths = await sendMany(acme, 10)
    const queued = await send(acme, "late@customer.example")
    expect(queued.body.messages[0].status).toBe("queued")
    for (const n of [0, 1, 2]) await report(paths.get(`reader${n}@customer.example`)!, hardBounce(`reader${n}@customer.example`))

    const before = (await sentMail()).length
    await deliver(acme.id, queued.body.messages[0].id)
    expect((await sentMail()).length).toBe(before)
    const logs = await t.request(`/api/v1/transactional/logs?limit=1`, { key: acme.send })
    expect(logs.status).toBe(200)
    expect(logs.body.data[0]).toMatchObject({ recipient: "late@customer.example", status: "failed" })
    expect(logs.body.data[0].error).toContain("sending is paused")
  })

  it("a report sent again counts once", async () => {
    const paths = await sendMany(acme, 10)
    const path = paths.get("reader0@customer.example")!
    await report(path, hardBounce("reader0@customer.example"))
    const again = await t.run(
      Effect.flatMap(DeliveryReportInbox, (inbox) => inbox.receive({ recipients: [path], parts: hardBounce("reader0@customer.example") }))
    )
    expect(again).toEqual({ recorded: false, detail: "the message's bounce was recorded already" })
    await report(path, complaint("reader0@customer.example"))
    const complainedAgain = await t.run(
      Effect.flatMap(DeliveryReportInbox, (inbox) => inbox.receive({ recipients: [path], parts: complaint("reader0@customer.example") }))
    )
    expect(complainedAgain.recorded).toBe(false)
    expect(await reputationOf(acme)).toMatchObject({ bounced: 1, complained: 1 })
  })

  it("complaints weigh more: two in ten pause at once", async () => {
    const paths = await sendMany(acme, 10)
    await report(paths.get("reader0@customer.example")!, complaint("reader0@customer.example"))
    expect(await reputationOf(acme)).toMatchObject({ status: "warning", cause: "complaints", complained: 1 })
    await report(paths.get("reader1@customer.example")!, complaint("reader1@customer.example"))
    expect(await reputationOf(acme)).toMatchObject({ status: "paused", cause: "complaints", complained: 2, complaintRate: 0.2 })
  })

  it("fewer sends than the minimum are not judged; counts older than the window drop out", async () => {
    const paths = await sendMany(acme, 4)
    for (const n of [0, 1, 2, 3]) await report(paths.get(`reader${n}@customer.example`)!, hardBounce(`reader${n}@customer.example`))
    expect(await reputationOf(acme)).toMatchObject({ status: "good", sent: 4, bounced: 4, bounceRate: 1 })
    t.clock.advance(8 * 24 * HOUR_MS)
    expect(await reputationOf(acme)).toMatchObject({ status: "good", sent: 0, bounced: 0, bounceRate: 0 })
  })

  it("the platform admin lists paused tenants and resumes one: its rates start again, a tenant's own token cannot", async () => {
    const paths = await sendMany(acme, 10)
    for (const n of [0, 1, 2]) await report(paths.get(`reader${n}@customer.example`)!, hardBounce(`reader${n}@customer.example`))

    const listed = await t.request("/api/admin/mail-reputation?status=paused", { token: ADMIN })
    expect(listed.status).toBe(200)
    expect(listed.body.data).toMatchObject([{ tenantId: acme.id, status: "paused", cause: "bounces", bounced: 3 }])
    expect((await t.request("/api/admin/mail-reputation?status=good", { token: ADMIN })).status).toBe(400)
    expect((await t.request("/api/admin/mail-reputation", { token: t.adminToken(acme.id) })).status).toBe(401)
    // The tenant's own admin cannot resume itself.
    const self = await t.request(`/api/admin/tenants/${acme.id}/mail-reputation/resume`, {
      method: "POST",
      token: t.adminToken(acme.id)
    })
    expect(self.status).toBe(401)
    expect(await reputationOf(acme)).toMatchObject({ status: "paused" })

    const resumed = await t.request(`/api/admin/tenants/${acme.id}/mail-reputation/resume`, { method: "POST", token: ADMIN })
    expect(resumed.status).toBe(200)
    expect(resumed.body).toMatchObject({ tenantId: acme.id, status: "good", cause: null, since: null, sent: 0, bounced: 0 })
    expect((await eventsOf(acme.id)).map((event) => event.type)).toEqual(["sending.warning", "sending.paused", "sending.resumed"])
    expect((await send(acme, "back@customer.example")).status).toBe(200)

    // Bounces of mail sent before the resume keep coming: they do not count against the new sends.
    t.clock.advance(HOUR_MS)
    const fresh = await sendMany(acme, 10, "new")
    for (const n of [3, 4, 5]) await report(paths.get(`reader${n}@customer.example`)!, hardBounce(`reader${n}@customer.example`))
    expect(await reputationOf(acme)).toMatchObject({ status: "good", sent: 10, bounced: 0 })
    await report(fresh.get("new0@customer.example")!, hardBounce("new0@customer.example"))
    expect(await reputationOf(acme)).toMatchObject({ status: "good", sent: 10, bounced: 1 })
    // Resuming again changes nothing.
    const again = await t.request(`/api/admin/tenants/${acme.id}/mail-reputation/resume`, { method: "POST", token: ADMIN })
    expect(again.body).toMatchObject({ status: "good" })
    expect((await eventsOf(acme.id)).length).toBe(3)

    const unknown = await t.request("/api/admin/tenants/00000000-0000-4000-8000-000000000000/mail-reputation/resume", {
      method: "POST",
      token: ADMIN
    })
    expectError(unknown, 404, "tenant_not_found")
    expectError(await t.request("/api/admin/tenants/not-a-uuid/mail-reputation", { token: ADMIN }), 400, "validation_failed")
  })

  it("a warning ends at the hourly prune once the rates are back under it", async () => {
    const paths = await sendMany(acme, 10)
    for (const n of [0, 1]) await report(paths.get(`reader${n}@customer.example`)!, hardBounce(`reader${n}@customer.example`))
    expect(await reputationOf(acme)).toMatchObject({ status: "warning" })
    await t.run(Effect.flatMap(ReputationService, (reputations) => reputations.prune))
    expect(await reputationOf(acme)).toMatchObject({ status: "warning" })
    // A week on, those counts have left the window: nothing is left to warn about.
    t.clock.advance(8 * 24 * HOUR_MS)
    expect(await t.run(Effect.flatMap(ReputationService, (reputations) => reputations.prune))).toBeGreaterThan(0)
    expect(await reputationOf(acme)).toMatchObject({ status: "good", cause: null, sent: 0 })
  })

  it("the reputation route takes a dashboard token or a key with reputation:read only", async () => {
    const dashboard = await t.request("/api/v1/transactional/reputation", { token: t.adminToken(acme.id, "member") })
    expect(dashboard.status).toBe(200)
    expect(dashboard.body.status).toBe("good")
    expectError(await t.request("/api/v1/transactional/reputation", { key: acme.send }), 403, "missing_scope")
    expectError(await t.request("/api/v1/transactional/reputation"), 401, "missing_credentials")
  })
})
