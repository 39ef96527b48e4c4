import { createPublicKey } from "node:crypto"
import { createSocket } from "node:dgram"
import { Resolver } from "node:dns/promises"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { MailDomainRepository, MailDomainService, SecretBox } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { dkimVerify } from "mailauth/lib/dkim/verify.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveConfig } from "../src/Config.js"
import { startDnsServer } from "./fixtures/dnsServer.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-mail-domains-"))
const dns = await startDnsServer()
afterAll(async () => {
  await dns.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

type Product = "transactional" | "business_email" | "chat"

describe("sending domains: DKIM keys and the records to publish, checked against a DNS server", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_DNS_SERVERS: dns.address,
      SERVICEKIT_MAIL_SPF_INCLUDE: "spf.platform.example"
    })
  )
  let tenantId: string
  let key: string
  let member: string
  let admin: string
  let otherKey: string
  let chatOnlyKey: string

  const request = (method: string, path: string, credential: string, body?: unknown) =>
    fetch(`${served.url}/api/v1/transactional/domains${path}`, {
      method,
      headers: {
        authorization: `Bearer ${credential}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
    })
  const ok = async (response: Promise<Response>, status = 200) => {
    const answered = await response
    expect(answered.status).toBe(status)
    return answered.json()
  }
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => served.kit.runtime.runPromise(effect as Effect.Effect<A, E>)

  beforeAll(async () => {
    const tenantWith = async (name: string, entitlements: ReadonlyArray<Product>) => {
      const tenant = await served.kit.admin.createTenant({ name, entitlements: [...entitlements] })
      const created = await served.kit.admin.createKey({
        tenantId: tenant.id,
        product: entitlements.includes("chat") ? "chat" : "transactional",
        environment: "live",
        scopes: ["domains:manage"]
      })
      return { id: tenant.id, key: created.key }
    }
    const mail = await tenantWith("Acme Mail", ["transactional", "business_email"])
    tenantId = mail.id
    key = mail.key
    member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "m", role: "member" })).token
    admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "a", role: "admin" })).token
    otherKey = (await tenantWith("Other Mail", ["transactional", "business_email"])).key
    chatOnlyKey = (await tenantWith("Chat only", ["chat"])).key
  })

  it("adds a domain with a DKIM key of its own: the records to publish answered, the private key sealed and never shown", async () => {
    const domain = await ok(request("POST", "", key, { domain: "  Mail.Example.COM. " }), 201)
    expect(domain).toMatchObject({
      domain: "mail.example.com",
      status: "pending",
      failure: null,
      dkimSelector: expect.stringMatching(/^sk[0-9a-z]{8}$/),
      checkedAt: null,
      verifiedAt: null
    })
    const [dkim, spf, dmarc] = domain.records
    expect(dkim).toEqual({
      purpose: "dkim",
      type: "TXT",
      name: `${domain.dkimSelector}._domainkey.mail.example.com`,
      value: expect.stringMatching(/^v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA[A-Za-z0-9+/]+=*$/),
      required: true,
      status: "unchecked",
      found: []
    })
    expect(spf).toMatchObject({ purpose: "spf", name: "mail.example.com", value: "v=spf1 include:spf.platform.example ~all" })
    expect(dmarc).toMatchObject({ purpose: "dmarc", name: "_dmarc.mail.example.com", value: "v=DMARC1; p=none" })
    expect(JSON.stringify(domain)).not.toMatch(/PRIVATE|sealed/i)

    // At rest the private key is sealed; opened, it is the half of the published key.
    const stored = Option.getOrThrow(await run(Effect.flatMap(MailDomainRepository, (all) => all.find(tenantId, domain.id))))
    expect(stored.dkimPrivateKeySealed).toMatch(/^v1\./)
    expect(stored.dkimPrivateKeySealed).not.toContain("PRIVATE KEY")
    const pem = await run(Effect.flatMap(SecretBox, (box) => box.open(stored.dkimPrivateKeySealed)))
    expect(createPublicKey(pem).export({ type: "spki", format: "der" }).toString("base64")).toBe(dkim.value.split("p=")[1])

    expect(await ok(request("GET", "", key))).toEqual({ data: [domain] })
    expect(await ok(request("GET", `/${domain.id}`, member))).toEqual(domain)
    await expectRefusal(await request("GET", `/${domain.id}`, otherKey), 404, "mail_domain_not_found")
    expect(await ok(request("GET", "", otherKey))).toEqual({ data: [] })
    await expectRefusal(await request("POST", "", admin, { domain: "mail.example.com" }), 409, "mail_domain_exists")
  })

  it("refuses what is not a domain, a tenant without Business Email and a member's changes, storing nothing", async () => {
    const before = await ok(request("GET", "", key))
    for (const domain of [
      "localhost",
      "192.0.2.1",
      "-bad.example.com",
      "a..example.com",
      "exämple.com",
      "mail example.com",
      `${"a".repeat(64)}.example.com`,
      `${"a.".repeat(130)}com`,
      "",
      "<script>.example.com"
    ]) {
      const refused = await request("POST", "", key, { domain })
      expect(refused.status, domain).toBe(400)
    }
    for (const body of [{ domain: "ok\u0000.example.com" }, { domain: 42 }, {}, '{"domain":', "x".repeat(10_000)]) {
      const refused = await request("POST", "", key, body)
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400)
    }
    await expectRefusal(await request("POST", "", chatOnlyKey, { domain: "chat.example.com" }), 403, "product_not_entitled")
    await expectRefusal(await request("POST", "", member, { domain: "member.example.com" }), 403, "admin_required")
    await expectRefusal(await request("GET", "/not-a-uuid", key), 400, "validation_failed")
    expect(await ok(request("GET", "", key))).toEqual(before)
  })

  it("verifies the domain once its DKIM record is published, says per record what is missing or wrong, and fails it when the record goes", async () => {
    const domain = await ok(request("POST", "", admin, { domain: "news.example.com" }), 201)
    const [dkim, spf, dmarc] = domain.records as Array<{ name: string; value: string }>
    const verify = () => ok(request("POST", `/${domain.id}/verify`, key))

    const unpublished = await verify()
    expect(unpublished).toMatchObject({ status: "pending", failure: null, checkedAt: expect.any(String), verifiedAt: null })
    expect(unpublished.records.map((record: { status: string }) => record.status)).toEqual(["missing", "missing", "missing"])

    // The DKIM record is longer than one DNS string: it is published split, as DNS carries it.
    dns.setTxt(dkim!.name, [dkim!.value])
    dns.setTxt(spf!.name, ["google-site-verification=abc", "v=spf1 include:_spf.google.com include:spf.platform.example ~all"])
    dns.setTxt(dmarc!.name, ["v=DMARC1; p=quarantine; rua=mailto:dmarc@news.example.com"])
    const verified = await verify()
    expect(verified).toMatchObject({ status: "verified", failure: null, verifiedAt: verified.checkedAt })
    expect(verified.records.map((record: { status: string }) => record.status)).toEqual(["ok", "ok", "ok"])
    expect(verified.records[1].found).toEqual(["v=spf1 include:_spf.google.com include:spf.platform.example ~all"])

    // Two SPF records are an error to every receiver: wrong, though the domain stays verified by its DKIM record.
    dns.setTxt(spf!.name, ["v=spf1 include:spf.platform.example ~all", "v=spf1 -all"])
    dns.remove(dmarc!.name)
    const halfway = await verify()
    expect(halfway).toMatchObject({ status: "verified", verifiedAt: verified.verifiedAt })
    expect(halfway.records.map((record: { status: string }) => record.status)).toEqual(["ok", "wrong", "missing"])

    // Another key at the selector: failed, and said why.
    dns.setTxt(dkim!.name, ["v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAother"])
    const replaced = await verify()
    expect(replaced.status).toBe("failed")
    expect(replaced.failure).toContain(dkim!.name)
    expect(replaced.records[0]).toMatchObject({ status: "wrong", found: [expect.stringContaining("other")] })
    // Gone: failed, the record no longer there.
    dns.remove(dkim!.name)
    const gone = await verify()
    expect(gone).toMatchObject({ status: "failed", failure: expect.stringContaining("is gone") })
    expect(await ok(request("GET", `/${domain.id}`, member))).toEqual(gone)
    await expectRefusal(await request("POST", `/${domain.id}/verify`, member), 403, "admin_required")
  })

  it("checks domains in the background, the never checked first", async () => {
    const domain = await ok(request("POST", "", key, { domain: "later.example.com" }), 201)
    dns.setTxt(domain.records[0].name, [domain.records[0].value])
    const checked = await run(Effect.flatMap(MailDomainService, (domains) => domains.recheck))
    expect(checked).toBeGreaterThanOrEqual(1)
    expect(await ok(request("GET", `/${domain.id}`, key))).toMatchObject({ status: "verified" })
  })

  it("deletes a domain with its key", async () => {
    const domain = await ok(request("POST", "", key, { domain: "gone.example.com" }), 201)
    const deleted = await request("DELETE", `/${domain.id}`, key)
    expect(deleted.status).toBe(204)
    await expectRefusal(await request("GET", `/${domain.id}`, key), 404, "mail_domain_not_found")
    await expectRefusal(await request("DELETE", `/${domain.id}`, key), 404, "mail_domain_not_found")
    expect(await run(Effect.flatMap(MailDomainRepository, (all) => all.find(tenantId, domain.id)))).toEqual(Option.none())
  })
})

describe("sending domains when DNS does not answer", () => {
  // A port nothing answers on: the resolver is refused at once.
  const closed = createSocket("udp4")
  let closedPort = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => closed.bind(0, "127.0.0.1", resolve))
    closedPort = closed.address().port
    closed.close()
  })
  const served = serve(() =>
    kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "dark"), SERVICEKIT_DNS_SERVERS: `127.0.0.1:${closedPort}` })
  )

  it("answers 503 dns_lookup_unavailable and leaves the domain as it was", async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Dark", entitlements: ["transactional", "business_email"] })
    const { key } = await served.kit.admin.createKey({
      tenantId: tenant.id,
      product: "transactional",
      environment: "live",
      scopes: ["domains:manage"]
    })
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" }
    const added = await fetch(`${served.url}/api/v1/transactional/domains`, {
      method: "POST",
      headers,
      body: JSON.stringify({ domain: "dark.example.com" })
    })
    expect(added.status).toBe(201)
    const domain = await added.json()
    const refused = await fetch(`${served.url}/api/v1/transactional/domains/${domain.id}/verify`, { method: "POST", headers })
    await expectRefusal(refused, 503, "dns_lookup_unavailable")
    const after = await fetch(`${served.url}/api/v1/transactional/domains/${domain.id}`, { headers })
    expect(await after.json()).toEqual(domain)
  }, 30_000)
})

describe("SERVICEKIT_DNS_SERVERS", () => {
  it("takes IP addresses with optional ports, and refuses anything else naming it", () => {
    const config = resolveConfig({}, { SERVICEKIT_DNS_SERVERS: "1.1.1.1, 10.0.0.2:5353,[2001:db8::53]:53 , 2001:db8::1" })
    expect(config.dnsServers).toEqual(["1.1.1.1", "10.0.0.2:5353", "[2001:db8::53]:53", "2001:db8::1"])
    expect(resolveConfig({}, {}).dnsServers).toEqual([])
    expect(() => resolveConfig({}, { SERVICEKIT_DNS_SERVERS: "dns.example.com" })).toThrow(/SERVICEKIT_DNS_SERVERS/)
  })
})

describe("mail from a tenant's sending domain", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(() => smtp.close())
  const served = serve(() =>
    kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "signing"), SERVICEKIT_DNS_SERVERS: dns.address, SMTP_URL: smtp.url })
  )
  /** DKIM checked as a receiving server does, its keys read from the test's DNS server. */
  const verifyDkim = async (raw: Buffer) => {
    const resolver = new Resolver()
    resolver.setServers([dns.address])
    // Only TXT records are asked for a DKIM key.
    const { results } = await dkimVerify(raw, { resolver: (name: string) => resolver.resolveTxt(name) })
    return results as Array<{ signingDomain: string; selector: string; status: { result: string; comment?: string } }>
  }

  it("signs it with the domain's DKIM key, which a standard verifier passes against the published record", async () => {
    await served.kit.startWorkers()
    const tenant = await served.kit.admin.createTenant({ name: "Signer", entitlements: ["transactional", "business_email"] })
    const keyOf = async (scopes: Array<"domains:manage" | "transactional:send">) =>
      (await served.kit.admin.createKey({ tenantId: tenant.id, product: "transactional", environment: "live", scopes })).key
    const manage = { authorization: `Bearer ${await keyOf(["domains:manage"])}`, "content-type": "application/json" }
    const sendHeaders = { authorization: `Bearer ${await keyOf(["transactional:send"])}`, "content-type": "application/json" }
    const send = (body: unknown) =>
      fetch(`${served.url}/api/v1/transactional/messages`, { method: "POST", headers: sendHeaders, body: JSON.stringify(body) })
    const mail = { to: ["ada@customer.example"], subject: "Your invoice", text: "It is attached." }

    const added = await fetch(`${served.url}/api/v1/transactional/domains`, {
      method: "POST",
      headers: manage,
      body: JSON.stringify({ domain: "billing.example.com" })
    })
    const domain = await added.json()
    // Not verified yet: refused, naming the domain and its status; another domain too.
    const early = await expectRefusal(await send({ ...mail, from: { address: "invoices@billing.example.com" } }), 400, "validation_failed")
    expect(early.details).toEqual([{ field: "from.address", reason: expect.stringContaining("billing.example.com, which is pending") }])
    const foreign = await expectRefusal(await send({ ...mail, from: { address: "ceo@other.example" } }), 400, "validation_failed")
    expect(foreign.details![0]!.reason).toContain("other.example, which is not a sending domain of the account")
    for (const from of [{ address: "not an address" }, { name: "Evil\r\nBcc: all@example.com", address: "x@billing.example.com" }]) {
      expect((await send({ ...mail, from })).status).toBe(400)
    }

    const dkim = domain.records[0]
    dns.setTxt(dkim.name, [dkim.value])
    const verified = await fetch(`${served.url}/api/v1/transactional/domains/${domain.id}/verify`, { method: "POST", headers: manage })
    expect((await verified.json()).status).toBe("verified")
    const sent = await send({ ...mail, from: { name: 'Billing "Team" of Acme', address: "invoices@Billing.example.com" } })
    expect(sent.status).toBe(200)
    // The platform's own sender: not signed with the tenant's key.
    expect((await send({ ...mail, to: ["bob@customer.example"] })).status).toBe(200)

    const [first, second] = await smtp.waitFor(2)
    const signed = [first!, second!].find((one) => one.envelopeTo.includes("ada@customer.example"))!
    const unsigned = [first!, second!].find((one) => one.envelopeTo.includes("bob@customer.example"))!
    expect(signed.parsed.from?.value).toEqual([{ name: 'Billing "Team" of Acme', address: "invoices@billing.example.com" }])
    const results = await verifyDkim(signed.raw)
    expect(results).toEqual([
      expect.objectContaining({ signingDomain: "billing.example.com", selector: domain.dkimSelector, status: expect.objectContaining({ result: "pass" }) })
    ])
    expect(signed.parsed.headers.get("dkim-signature")).toBeDefined()
    expect(unsigned.parsed.headers.get("dkim-signature")).toBeUndefined()

    // Tampered in transit: the verifier fails it.
    const tampered = Buffer.from(signed.raw.toString("utf8").replace("It is attached.", "Pay to another account."))
    expect(tampered.equals(signed.raw)).toBe(false)
    const [changed] = await verifyDkim(tampered)
    expect(changed!.status).toMatchObject({ result: "neutral", comment: "body hash did not verify" })

    // Broadcast mail: its one-click unsubscribe headers are under the signature, as RFC 8058 asks.
    expect((await send({ ...mail, subject: "News", to: ["cy@customer.example"], stream: "broadcast", from: { address: "news@billing.example.com" } })).status).toBe(200)
    const [, , news] = await smtp.waitFor(3)
    const [newsResult] = await verifyDkim(news!.raw)
    expect(newsResult!.status).toMatchObject({ result: "pass" })
    const signedHeaders = /\bh=([^;]+)/.exec(news!.raw.toString().replace(/\r?\n[ \t]+/g, ""))![1]!.toLowerCase().split(":")
    expect(signedHeaders).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post", "from", "subject"]))

    // A template's own sender: checked when it is set, used by sends that give none, taken away with null.
    const templates = (method: string, path: string, body: unknown) =>
      fetch(`${served.url}/api/v1/transactional/templates${path}`, { method, headers: sendHeaders, body: JSON.stringify(body) })
    const bodyJson = { subject: "Invoice {{number}}", html: "", text: "Invoice {{number}} is attached." }
    const foreignFrom = await expectRefusal(
      await templates("POST", "", { name: "elsewhere", bodyJson, from: { address: "billing@other.example" } }),
      400,
      "validation_failed"
    )
    expect(foreignFrom.details).toEqual([{ field: "from.address", reason: expect.stringContaining("other.example") }])
    const created = await templates("POST", "", { name: "invoice", bodyJson, from: { name: "Billing", address: "billing@billing.example.com" } })
    const template = await created.json()
    expect(template.from).toEqual({ name: "Billing", address: "billing@billing.example.com" })
    expect((await send({ templateId: template.id, to: ["dee@customer.example"], variables: { number: 7 } })).status).toBe(200)
    const [, , , invoice] = await smtp.waitFor(4)
    expect(invoice!.parsed.from?.value).toEqual([{ name: "Billing", address: "billing@billing.example.com" }])
    expect((await verifyDkim(invoice!.raw))[0]!.status).toMatchObject({ result: "pass" })
    const patched = await templates("PATCH", `/${template.id}`, { from: null })
    expect((await patched.json()).from).toBeNull()
    expect((await send({ templateId: template.id, to: ["eli@customer.example"], variables: { number: 8 } })).status).toBe(200)
    const [, , , , plain] = await smtp.waitFor(5)
    expect(plain!.parsed.from?.value[0]?.address).toBe("no-reply@servicekit.local")
  }, 60_000)
})
