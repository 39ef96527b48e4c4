import { Resolver } from "node:dns/promises"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { dkimVerify } from "mailauth/lib/dkim/verify.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startInboundReports } from "../src/InboundReports.js"
import { bounce, reporterTo } from "./fixtures/deliveryReports.js"
import { startDnsServer } from "./fixtures/dnsServer.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-mail-return-path-"))
const dns = await startDnsServer()
const relay = await startSmtpServer()
afterAll(async () => {
  await relay.close()
  await dns.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe("a sending domain's own return-path subdomain, aliased to the platform's bounce domain", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_DNS_SERVERS: dns.address,
      SERVICEKIT_MAIL_BOUNCE_DOMAIN: "bounces.platform.test",
      SMTP_URL: relay.url
    })
  )
  let inbound: Awaited<ReturnType<typeof startInboundReports>>
  beforeAll(async () => {
    await served.kit.startWorkers()
    inbound = await startInboundReports(served.kit, { port: 0, host: "127.0.0.1" })
  })
  afterAll(() => inbound?.close())

  it("asks for the CNAME, checks it, and once it is published sends with a Return-Path there, whose bounces still come home", async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Shop", entitlements: ["transactional", "business_email"] })
    const keyOf = async (scopes: Array<"domains:manage" | "transactional:send" | "suppressions:manage">) =>
      (await served.kit.admin.createKey({ tenantId: tenant.id, product: "transactional", environment: "live", scopes })).key
    const headers = async (scope: "domains:manage" | "transactional:send" | "suppressions:manage") => ({
      authorization: `Bearer ${await keyOf([scope])}`,
      "content-type": "application/json"
    })
    const manage = await headers("domains:manage")
    const domains = `${served.url}/api/v1/transactional/domains`

    const domain = await (await fetch(domains, { method: "POST", headers: manage, body: JSON.stringify({ domain: "shop.example.com" }) })).json()
    const [dkim, returnPath] = [domain.records[0], domain.records.find((record: { purpose: string }) => record.purpose === "return_path")]
    expect(returnPath).toEqual({
      purpose: "return_path",
      type: "CNAME",
      name: "bounces.shop.example.com",
      value: "bounces.platform.test",
      required: false,
      status: "unchecked",
      found: []
    })
    const verify = async () =>
      (await (await fetch(`${domains}/${domain.id}/verify`, { method: "POST", headers: manage })).json()) as {
        status: string
        records: Array<{ purpose: string; status: string; found: Array<string> }>
      }
    const returnPathOf = (checked: Awaited<ReturnType<typeof verify>>) =>
      checked.records.find((record) => record.purpose === "return_path")!

    dns.setTxt(dkim.name, [dkim.value])
    const withoutAlias = await verify()
    // Recommended, not required: the domain is verified without it.
    expect(withoutAlias.status).toBe("verified")
    expect(returnPathOf(withoutAlias)).toMatchObject({ status: "missing", found: [] })
    dns.setCname("bounces.shop.example.com", "mx.elsewhere.example")
    expect(returnPathOf(await verify())).toMatchObject({ status: "wrong", found: ["mx.elsewhere.example"] })
    dns.setCname("bounces.shop.example.com", "Bounces.Platform.Test")
    expect(returnPathOf(await verify())).toMatchObject({ status: "ok", found: ["bounces.platform.test"] })

    const sent = await fetch(`${served.url}/api/v1/transactional/messages`, {
      method: "POST",
      headers: await headers("transactional:send"),
      body: JSON.stringify({ to: ["gone@customer.example"], subject: "Your order", text: "Shipped.", from: { address: "orders@shop.example.com" } })
    })
    expect(sent.status).toBe(200)
    const [mail] = await relay.waitFor(1)
    expect(mail!.envelopeFrom).toMatch(/^b[a-z2-7]{62}@bounces\.shop\.example\.com$/)
    const resolver = new Resolver()
    resolver.setServers([dns.address])
    const { results } = await dkimVerify(mail!.raw, { resolver: (name: string) => resolver.resolveTxt(name) })
    expect(results[0].status.result).toBe("pass")

    // A bounce to the tenant's subdomain reaches the listener (its MX is the platform's) and suppresses as any other.
    const report = reporterTo(inbound.port)
    const answered = await report(
      mail!.envelopeFrom,
      bounce(mail!.envelopeFrom, "gone@customer.example", "5.1.1", "550 5.1.1 User unknown")
    )
    expect(answered.accepted).toBe(true)
    const listed = await fetch(`${served.url}/api/v1/transactional/suppressions`, { headers: await headers("suppressions:manage") })
    expect((await listed.json()).data).toMatchObject([{ email: "gone@customer.example", reason: "hard_bounce" }])

    // An alias checked ok, then turned to the tenant's own server: its bounces would bypass the
    // platform (suppressions, reputation), so the platform's own return path is used instead.
    const news = await (await fetch(domains, { method: "POST", headers: manage, body: JSON.stringify({ domain: "news.example.com" }) })).json()
    dns.setTxt(news.records[0].name, [news.records[0].value])
    dns.setCname("bounces.news.example.com", "bounces.platform.test")
    const checked = await (await fetch(`${domains}/${news.id}/verify`, { method: "POST", headers: manage })).json()
    expect(returnPathOf(checked)).toMatchObject({ status: "ok" })
    dns.setCname("bounces.news.example.com", "mx.news.example.com")
    const turned = await fetch(`${served.url}/api/v1/transactional/messages`, {
      method: "POST",
      headers: await headers("transactional:send"),
      body: JSON.stringify({ to: ["reader@customer.example"], subject: "News", text: "Hello.", from: { address: "hello@news.example.com" } })
    })
    expect(turned.status).toBe(200)
    const [, newsMail] = await relay.waitFor(2)
    expect(newsMail!.envelopeFrom).toMatch(/^b[a-z2-7]{62}@bounces\.platform\.test$/)
  }, 60_000)
})
