import { describe, expect, it } from "vitest"
import { chatTenant } from "./chatEvents.js"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

const PLATFORM = { name: "Helpdesk Cloud", accentColor: "#2f5bd3", logoUrl: "/logo.svg" }

// How a tenant's chat looks to its visitors, set by its admins; the names its agents sign with.
describe("The Live Chat appearance and agents' names", () => {
  const served = serve(() => memoryKit({ settings: { brand: PLATFORM } }))

  const setUp = async () => {
    const { key, tenantId, token } = await chatTenant(served, "Acme")
    const admin = await token("admin-grace", "admin")
    const member = await token("agent-ada")
    const dashboard = (credential: string, method: string, path: string, body?: unknown) =>
      fetch(`${served.url}/api/tenants/${tenantId}/chat${path}`, {
        method,
        headers: { authorization: `Bearer ${credential}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) })
      })
    const widget = await (await dashboard(member, "GET", "/widget")).json()
    return { tenantId, key, admin, member, dashboard, siteKey: widget.siteKey as string }
  }
  const shown = async (siteKey: string) => {
    const response = await fetch(`${served.url}/api/public/chat/widget/appearance?siteKey=${siteKey}`)
    expect(response.status).toBe(200)
    return response.json()
  }

  it("shows visitors the platform's brand until an admin sets the tenant's own, and the widget and hosted page the same", async () => {
    const { admin, dashboard, key, siteKey } = await setUp()
    const platform = {
      displayName: PLATFORM.name,
      logoUrl: PLATFORM.logoUrl,
      accentColor: PLATFORM.accentColor,
      greeting: "Hi! Ask us anything, we will answer here.",
      launcherPosition: "right"
    }
    expect(await shown(siteKey)).toEqual(platform)
    const before = await (await dashboard(admin, "GET", "/appearance")).json()
    expect(before).toEqual({
      displayName: null,
      accentColor: null,
      greeting: null,
      launcherPosition: "right",
      updatedAt: null,
      shown: platform
    })

    const response = await dashboard(admin, "PATCH", "/appearance", {
      displayName: "  Acme Support ",
      accentColor: "#0B6E4F",
      greeting: "Hello!\nWe answer within the hour.",
      launcherPosition: "left"
    })
    expect(response.status).toBe(200)
    const changed = await response.json()
    const acme = {
      displayName: "Acme Support",
      logoUrl: null,
      accentColor: "#0b6e4f",
      greeting: "Hello!\nWe answer within the hour.",
      launcherPosition: "left"
    }
    expect(changed).toMatchObject({ displayName: "Acme Support", accentColor: "#0b6e4f", launcherPosition: "left", shown: acme })
    expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(await shown(siteKey)).toEqual(acme)

    // The hosted page's visitor reads the same through its token.
    const session = await (
      await fetch(`${served.url}/api/v1/chat/sessions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ externalId: "visitor-1" })
      })
    ).json()
    const visitor = await fetch(`${served.url}/api/public/chat/appearance`, {
      headers: { authorization: `Bearer ${session.visitorToken}` }
    })
    expect(await visitor.json()).toEqual(acme)

    // A field left out stays; null gives it back to the platform.
    const partly = await (await dashboard(admin, "PATCH", "/appearance", { displayName: null, greeting: null })).json()
    expect(partly.shown).toEqual({ ...acme, displayName: PLATFORM.name, logoUrl: PLATFORM.logoUrl, greeting: platform.greeting })
    expect(partly).toMatchObject({ accentColor: "#0b6e4f", launcherPosition: "left" })
  })

  it("refuses an appearance it cannot show legibly or safely, naming the field, and changes nothing", async () => {
    const { admin, dashboard, member, siteKey } = await setUp()
    await dashboard(admin, "PATCH", "/appearance", { displayName: "Acme", accentColor: "#0b6e4f" })
    const before = await (await dashboard(admin, "GET", "/appearance")).json()
    const refusals: ReadonlyArray<[unknown, string]> = [
      [{ accentColor: "#ffee00" }, "accentColor"],
      [{ accentColor: "green" }, "accentColor"],
      [{ accentColor: "#0b6e4f; background:url(x)" }, "accentColor"],
      [{ displayName: "" }, "displayName"],
      [{ displayName: "x".repeat(61) }, "displayName"],
      [{ displayName: "Acme\u0000" }, "displayName"],
      [{ greeting: "   " }, "greeting"],
      [{ greeting: "x".repeat(501) }, "greeting"],
      [{ greeting: "Hello\u0007" }, "greeting"],
      [{ launcherPosition: "top" }, "launcherPosition"],
      [{ displayName: 42 }, "displayName"]
    ]
    for (const [body, field] of refusals) {
      const refused = await expectRefusal(await dashboard(admin, "PATCH", "/appearance", body), 400, "validation_failed")
      expect(refused.details?.map((detail) => detail.field)).toContain(field)
    }
    const contrast = await (await dashboard(admin, "PATCH", "/appearance", { accentColor: "#ffee00" })).json()
    expect(contrast.error.message).toContain("with white text on it")
    await expectRefusal(await dashboard(admin, "PATCH", "/appearance", "{".repeat(5_000)), 400, "invalid_body")
    // A member reads it but may not change it.
    await expectRefusal(await dashboard(member, "PATCH", "/appearance", { displayName: "Mine" }), 403, "admin_required")
    expect(await (await dashboard(member, "GET", "/appearance")).json()).toEqual(before)
    expect((await shown(siteKey)).displayName).toBe("Acme")
  })

  it("keeps tenants apart, and a suspended tenant's or unknown widget shows nothing", async () => {
    const one = await setUp()
    const two = await setUp()
    await one.dashboard(one.admin, "PATCH", "/appearance", { displayName: "One" })
    // Another tenant's token is refused on this tenant's routes.
    await expectRefusal(
      await fetch(`${served.url}/api/tenants/${one.tenantId}/chat/appearance`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${two.admin}`, "content-type": "application/json" },
        body: JSON.stringify({ displayName: "Two" })
      }),
      403,
      "tenant_mismatch"
    )
    expect((await shown(one.siteKey)).displayName).toBe("One")
    expect((await shown(two.siteKey)).displayName).toBe(PLATFORM.name)
    await expectRefusal(
      await fetch(`${served.url}/api/public/chat/widget/appearance?siteKey=svw_${"A".repeat(24)}`),
      404,
      "widget_not_found"
    )
    await expectRefusal(await fetch(`${served.url}/api/public/chat/widget/appearance?siteKey=bad`), 400, "validation_failed")
    await expectRefusal(await fetch(`${served.url}/api/public/chat/appearance`), 401, "missing_credentials")
    await served.kit.admin.suspendTenant(one.tenantId)
    await expectRefusal(
      await fetch(`${served.url}/api/public/chat/widget/appearance?siteKey=${one.siteKey}`),
      403,
      "tenant_suspended"
    )
  })

  it("signs an agent's replies with their name and initials as they were, for the visitor and the API alike", async () => {
    const { admin, dashboard, key, member } = await setUp()
    const session = await (
      await fetch(`${served.url}/api/v1/chat/sessions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ externalId: "visitor-2" })
      })
    ).json()
    const reply = async (content: string) =>
      (await dashboard(member, "POST", `/conversations/${session.conversationId}/messages`, { content })).json()
    const unsigned = await reply("Before I had a name.")
    expect(unsigned).toMatchObject({ authorType: "agent", authorId: "agent-ada", authorName: null, authorInitials: null })

    const own = await dashboard(member, "PUT", "/agents/agent-ada", { displayName: "Ada King Lovelace" })
    expect(own.status).toBe(200)
    expect(await own.json()).toMatchObject({ agentId: "agent-ada", displayName: "Ada King Lovelace", initials: "AL" })
    const signed = await reply("Now you know me.")
    expect(signed).toMatchObject({ authorName: "Ada King Lovelace", authorInitials: "AL" })
    await dashboard(member, "PUT", "/agents/agent-ada", { displayName: "Ada", initials: "Ad" })

    const visitorSees = await (
      await fetch(`${served.url}/api/public/chat/messages`, { headers: { authorization: `Bearer ${session.visitorToken}` } })
    ).json()
    expect(visitorSees.data.map((message: Record<string, unknown>) => [message.authorName, message.authorInitials])).toEqual([
      [null, null],
      ["Ada King Lovelace", "AL"]
    ])
    expect(visitorSees.data[1]).not.toHaveProperty("authorId")
    // The visitor's own messages and the API's carry no signature.
    const api = await (
      await fetch(`${served.url}/api/v1/chat/conversations/${session.conversationId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "From the API." })
      })
    ).json()
    expect(api).toMatchObject({ authorType: "api", authorName: null, authorInitials: null })

    // The list, by name; a member may not rename another agent, an admin may, and may remove.
    await dashboard(admin, "PUT", "/agents/admin-grace", { displayName: "Grace Hopper" })
    const listed = await (await dashboard(member, "GET", "/agents")).json()
    expect(listed.data.map((profile: { agentId: string }) => profile.agentId)).toEqual(["agent-ada", "admin-grace"])
    await expectRefusal(await dashboard(member, "PUT", "/agents/admin-grace", { displayName: "Not Grace" }), 403, "admin_required")
    await expectRefusal(await dashboard(member, "DELETE", "/agents/admin-grace"), 403, "admin_required")
    expect((await dashboard(admin, "PUT", "/agents/agent-ada", { displayName: "Ada L." })).status).toBe(200)
    expect((await dashboard(admin, "DELETE", "/agents/agent-ada")).status).toBe(204)
    await expectRefusal(await dashboard(admin, "DELETE", "/agents/agent-ada"), 404, "agent_profile_not_found")
    expect((await reply("Unsigned again.")).authorName).toBeNull()
  })

  it("refuses names and initials it cannot show, and stores hostile text only as text", async () => {
    const { admin, dashboard, member } = await setUp()
    for (const [body, field] of [
      [{ displayName: "" }, "displayName"],
      [{ displayName: "x".repeat(61) }, "displayName"],
      [{ displayName: "Ada\nLovelace" }, "displayName"],
      [{ displayName: "Ada", initials: "ABCD" }, "initials"],
      [{ displayName: "Ada", initials: "A B" }, "initials"],
      [{ displayName: "Ada", initials: "" }, "initials"],
      [{}, "displayName"]
    ] as const) {
      const refused = await expectRefusal(await dashboard(member, "PUT", "/agents/agent-ada", body), 400, "validation_failed")
      expect(JSON.stringify(refused)).toContain(field)
    }
    expect((await (await dashboard(member, "GET", "/agents")).json()).data).toEqual([])
    const hostile = await (await dashboard(member, "PUT", "/agents/agent-ada", { displayName: "<img src=x onerror=alert(1)>" })).json()
    expect(hostile).toMatchObject({ displayName: "<img src=x onerror=alert(1)>", initials: "<O" })
    await expectRefusal(await dashboard(member, "PUT", `/agents/${"x".repeat(201)}`, { displayName: "Long" }), 403, "admin_required")
    await expectRefusal(await dashboard(admin, "PUT", `/agents/${"x".repeat(201)}`, { displayName: "Long" }), 400, "validation_failed")
  })
})
