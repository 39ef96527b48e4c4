import { createHmac } from "node:crypto"
import { defaultSettings } from "@servicekit/core"
import { describe, expect, it } from "vitest"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

// The widget's own routes: its loader script, the panel it frames, and the anonymous visitor's first message.
describe("The Live Chat widget's routes", () => {
  const served = serve(() =>
    memoryKit({
      settings: {
        // The test's X-Forwarded-For names each request's client address.
        trustedProxies: ["127.0.0.1"],
        visitorRateLimits: { ...defaultSettings.visitorRateLimits, startsPerAddress: { limit: 4, windowMs: 3_600_000 } }
      }
    })
  )

  const setUp = async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Widget", entitlements: ["chat"] })
    const { key } = await served.kit.admin.createKey({
      tenantId: tenant.id,
      product: "chat",
      environment: "live",
      scopes: ["chat:read", "chat:write"]
    })
    const { token } = await served.kit.admin.issueDashboardToken(tenant.id, { sub: "agent-ada", role: "member" })
    const widget = await (
      await fetch(`${served.url}/api/tenants/${tenant.id}/chat/widget`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    return { tenantId: tenant.id, key, agent: token, widget }
  }
  // Each call from an address of its own unless the test names one: the limit per address has its own test.
  let addresses = 0
  const start = (body: unknown, ip = `203.0.113.${++addresses % 250}`) =>
    fetch(`${served.url}/api/public/chat/widget/conversations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: typeof body === "string" ? body : JSON.stringify(body)
    })
  const conversationsOf = async (key: string) =>
    (await (await fetch(`${served.url}/api/v1/chat/conversations?limit=100`, { headers: { authorization: `Bearer ${key}` } })).json()).data

  it("gives the console the one line to paste, with the tenant's site key, the same each time", async () => {
    const { tenantId, agent, widget } = await setUp()
    expect(widget.siteKey).toMatch(/^svw_[0-9A-Za-z]{24}$/)
    // On the platform's public address, which the tenant's site loads it from.
    expect(widget.scriptUrl).toBe(`${defaultSettings.publicUrl}/api/public/chat/widget.js`)
    expect(widget.snippet).toBe(`<script src="${widget.scriptUrl}" data-site-key="${widget.siteKey}" async></script>`)
    const again = await (
      await fetch(`${served.url}/api/tenants/${tenantId}/chat/widget`, { headers: { authorization: `Bearer ${agent}` } })
    ).json()
    expect(again).toEqual(widget)
  })

  it("serves the loader script and the panel page, which names its site key and allows no other origin", async () => {
    const { widget } = await setUp()
    const loader = await fetch(`${served.url}/api/public/chat/widget.js`)
    expect(loader.status).toBe(200)
    expect(loader.headers.get("content-type")).toContain("text/javascript")
    expect(loader.headers.get("x-content-type-options")).toBe("nosniff")
    expect(await loader.text()).toContain("data-site-key")
    const panel = await fetch(`${served.url}/api/public/chat/widget?siteKey=${widget.siteKey}`)
    expect(panel.status).toBe(200)
    expect(panel.headers.get("content-type")).toContain("text/html")
    expect(panel.headers.get("content-security-policy")).toContain("default-src 'none'; script-src 'self'")
    expect(await panel.text()).toContain(`data-site-key="${widget.siteKey}"`)
    for (const siteKey of ["svw_short", `${widget.siteKey}"><script>`, "", "svw_" + "a".repeat(2000)])
      await expectRefusal(await fetch(`${served.url}/api/public/chat/widget?siteKey=${encodeURIComponent(siteKey)}`), 400, "validation_failed")
  })

  it("opens a conversation with an anonymous visitor on the first message, and hands the page its visitor token", async () => {
    const { key, widget } = await setUp()
    const response = await start({ siteKey: widget.siteKey, content: "Hi! Do you ship to Norway?" })
    expect(response.status).toBe(200)
    const started = await response.json()
    expect(started.visitorToken).toMatch(/^svt_[0-9A-Za-z]{40}$/)
    expect(Date.parse(started.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000)
    expect(started.conversation).toMatchObject({ status: "open", csat: null })
    expect(started.message).toMatchObject({ sequence: 1, authorType: "visitor", content: "Hi! Do you ship to Norway?" })

    // The tenant sees it as a widget conversation of a new, anonymous visitor, with its first message.
    const [conversation] = await conversationsOf(key)
    expect(conversation).toMatchObject({
      id: started.conversation.id,
      source: "widget",
      messageCount: 1,
      lastMessage: { authorType: "visitor", preview: "Hi! Do you ship to Norway?" },
      visitor: { externalId: expect.stringMatching(/^anon_[0-9A-Za-z]{24}$/), displayName: null, email: null }
    })
    expect(conversation.title).toBe(conversation.visitor.externalId)

    // The token opens that conversation, as a minted session's does.
    const auth = { authorization: `Bearer ${started.visitorToken}` }
    const messages = await (await fetch(`${served.url}/api/public/chat/messages`, { headers: auth })).json()
    expect(messages.data.map((message: any) => message.content)).toEqual(["Hi! Do you ship to Norway?"])
    const more = await fetch(`${served.url}/api/public/chat/messages`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ content: "And to Iceland?" })
    })
    expect(more.status).toBe(200)
    // Another first message is another visitor's conversation.
    const other = await (await start({ siteKey: widget.siteKey, content: "Hello" }, "198.51.100.4")).json()
    expect(other.conversation.id).not.toBe(started.conversation.id)
    expect((await conversationsOf(key)).map((each: any) => each.messageCount)).toEqual([1, 2])
  })

  it("refuses an unknown site key, a message it would refuse in a conversation, and a suspended tenant's widget, storing nothing", async () => {
    const { tenantId, key, widget } = await setUp()
    await expectRefusal(await start({ siteKey: `svw_${"x".repeat(24)}`, content: "Hi" }), 404, "widget_not_found")
    for (const body of [
      { siteKey: widget.siteKey },
      { siteKey: widget.siteKey, content: "" },
      { siteKey: widget.siteKey, content: "x".repeat(10_001) },
      { siteKey: widget.siteKey, content: "nul \u0000 byte" },
      { siteKey: "svw_bad", content: "Hi" },
      { siteKey: widget.siteKey, content: ["Hi"] },
      { content: "Hi" },
      "[]"
    ])
      await expectRefusal(await start(body), 400, "validation_failed")
    await expectRefusal(await start('{"siteKey":'), 400, "invalid_body")
    const deep = `{"siteKey":"${widget.siteKey}","content":${'{"a":'.repeat(5_000)}"Hi"${"}".repeat(5_000)}}`
    expect((await start(deep)).status).toBe(400)
    expect(await conversationsOf(key)).toEqual([])

    await served.kit.admin.suspendTenant(tenantId, "Unpaid")
    await expectRefusal(await start({ siteKey: widget.siteKey, content: "Hi" }), 403, "tenant_suspended")
    await served.kit.admin.resumeTenant(tenantId)
    expect((await start({ siteKey: widget.siteKey, content: "Hi" })).status).toBe(200)
  })

  it("takes a signed-in visitor whose id the tenant's server signed, and refuses any other id or hash, storing nothing", async () => {
    const { tenantId, key, agent, widget } = await setUp()
    const { siteKey } = widget
    const admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "lead", role: "admin" })).token
    const resume = (body: unknown) =>
      fetch(`${served.url}/api/public/chat/widget/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.18.0.${++addresses % 250}` },
        body: JSON.stringify(body)
      })
    const rotate = (token: string) =>
      fetch(`${served.url}/api/tenants/${tenantId}/chat/widget/identity-secret`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` }
      })
    // Without a secret, the widget takes anonymous visitors only.
    expect(widget.identitySecretAt).toBeNull()
    await expectRefusal(await resume({ siteKey, externalId: "customer-7", identityHash: "0".repeat(64) }), 403, "identity_not_enabled")
    await expectRefusal(await start({ siteKey, content: "Hi", externalId: "customer-7", identityHash: "0".repeat(64) }), 403, "identity_not_enabled")

    // Only an admin makes the secret, shown once.
    await expectRefusal(await rotate(agent), 403, "admin_required")
    const made = await (await rotate(admin)).json()
    expect(made.identitySecret).toMatch(/^svi_[0-9A-Za-z]{40}$/)
    const shown = await (
      await fetch(`${served.url}/api/tenants/${tenantId}/chat/widget`, { headers: { authorization: `Bearer ${agent}` } })
    ).json()
    expect(shown).toEqual({ ...widget, identitySecretAt: made.createdAt })
    expect(JSON.stringify(shown)).not.toContain(made.identitySecret)
    const sign = (secret: string, externalId: string) => createHmac("sha256", secret).update(externalId).digest("hex")
    const as7 = { externalId: "customer-7", identityHash: sign(made.identitySecret, "customer-7") }

    // Signed in, with no conversation yet: nothing to resume; the first message opens theirs.
    expect(await (await resume({ siteKey, ...as7 })).json()).toEqual({ visitorToken: null, expiresAt: null, conversation: null })
    const started = await (await start({ siteKey, content: "Hi, it's Grace", ...as7 })).json()
    const [conversation] = await conversationsOf(key)
    expect(conversation).toMatchObject({ id: started.conversation.id, source: "widget", title: "customer-7", visitor: { externalId: "customer-7" } })
    // On another browser, the same signed-in visitor finds it again.
    const resumed = await (await resume({ siteKey, ...as7 })).json()
    expect(resumed.conversation.id).toBe(started.conversation.id)
    const messages = await (
      await fetch(`${served.url}/api/public/chat/messages`, { headers: { authorization: `Bearer ${resumed.visitorToken}` } })
    ).json()
    expect(messages.data.map((message: any) => message.content)).toEqual(["Hi, it's Grace"])

    // Another id with that hash, a hash of nothing, half an identity: refused.
    for (const body of [
      { siteKey, externalId: "customer-8", identityHash: as7.identityHash },
      { siteKey, externalId: "customer-7", identityHash: sign("svi_wrong", "customer-7") }
    ]) {
      await expectRefusal(await resume(body), 403, "identity_hash_invalid")
      await expectRefusal(await start({ ...body, content: "Hi" }), 403, "identity_hash_invalid")
    }
    for (const body of [
      { siteKey, content: "Hi", externalId: "customer-7" },
      { siteKey, content: "Hi", identityHash: as7.identityHash },
      { siteKey, content: "Hi", externalId: "customer-7", identityHash: as7.identityHash.toUpperCase() },
      { siteKey, content: "Hi", externalId: "", identityHash: sign(made.identitySecret, "") },
      { siteKey, content: "Hi", externalId: "x".repeat(201), identityHash: sign(made.identitySecret, "x".repeat(201)) }
    ])
      await expectRefusal(await start(body), 400, "validation_failed")

    // A new secret: hashes made with the one before stop verifying at once.
    const next = await (await rotate(admin)).json()
    await expectRefusal(await resume({ siteKey, ...as7 }), 403, "identity_hash_invalid")
    const again = await (await resume({ siteKey, externalId: "customer-7", identityHash: sign(next.identitySecret, "customer-7") })).json()
    expect(again.conversation.id).toBe(started.conversation.id)
    expect(await conversationsOf(key)).toHaveLength(1)
  })

  it("limits how many conversations one address may open an hour, apart from other addresses", async () => {
    const { key, widget } = await setUp()
    const address = "192.0.2.44"
    for (let n = 0; n < 4; n++) expect((await start({ siteKey: widget.siteKey, content: `Hi ${n}` }, address)).status).toBe(200)
    const refused = await start({ siteKey: widget.siteKey, content: "Hi again" }, address)
    await expectRefusal(refused, 429, "rate_limited")
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    expect((await start({ siteKey: widget.siteKey, content: "Hi" }, "192.0.2.45")).status).toBe(200)
    expect(await conversationsOf(key)).toHaveLength(5)
  })
})
