import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startInboundReports } from "../src/InboundReports.js"
import { bounce, complaint, reporterTo } from "./fixtures/deliveryReports.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { kitOn, serve } from "./hostileInput.js"
import { receiver, until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-mail-reputation-"))
const relay = await startSmtpServer()
afterAll(async () => {
  await relay.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const ADMIN_TOKEN = "platform-admin-token-for-reputation-tests"
type Name = "acme" | "globex"

describe("the per-tenant brake: a tenant past the pause threshold is refused, the others' mail still arrives", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SMTP_URL: relay.url,
      SERVICEKIT_ADMIN_TOKEN: ADMIN_TOKEN,
      SERVICEKIT_MAIL_BOUNCE_DOMAIN: "bounces.platform.test",
      // Judged from 5 messages on: one hard bounce in five (20 %) warns, two in six (33 %) pause.
      SERVICEKIT_MAIL_BOUNCE_RATES: "15,30",
      SERVICEKIT_MAIL_REPUTATION_MIN_SENDS: "5",
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_WEBHOOK_RETRY_SECONDS: "0.05"
    })
  )
  const hook = receiver()
  let inbound: Awaited<ReturnType<typeof startInboundReports>>
  let report: ReturnType<typeof reporterTo>
  const keys = {} as Record<Name, { id: string; send: string; read: string }>

  beforeAll(async () => {
    await hook.start()
    await served.kit.startWorkers()
    inbound = await startInboundReports(served.kit, { port: 0, host: "127.0.0.1" })
    report = reporterTo(inbound.port)
    for (const name of ["acme", "globex"] as const) {
      const tenant = await served.kit.admin.createTenant({ name, entitlements: ["transactional", "business_email"] })
      const keyOf = async (scopes: Array<"transactional:send" | "reputation:read">) =>
        (await served.kit.admin.createKey({ tenantId: tenant.id, product: "transactional", environment: "live", scopes })).key
      keys[name] = { id: tenant.id, send: await keyOf(["transactional:send"]), read: await keyOf(["reputation:read"]) }
    }
    const hooks = (await served.kit.admin.createKey({
      tenantId: keys.acme.id,
      product: "transactional",
      environment: "live",
      scopes: ["webhooks:manage"]
    })).key
    const subscribed = await fetch(`${served.url}/api/tenants/${keys.acme.id}/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${hooks}`, "content-type": "application/json" },
      body: JSON.stringify({ url: hook.url(), events: ["sending.warning", "sending.paused", "sending.resumed"] })
    })
    expect(subscribed.status).toBe(200)
    hook.setSecret((await subscribed.json()).secret)
  })
  afterAll(async () => {
    await inbound?.close()
    await hook.stop()
  })

  const send = (name: Name, to: string) =>
    fetch(`${served.url}/api/v1/transactional/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys[name].send}`, "content-type": "application/json" },
      body: JSON.stringify({ to: [to], subject: "Our news", text: "Hello." })
    })
  /** The message the relay received for `to`, once it did. */
  const relayed = async (to: string) => {
    await until(`a message to ${to} at the relay`, () => relay.received.some((mail) => mail.envelopeTo.includes(to)))
    return relay.received.find((mail) => mail.envelopeTo.includes(to))!
  }
  const reputationOf = async (name: Name) => {
    const answered = await fetch(`${served.url}/api/v1/transactional/reputation`, {
      headers: { authorization: `Bearer ${keys[name].read}` }
    })
    expect(answered.status).toBe(200)
    return answered.json()
  }
  const admin = (method: string, path: string) =>
    fetch(`${served.url}/api/admin${path}`, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })

  it("warns at the first bounce in five, pauses at the second, resumes by the platform admin", async () => {
    const returnPaths: Array<string> = []
    for (let n = 0; n < 5; n++) {
      expect((await send("acme", `reader${n}@customer.example`)).status).toBe(200)
      returnPaths.push((await relayed(`reader${n}@customer.example`)).envelopeFrom)
    }
    await until("five sends counted", async () => (await reputationOf("acme")).sent === 5)

    const hardBounce = (n: number) =>
      report(returnPaths[n]!, bounce(returnPaths[n]!, `reader${n}@customer.example`, "5.1.1", "550 5.1.1 User unknown"))
    expect((await hardBounce(0)).accepted).toBe(true)
    expect(await reputationOf("acme")).toMatchObject({ status: "warning", cause: "bounces", sent: 5, bounced: 1 })
    await until("the sending.warning event", () => hook.received.some((one) => one.event === "sending.warning"))
    // Warned, mail goes on.
    expect((await send("acme", "warned@customer.example")).status).toBe(200)
    await relayed("warned@customer.example")
    await until("six sends counted", async () => (await reputationOf("acme")).sent === 6)

    expect((await hardBounce(1)).accepted).toBe(true)
    expect(await reputationOf("acme")).toMatchObject({ status: "paused", cause: "bounces", sent: 6, bounced: 2 })
    await until("the sending.paused event", () => hook.received.some((one) => one.event === "sending.paused"))
    expect(hook.received.find((one) => one.event === "sending.paused")!.payload).toEqual({
      cause: "bounces",
      sent: 6,
      bounced: 2,
      complained: 0,
      bounceRate: 2 / 6,
      complaintRate: 0,
      windowDays: 7
    })

    const refused = await send("acme", "refused@customer.example")
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe("sending_paused")

    // The other tenant's mail still arrives, and its own complaint counts against it alone.
    expect((await send("globex", "ada@customer.example")).status).toBe(200)
    const theirs = await relayed("ada@customer.example")
    expect((await report("fbl@bounces.platform.test", complaint(theirs.envelopeFrom, "ada@customer.example"))).accepted).toBe(true)
    await until("the complaint counted", async () => (await reputationOf("globex")).complained === 1)
    // One message is fewer than the five the platform judges from.
    expect(await reputationOf("globex")).toMatchObject({ status: "good", sent: 1 })

    const listed = await admin("GET", "/mail-reputation?status=paused")
    expect(listed.status).toBe(200)
    expect((await listed.json()).data.map((one: { tenantId: string }) => one.tenantId)).toEqual([keys.acme.id])
    const resumed = await admin("POST", `/tenants/${keys.acme.id}/mail-reputation/resume`)
    expect(resumed.status).toBe(200)
    expect(await resumed.json()).toMatchObject({ tenantId: keys.acme.id, status: "good", sent: 0, bounced: 0 })
    await until("the sending.resumed event", () => hook.received.some((one) => one.event === "sending.resumed"))

    expect((await send("acme", "back@customer.example")).status).toBe(200)
    await relayed("back@customer.example")
    expect(relay.received.some((mail) => mail.envelopeTo.includes("refused@customer.example"))).toBe(false)
  })
})
