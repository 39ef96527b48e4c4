import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { clearOfMinuteTurn } from "./minuteTurn.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-visitor-limits-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe("the hosted chat's visitor routes are rate limited per visitor token and per client address", () => {
  // The loopback proxy's X-Forwarded-For names each test's own client address.
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: dataDir,
      SERVICEKIT_TRUSTED_PROXIES: "127.0.0.1",
      SERVICEKIT_VISITOR_IP_RATE_LIMIT: "100"
    })
  )
  let key: string

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Visitors", entitlements: ["chat"] })
    key = (
      await served.kit.admin.createKey({
        tenantId: tenant.id,
        product: "chat",
        environment: "live",
        scopes: ["chat:read", "chat:write"]
      })
    ).key
  })

  const session = async (externalId: string) => {
    const response = await fetch(`${served.url}/api/v1/chat/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ externalId })
    })
    expect(response.status).toBe(200)
    return (await response.json()) as { visitorToken: string; conversationId: string }
  }
  const post = (token: string, from: string, content: string) =>
    fetch(`${served.url}/api/public/chat/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify({ content })
    })
  const stored = async (conversationId: string) => {
    const response = await fetch(`${served.url}/api/v1/chat/conversations/${conversationId}/messages?limit=100`, {
      headers: { authorization: `Bearer ${key}` }
    })
    return ((await response.json()) as { data: Array<{ content: string }> }).data.map((message) => message.content)
  }

  it("answers the 61st message of a minute with one token 429, with Retry-After, and stores it not", async () => {
    const visitor = await session("chatty")
    await clearOfMinuteTurn(30_000)
    for (let i = 1; i <= 60; i++) expect((await post(visitor.visitorToken, "203.0.113.1", `m${i}`)).status).toBe(200)
    const refused = await post(visitor.visitorToken, "203.0.113.1", "one too many")
    await expectRefusal(refused, 429, "rate_limited")
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(refused.headers.get("x-ratelimit-limit")).toBe("60")
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0")
    expect(await stored(visitor.conversationId)).not.toContain("one too many")
    expect(await stored(visitor.conversationId)).toHaveLength(60)
    // Another visitor is not held back by this one.
    expect((await post((await session("quiet")).visitorToken, "203.0.113.1", "hello")).status).toBe(200)
  })

  it("holds one client address to its limit whatever tokens it uses, unknown ones included", async () => {
    const visitors = await Promise.all(["a", "b", "c"].map((id) => session(`crowd-${id}`)))
    await clearOfMinuteTurn(30_000)
    for (let i = 0; i < 99; i++) {
      expect((await post(visitors[i % 3]!.visitorToken, "203.0.113.2", `n${i}`)).status).toBe(200)
    }
    const guessed = `svt_${"A".repeat(40)}`
    await expectRefusal(await post(guessed, "203.0.113.2", "guess"), 401, "invalid_visitor_token")
    await expectRefusal(await post(visitors[0]!.visitorToken, "203.0.113.2", "over"), 429, "rate_limited")
    await expectRefusal(await post(guessed, "203.0.113.2", "guess"), 429, "rate_limited")
    expect(await stored(visitors[0]!.conversationId)).not.toContain("over")
    // Another address is served.
    expect((await post(visitors[0]!.visitorToken, "203.0.113.3", "elsewhere")).status).toBe(200)
  })
})
