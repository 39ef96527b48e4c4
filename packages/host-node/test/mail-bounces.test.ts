import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startInboundReports } from "../src/InboundReports.js"
import { bounce, complaint, reporterTo } from "./fixtures/deliveryReports.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { start } from "./spawn.js"
import { receiver, until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-mail-bounces-"))
const relay = await startSmtpServer()
afterAll(async () => {
  await relay.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const RETURN_PATH = /^b[a-z2-7]{62}@bounces\.platform\.test$/

type Scope = "transactional:send" | "suppressions:manage"

describe("bounces and complaints: reports to the inbound SMTP listener suppress their recipients", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SMTP_URL: relay.url,
      SERVICEKIT_MAIL_BOUNCE_DOMAIN: "bounces.platform.test",
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_WEBHOOK_RETRY_SECONDS: "0.05"
    })
  )
  /** The tenant's webhook endpoint: a real receiver that verifies each delivery's signature. */
  const hook = receiver()
  let inbound: Awaited<ReturnType<typeof startInboundReports>>
  /** Hands a raw message to the listener as a mail server would: answers what the listener replied. */
  let report: ReturnType<typeof reporterTo>
  const tenants: Record<"acme" | "other", { id: string; send: string; manage: string }> = {} as never

  beforeAll(async () => {
    await hook.start()
    await served.kit.startWorkers()
    inbound = await startInboundReports(served.kit, { port: 0, host: "127.0.0.1" })
    report = reporterTo(inbound.port)
    for (const name of ["acme", "other"] as const) {
      const tenant = await served.kit.admin.createTenant({ name, entitlements: ["transactional", "business_email"] })
      const keyOf = async (scopes: Array<Scope>) =>
        (await served.kit.admin.createKey({ tenantId: tenant.id, product: "transactional", environment: "live", scopes })).key
      tenants[name] = { id: tenant.id, send: await keyOf(["transactional:send"]), manage: await keyOf(["suppressions:manage"]) }
    }
    const hooks = (await served.kit.admin.createKey({
      tenantId: tenants.acme.id,
      product: "transactional",
      environment: "live",
      scopes: ["webhooks:manage"]
    })).key
    const subscribed = await fetch(`${served.url}/api/tenants/${tenants.acme.id}/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${hooks}`, "content-type": "application/json" },
      body: JSON.stringify({ url: hook.url(), events: ["email.bounced", "email.complained", "email.deferred", "email.delivered"] })
    })
    expect(subscribed.status).toBe(200)
    hook.setSecret((await subscribed.json()).secret)
  })
  afterAll(async () => {
    await inbound?.close()
    await hook.stop()
  })

  const call = (credential: string, method: string, path: string, body?: unknown) =>
    fetch(`${served.url}/api/v1/transactional${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, "content-type": "application/json" },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
    })
  const send = async (tenant: "acme" | "other", to: Array<string>, subject = "Your invoice") => {
    const answered = await call(tenants[tenant].send, "POST", "/messages", { to, subject, text: "It is attached." })
    expect(answered.status).toBe(200)
    return (await answered.json()) as { messages: Array<{ id: string; to: string; status: string; suppression?: string }> }
  }
  const listOf = async (tenant: "acme" | "other", query = "") => {
    const answered = await call(tenants[tenant].manage, "GET", `/suppressions${query}`)
    expect(answered.status).toBe(200)
    return (await answered.json()).data as Array<Record<string, unknown>>
  }
  const eventually = async <A>(read: () => Promise<A>, done: (value: A) => boolean): Promise<A> => {
    const deadline = Date.now() + 15_000
    for (;;) {
      const value = await read()
      if (done(value) || Date.now() > deadline) return value
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const logsOf = async (tenant: "acme" | "other") =>
    (await (await call(tenants[tenant].send, "GET", "/logs?limit=100")).json()).data as Array<Record<string, any>>
  /** The message the relay received for `to`, once it did. */
  const relayed = async (to: string) => {
    const found = await eventually(
      async () => relay.received.find((mail) => mail.envelopeTo.some((one) => one.toLowerCase() === to.toLowerCase())),
      (mail) => mail !== undefined
    )
    expect(found, `a message to ${to} reached the relay`).toBeDefined()
    return found!
  }

  it("carries a Return-Path of its own; a hard bounce to it suppresses the recipient, and the next send is not attempted", async () => {
    const [sent] = (await send("acme", ["Ada@Customer.example"])).messages
    const mail = await relayed("Ada@Customer.example")
    expect(mail.envelopeFrom).toMatch(RETURN_PATH)
    // The From header stays the platform's sender: only the envelope changes.
    expect(mail.parsed.from?.value[0]?.address).toBe("no-reply@servicekit.local")

    const answered = await report(
      mail.envelopeFrom,
      bounce(mail.envelopeFrom, "Ada@Customer.example", "5.1.1", "550 5.1.1 <Ada@Customer.example>: Recipient address rejected: User unknown")
    )
    expect(answered.accepted).toBe(true)
    const list = await eventually(() => listOf("acme"), (rows) => rows.length > 0)
    expect(list).toEqual([
      {
        id: expect.any(String),
        stream: "transactional",
        email: "ada@customer.example",
        reason: "hard_bounce",
        detail: "5.1.1 550 5.1.1 <Ada@Customer.example>: Recipient address rejected: User unknown",
        messageId: sent!.id,
        createdAt: expect.any(String)
      }
    ])
    await until("the email.bounced event", () => hook.received.some((delivery) => delivery.event === "email.bounced"))
    expect(hook.received.find((delivery) => delivery.event === "email.bounced")!.payload).toMatchObject({
      messageId: sent!.id,
      to: "Ada@Customer.example",
      bounce: "hard",
      status: "5.1.1",
      diagnostic: "550 5.1.1 <Ada@Customer.example>: Recipient address rejected: User unknown"
    })
    const bounced = (await logsOf("acme")).find((row) => row.status === "bounced")
    expect(bounced).toMatchObject({
      recipient: "Ada@Customer.example",
      error: "550 5.1.1 <Ada@Customer.example>: Recipient address rejected: User unknown",
      metadata: { messageId: sent!.id, bounce: "hard", status: "5.1.1", source: "transactional_v1" }
    })

    // Suppressed whatever the case it is written in; another recipient of the same send still gets it.
    const next = await send("acme", ["ADA@customer.example", "bob@customer.example"], "Second notice")
    expect(next.messages.map(({ status, suppression, to }) => ({ to, status, suppression }))).toEqual([
      { to: "ADA@customer.example", status: "suppressed", suppression: "hard_bounce" },
      { to: "bob@customer.example", status: "queued", suppression: undefined }
    ])
    await relayed("bob@customer.example")
    expect(relay.received.filter((one) => one.envelopeTo.some((to) => to.toLowerCase() === "ada@customer.example"))).toHaveLength(1)
    const suppressed = (await logsOf("acme")).find((row) => row.status === "suppressed")
    expect(suppressed).toMatchObject({
      recipient: "ADA@customer.example",
      subject: "Second notice",
      error: "hard_bounce",
      metadata: { messageId: next.messages[0]!.id, attempt: 0 }
    })
    // The other tenant may still mail the address.
    expect((await send("other", ["ada@customer.example"])).messages[0]!.status).toBe("queued")
  })

  it("a spam complaint suppresses the recipient, which the account may not take off the list", async () => {
    await send("acme", ["grace@customer.example"], "Our news")
    const mail = await relayed("grace@customer.example")
    // Feedback loops write to their own address: the Return-Path quoted in the report names the message.
    expect((await report("fbl@bounces.platform.test", complaint(mail.envelopeFrom, "grace@customer.example"))).accepted).toBe(true)
    const [entry] = await eventually(
      () => listOf("acme", "?email=grace@customer.example"),
      (rows) => rows.length > 0
    )
    expect(entry).toMatchObject({ email: "grace@customer.example", reason: "complaint", detail: "Feedback-Type: abuse" })
    await until("the email.complained event", () => hook.received.some((delivery) => delivery.event === "email.complained"))
    expect(hook.received.find((delivery) => delivery.event === "email.complained")!.payload).toMatchObject({
      to: "grace@customer.example",
      feedbackType: "abuse"
    })
    expect((await logsOf("acme")).find((row) => row.status === "complained")).toMatchObject({
      recipient: "grace@customer.example",
      metadata: { feedbackType: "abuse" }
    })
    const refused = await expectRefusal(
      await call(tenants.acme.manage, "DELETE", "/suppressions/grace@customer.example"),
      409,
      "suppression_not_removable"
    )
    expect(refused.message).toContain("spam complaint")
    expect(await listOf("acme", "?email=grace@customer.example")).toHaveLength(1)
  })

  it("a relay's permanent refusal of the address itself suppresses it; a soft bounce does not", async () => {
    await send("acme", ["reject-dan@customer.example"])
    const [entry] = await eventually(
      () => listOf("acme", "?email=reject-dan@customer.example"),
      (rows) => rows.length > 0
    )
    expect(entry).toMatchObject({ reason: "hard_bounce", detail: expect.stringContaining("5.1.1") })

    await send("acme", ["full-eve@customer.example"])
    const mail = await relayed("full-eve@customer.example")
    const full = bounce(mail.envelopeFrom, "full-eve@customer.example", "5.2.2", "552 5.2.2 Mailbox full")
    expect((await report(mail.envelopeFrom, full)).accepted).toBe(true)
    const soft = await eventually(
      async () => (await logsOf("acme")).find((row) => row.status === "bounced" && row.recipient === "full-eve@customer.example"),
      (row) => row !== undefined
    )
    expect(soft).toMatchObject({ metadata: { bounce: "soft", status: "5.2.2" } })
    expect(await listOf("acme", "?email=full-eve@customer.example")).toEqual([])

    // Still trying, then delivered: logged, and told to the tenant's endpoint.
    const delayed = bounce(mail.envelopeFrom, "full-eve@customer.example", "4.4.7", "421 4.4.7 Try later", "delayed")
    expect((await report(mail.envelopeFrom, delayed)).accepted).toBe(true)
    const delivered = bounce(mail.envelopeFrom, "full-eve@customer.example", "2.0.0", "250 2.0.0 OK", "delivered")
    expect((await report(mail.envelopeFrom, delivered)).accepted).toBe(true)
    await until("email.deferred and email.delivered", () =>
      ["email.deferred", "email.delivered"].every((name) => hook.received.some((delivery) => delivery.event === name))
    )
    expect(hook.received.find((delivery) => delivery.event === "email.deferred")!.payload).toMatchObject({
      to: "full-eve@customer.example",
      status: "4.4.7",
      diagnostic: "421 4.4.7 Try later"
    })
    const statuses = (await logsOf("acme")).filter((row) => row.recipient === "full-eve@customer.example").map((row) => row.status)
    expect(statuses).toEqual(expect.arrayContaining(["sent", "bounced", "deferred", "delivered"]))
    expect(await listOf("acme", "?email=full-eve@customer.example")).toEqual([])
  })

  it("forged, foreign and malformed reports change nothing", async () => {
    await send("other", ["carol@customer.example"])
    const theirs = await relayed("carol@customer.example")
    // Another tag: no message of this platform.
    const forged = theirs.envelopeFrom.replace(/^(b[a-z2-7]{61})([a-z2-7])@/, (_, head: string, last: string) =>
      `${head}${last === "a" ? "b" : "a"}@`
    )
    expect((await report(forged, bounce(forged, "carol@customer.example", "5.1.1", "550 5.1.1 User unknown"))).accepted).toBe(true)
    // A report to an address of ours that is not a Return-Path, quoting a forged one.
    expect((await report("postmaster@bounces.platform.test", complaint(forged, "carol@customer.example"))).accepted).toBe(true)
    // Not a report at all, and a report without a message of its own.
    const plain = "From: someone@example.com\r\nTo: x@bounces.platform.test\r\nSubject: hello\r\n\r\nJust text.\r\n"
    expect((await report("x@bounces.platform.test", plain)).accepted).toBe(true)
    // Hostile bytes: NUL characters and a boundary never closed.
    const broken = `Content-Type: multipart/report; report-type=delivery-status; boundary="x"\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; \u0000carol@customer.example\r\nAction: failed\r\nStatus: 5.1.1\r\n`
    expect((await report(theirs.envelopeFrom.replace(/^b/, "c"), broken)).accepted).toBe(true)
    // Too large for a report: refused before it is read.
    const huge = await report(theirs.envelopeFrom, `Subject: big\r\n\r\n${"x".repeat(1_100_000)}\r\n`)
    expect(huge.accepted).toBe(false)
    expect(huge.response).toContain("552")

    // A report naming a real message, stated against another tenant's recipient, speaks only of its own message.
    await send("acme", ["frank@customer.example"])
    const ours = await relayed("frank@customer.example")
    expect((await report(ours.envelopeFrom, bounce(ours.envelopeFrom, "carol@customer.example", "5.1.1", "550 5.1.1 unknown"))).accepted).toBe(true)
    await eventually(() => listOf("acme", "?email=frank@customer.example"), (rows) => rows.length > 0)
    expect(await listOf("acme", "?email=carol@customer.example")).toEqual([])
    expect(await listOf("other")).toEqual([])
  })

  it("broadcast mail carries a signed one-click unsubscribe, which suppresses for broadcast only", async () => {
    const sendOn = async (stream: "broadcast" | "transactional", subject: string) => {
      const answered = await call(tenants.acme.send, "POST", "/messages", {
        to: ["ann@customer.example"],
        subject,
        text: "Hello",
        stream
      })
      expect(answered.status).toBe(200)
      return ((await answered.json()) as { messages: Array<{ status: string; suppression?: string }> }).messages[0]!
    }
    await sendOn("broadcast", "November news")
    await sendOn("transactional", "Your receipt")
    const [news, receipt] = await eventually(
      async () => ["November news", "Your receipt"].map((subject) => relay.received.find((mail) => mail.parsed.subject === subject)),
      (found) => found.every((mail) => mail !== undefined)
    )
    // As written on the wire (mailparser folds List-* headers into a structure of its own).
    const headerOf = (raw: Buffer, name: string) =>
      new RegExp(`^${name}:(.*)$`, "mi").exec(raw.toString().replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim()
    expect(headerOf(receipt!.raw, "List-Unsubscribe")).toBeUndefined()
    expect(headerOf(receipt!.raw, "List-Unsubscribe-Post")).toBeUndefined()
    expect(headerOf(news!.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click")
    const header = headerOf(news!.raw, "List-Unsubscribe") ?? ""
    const link = /^<(http:\/\/localhost:8787(\/api\/mail\/unsubscribe\/[a-z2-7]{62}))>$/.exec(header)
    expect(link, "the List-Unsubscribe header names the platform's one-click link").not.toBeNull()
    const oneClick = (path: string) =>
      fetch(`${served.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click"
      })

    // A link altered, or made up: refused, nothing changes.
    const altered = link![2]!.replace(/[a-z2-7]$/, (last) => (last === "a" ? "b" : "a"))
    await expectRefusal(await oneClick(altered), 404, "unsubscribe_link_invalid")
    await expectRefusal(await oneClick("/api/mail/unsubscribe/not-a-token"), 404, "unsubscribe_link_invalid")
    expect(await listOf("acme", "?email=ann@customer.example")).toEqual([])

    const unsubscribed = await oneClick(link![2]!)
    expect(unsubscribed.status).toBe(200)
    expect(await unsubscribed.json()).toEqual({ unsubscribed: true, stream: "broadcast" })
    // Again: the same entry.
    expect((await oneClick(link![2]!)).status).toBe(200)
    expect(await listOf("acme", "?email=ann@customer.example")).toEqual([
      expect.objectContaining({ stream: "broadcast", reason: "unsubscribe", email: "ann@customer.example" })
    ])
    expect(await sendOn("broadcast", "December news")).toMatchObject({ status: "suppressed", suppression: "unsubscribe" })
    expect(await sendOn("transactional", "Another receipt")).toMatchObject({ status: "queued" })
    await expectRefusal(
      await call(tenants.acme.manage, "DELETE", "/suppressions/ann@customer.example?stream=broadcast"),
      409,
      "suppression_not_removable"
    )
  })

  it("the list: addresses added by hand, filters, removal, and refusals that change nothing", async () => {
    const manage = tenants.acme.manage
    const added = await call(manage, "POST", "/suppressions", { email: " Zed@Example.COM ", note: "asked by phone" })
    expect(added.status).toBe(201)
    const zed = await added.json()
    expect(zed).toMatchObject({ email: "zed@example.com", stream: "transactional", reason: "manual", detail: "asked by phone", messageId: null })
    await expectRefusal(await call(manage, "POST", "/suppressions", { email: "zed@example.com" }), 409, "suppression_exists")
    const broadcast = await call(manage, "POST", "/suppressions", { email: "zed@example.com", stream: "broadcast" })
    expect(broadcast.status).toBe(201)

    for (const body of [
      { email: "not an address" },
      { email: "a\u0000b@example.com" },
      { email: `${"a".repeat(250)}@example.com` },
      { email: "ok@example.com", stream: "marketing" },
      { email: "ok@example.com", note: "n".repeat(1_001) },
      { email: ["ok@example.com"] },
      "{\"email\":"
    ]) {
      expect((await call(manage, "POST", "/suppressions", body)).status, JSON.stringify(body)).toBe(400)
    }
    expect(await listOf("acme", "?email=ok@example.com")).toEqual([])

    expect((await listOf("acme", "?reason=manual")).map((row) => [row.email, row.stream])).toEqual([
      ["zed@example.com", "broadcast"],
      ["zed@example.com", "transactional"]
    ])
    expect((await listOf("acme", "?email=ZED@example.com&stream=broadcast")).map((row) => row.id)).toEqual([
      (await broadcast.clone().json()).id
    ])
    const firstPage = await (await call(manage, "GET", "/suppressions?limit=1")).json()
    expect(firstPage.data).toHaveLength(1)
    const secondPage = await (await call(manage, "GET", `/suppressions?limit=1&cursor=${firstPage.meta.nextCursor}`)).json()
    expect(secondPage.data[0].id).not.toBe(firstPage.data[0].id)
    for (const query of ["?reason=bogus", "?stream=x", "?limit=0", "?cursor=not-a-uuid"]) {
      expect((await call(manage, "GET", `/suppressions${query}`)).status, query).toBe(400)
    }

    // Another tenant neither sees nor removes the entry; a key without the scope reaches nothing.
    expect(await listOf("other", "?email=zed@example.com")).toEqual([])
    await expectRefusal(await call(tenants.other.manage, "DELETE", "/suppressions/zed@example.com"), 404, "suppression_not_found")
    expect((await call(tenants.acme.send, "GET", "/suppressions")).status).toBe(403)
    // A member reads the list but may not change it.
    const member = (await served.kit.admin.issueDashboardToken(tenants.acme.id, { sub: "m", role: "member" })).token
    expect((await call(member, "GET", "/suppressions")).status).toBe(200)
    await expectRefusal(await call(member, "DELETE", "/suppressions/zed@example.com"), 403, "admin_required")

    expect((await call(manage, "DELETE", "/suppressions/Zed@example.com")).status).toBe(204)
    await expectRefusal(await call(manage, "DELETE", "/suppressions/zed@example.com"), 404, "suppression_not_found")
    expect((await listOf("acme", "?email=zed@example.com")).map((row) => row.stream)).toEqual(["broadcast"])
    expect((await call(manage, "DELETE", "/suppressions/zed@example.com?stream=broadcast")).status).toBe(204)
    // Taken off: mail to it is attempted again.
    expect((await send("acme", ["zed@example.com"])).messages[0]!.status).toBe("queued")
  })
})

describe("servicekit serve", () => {
  it("starts the inbound listener when SERVICEKIT_INBOUND_SMTP_PORT is set, and stops it with the server", async () => {
    const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
    const env = {
      SERVICEKIT_DATA_DIR: join(dataDir, "cli"),
      DATABASE_URL: "",
      REDIS_URL: "",
      SERVICEKIT_INBOUND_SMTP_PORT: "0",
      SERVICEKIT_INBOUND_SMTP_HOST: "127.0.0.1"
    }
    const server = start(process.execPath, [cli, "serve", "--port", "0", "--host", "127.0.0.1", "--json"], env)
    try {
      const [line] = await server.waitFor(/\{"listening".*\}/)
      const { inboundSmtpPort } = JSON.parse(line)
      expect(inboundSmtpPort).toBeGreaterThan(0)
      const reply = await reporterTo(inboundSmtpPort)("anyone@bounces.platform.test", "Subject: not a report\r\n\r\nhello\r\n")
      expect(reply.accepted).toBe(true)
      expect(await server.stop()).toBe(0)
      expect((await reporterTo(inboundSmtpPort)("anyone@bounces.platform.test", "Subject: closed\r\n\r\nhello\r\n")).accepted).toBe(false)
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL")
    }
  })
})
