import { afterEach, describe, expect, it } from "vitest"
import { NOW, type TestKit, expectError, makeTestKit } from "./support.js"

const CALLS = "/api/v1/voice/calls"
const windowEnd = Math.ceil((Math.floor(NOW.getTime() / 60_000) + 1) * 60)

describe("rate limits on /api/v1/*", () => {
  let t: TestKit
  afterEach(() => t.dispose())

  it("counts per key, answers 429 with Retry-After past the limit, and resets with the window", async () => {
    t = makeTestKit({ keyRateLimit: { limit: 3, windowMs: 60_000 } })
    const tenant = await t.createTenant()
    const { key } = await t.createKey(tenant.id)
    const { key: otherKey } = await t.createKey(tenant.id)

    const remaining: Array<string | null> = []
    for (let i = 0; i < 3; i++) {
      const response = await t.request(CALLS, { key })
      expect(response.status).toBe(200)
      expect(response.headers.get("x-ratelimit-limit")).toBe("3")
      expect(response.headers.get("x-ratelimit-reset")).toBe(String(windowEnd))
      remaining.push(response.headers.get("x-ratelimit-remaining"))
    }
    expect(remaining).toEqual(["2", "1", "0"])

    const limited = await t.request(CALLS, { key })
    expectError(limited, 429, "rate_limited")
    expect(limited.body.error.type).toBe("rate_limit")
    expect(limited.headers.get("retry-after")).toBe(String(windowEnd - NOW.getTime() / 1000))
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0")
    expect(limited.headers.get("x-request-id")).toBeTruthy()

    // Another key of the same tenant has its own budget.
    expect((await t.request(CALLS, { key: otherKey })).status).toBe(200)

    t.clock.advance(60_000)
    const next = await t.request(CALLS, { key })
    expect(next.status).toBe(200)
    expect(next.headers.get("x-ratelimit-remaining")).toBe("2")
  })

  it("limits by client IP per path prefix, before authentication", async () => {
    t = makeTestKit({ ipRateLimits: [{ pathPrefix: "/v1/voice/", limit: 2, windowMs: 60_000 }] })
    const first = await t.request(CALLS, { remoteAddress: "192.0.2.10" })
    expectError(first, 401, "missing_credentials")
    expect(first.headers.get("x-ratelimit-limit")).toBe("2")
    expect(first.headers.get("x-ratelimit-remaining")).toBe("1")
    await t.request(CALLS, { remoteAddress: "192.0.2.10" })
    const limited = await t.request(CALLS, { remoteAddress: "192.0.2.10" })
    expectError(limited, 429, "rate_limited")
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
    // Another address is unaffected.
    expectError(await t.request(CALLS, { remoteAddress: "192.0.2.11" }), 401, "missing_credentials")
  })

  it("puts X-RateLimit-* on every public response, including 404s, but not on dashboard routes", async () => {
    t = makeTestKit()
    const missing = await t.request("/api/v1/no-such-route")
    expectError(missing, 404, "route_not_found")
    expect(missing.headers.get("x-ratelimit-limit")).toBe("3000")
    const dashboard = await t.request("/api/growth/entitlements")
    expectError(dashboard, 401, "missing_credentials")
    expect(dashboard.headers.get("x-ratelimit-limit")).toBeNull()
    expect(dashboard.headers.get("x-request-id")).toBeTruthy()
  })
})
