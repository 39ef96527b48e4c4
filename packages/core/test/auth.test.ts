import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TenantService } from "@servicekit/core"
import { ApiKeyRepository, SecretCrypto } from "@servicekit/core/internal"
import { NOW, type TestKit, type Via, expectError, makeTestKit } from "./support.js"

const CALLS = "/api/v1/voice/calls"

describe.each<Via>(["bearer", "x-api-key"])("API key authentication via %s", (via) => {
  let t: TestKit
  let tenantId: string
  let key: string

  beforeAll(async () => {
    t = makeTestKit()
    tenantId = (await t.createTenant(["voice", "chat"])).id
    key = (await t.createKey(tenantId)).key
  })
  afterAll(() => t.dispose())

  it("accepts a valid key", async () => {
    const response = await t.request(CALLS, { key, via })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
  })

  it("401 missing_credentials without a key", async () => {
    expectError(await t.request(CALLS, { via }), 401, "missing_credentials")
    expectError(await t.request(CALLS, { key: "", via }), 401, "missing_credentials")
  })

  it("401 malformed_key for something that is not a ServiceKit key", async () => {
    expectError(await t.request(CALLS, { key: "sk_live_abc", via }), 401, "malformed_key")
    expectError(await t.request(CALLS, { key: key.slice(0, -1), via }), 401, "malformed_key")
  })

  it("401 invalid_key for a well-formed unknown key", async () => {
    const forged = key.slice(0, -4) + (key.endsWith("AAAA") ? "BBBB" : "AAAA")
    expectError(await t.request(CALLS, { key: forged, via }), 401, "invalid_key")
  })

  it("401 key_revoked after revocation, at once in the same process", async () => {
    const { apiKey, key: doomed } = await t.createKey(tenantId)
    expect((await t.request(CALLS, { key: doomed, via })).status).toBe(200)
    const revoked = await t.request(`/api/tenants/${tenantId}/api-keys/${apiKey.id}`, {
      method: "DELETE",
      token: t.adminToken(tenantId)
    })
    expect(revoked.status).toBe(200)
    expectError(await t.request(CALLS, { key: doomed, via }), 401, "key_revoked")
  })

  it("403 product_not_entitled when the tenant has lost the product since the key was made", async () => {
    const other = await t.createTenant(["chat", "voice"])
    const { key: voiceKey } = await t.createKey(other.id, "voice")
    await t.run(Effect.flatMap(TenantService, (tenants) => tenants.update(other.id, { entitlements: ["chat"] })))
    const response = await t.request(CALLS, { key: voiceKey, via })
    expectError(response, 403, "product_not_entitled")
    expect(response.body.error.type).toBe("permission")
  })

  it("403 wrong_product for a key of another product", async () => {
    const { key: chatKey } = await t.createKey(tenantId, "chat", { scopes: ["chat:read"] })
    expectError(await t.request(CALLS, { key: chatKey, via }), 403, "wrong_product")
  })

  it("403 key_expired once the expiry passes", async () => {
    const { key: shortLived } = await t.createKey(tenantId, "voice", { expiresAt: new Date(NOW.getTime() + 60_000) })
    expect((await t.request(CALLS, { key: shortLived, via })).status).toBe(200)
    t.clock.advance(61_000)
    try {
      expectError(await t.request(CALLS, { key: shortLived, via }), 403, "key_expired")
    } finally {
      t.clock.set(NOW)
    }
  })

  it("403 ip_not_allowed outside the allowlist; IPv4, IPv6 and IPv4-mapped addresses match", async () => {
    const { key: fenced } = await t.createKey(tenantId, "voice", { ipAllowlist: ["10.0.0.0/8", "2001:db8::/32", "192.0.2.7"] })
    expectError(await t.request(CALLS, { key: fenced, via, remoteAddress: "127.0.0.1" }), 403, "ip_not_allowed")
    expectError(await t.request(CALLS, { key: fenced, via, remoteAddress: "2001:db9::1" }), 403, "ip_not_allowed")
    for (const address of ["10.1.2.3", "::ffff:10.9.9.9", "2001:db8::42", "192.0.2.7", "::ffff:192.0.2.7"]) {
      expect((await t.request(CALLS, { key: fenced, via, remoteAddress: address })).status, address).toBe(200)
    }
  })
})

describe("missing_scope", () => {
  it("403 when a stored key lacks the endpoint's scope", async () => {
    const t = makeTestKit()
    try {
      const tenant = await t.createTenant(["voice"])
      // Keys cannot be created without scopes, but a stored one (e.g. from an older release) must be refused.
      const key = "svk_live_voice_legacy01_" + "A".repeat(32)
      await t.run(
        Effect.gen(function* () {
          const crypto = yield* SecretCrypto
          yield* (yield* ApiKeyRepository).insert({
            id: "6f1d3c2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f",
            tenantId: tenant.id,
            name: null,
            product: "voice",
            environment: "live",
            prefix: "legacy01",
            digest: yield* crypto.sha256Hex(key),
            scopes: [],
            expiresAt: null,
            ipAllowlist: [],
            createdAt: NOW,
            revokedAt: null
          })
        })
      )
      for (const via of ["bearer", "x-api-key"] as const) {
        expectError(await t.request(CALLS, { key, via }), 403, "missing_scope")
      }
    } finally {
      await t.dispose()
    }
  })
})

describe("Authorization header", () => {
  it("401 malformed_credentials for a scheme other than Bearer", async () => {
    const t = makeTestKit()
    try {
      expectError(await t.request(CALLS, { headers: { authorization: "Basic dXNlcjpwYXNz" } }), 401, "malformed_credentials")
    } finally {
      await t.dispose()
    }
  })
})

describe("key guessing", () => {
  it("remembers a key that matched nothing for the key cache's lifetime, so guesses do not reach storage", async () => {
    const t = makeTestKit()
    try {
      const tenant = await t.createTenant()
      const { apiKey, key } = await t.createKey(tenant.id)
      // A well-formed key nobody holds yet: the created one with its last character changed.
      const guess = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A")
      expectError(await t.request(CALLS, { key: guess }), 401, "invalid_key")

      // The guessed key now exists in storage, behind the service's back.
      await t.run(
        Effect.gen(function* () {
          const digest = yield* (yield* SecretCrypto).sha256Hex(guess)
          yield* Effect.orDie(
            (yield* ApiKeyRepository).insert({
              id: randomUUID(),
              tenantId: tenant.id,
              name: null,
              product: "voice",
              environment: "live",
              prefix: `${apiKey.prefix}x`,
              digest,
              scopes: ["voice:read"],
              expiresAt: null,
              ipAllowlist: [],
              createdAt: NOW,
              revokedAt: null
            })
          )
        })
      )
      // Still refused from memory: the failed lookup is cached, storage is not asked again.
      expectError(await t.request(CALLS, { key: guess }), 401, "invalid_key")
      t.clock.advance(10_001)
      expect((await t.request(CALLS, { key: guess })).status).toBe(200)
    } finally {
      await t.dispose()
    }
  })
})

describe("trusted proxies", () => {
  it("takes the client from X-Forwarded-For only when the peer is a trusted proxy", async () => {
    const t = makeTestKit({ trustedProxies: ["127.0.0.1"] })
    try {
      const tenant = await t.createTenant()
      const { key } = await t.createKey(tenant.id, "voice", { ipAllowlist: ["203.0.113.5"] })
      const forwarded = { "x-forwarded-for": "198.51.100.1, 203.0.113.5" }
      expect((await t.request(CALLS, { key, headers: forwarded, remoteAddress: "127.0.0.1" })).status).toBe(200)
      expectError(await t.request(CALLS, { key, headers: forwarded, remoteAddress: "192.0.2.1" }), 403, "ip_not_allowed")
    } finally {
      await t.dispose()
    }
  })

  it.each([
    ["an entry that is not an address", "203.0.113.5, unknown"],
    ["an address with a port", "203.0.113.5, 198.51.100.1:443"],
    ["garbage", "203.0.113.5, <script>"]
  ])("never falls back to a client-written entry past %s: the address is unknown", async (_, header) => {
    const t = makeTestKit({ trustedProxies: ["127.0.0.1"] })
    try {
      const tenant = await t.createTenant()
      const { key } = await t.createKey(tenant.id, "voice", { ipAllowlist: ["203.0.113.5"] })
      const headers = { "x-forwarded-for": header }
      expectError(await t.request(CALLS, { key, headers, remoteAddress: "127.0.0.1" }), 403, "ip_not_allowed")
    } finally {
      await t.dispose()
    }
  })

  it("walks past every trusted proxy to the first address that is not one", async () => {
    const t = makeTestKit({ trustedProxies: ["127.0.0.1", "10.0.0.0/8"] })
    try {
      const tenant = await t.createTenant()
      const { key } = await t.createKey(tenant.id, "voice", { ipAllowlist: ["203.0.113.5"] })
      const headers = { "x-forwarded-for": "198.51.100.1, 203.0.113.5, 10.1.2.3, 10.0.0.7" }
      expect((await t.request(CALLS, { key, headers, remoteAddress: "127.0.0.1" })).status).toBe(200)
      const spoofed = { "x-forwarded-for": "203.0.113.5, 198.51.100.1, 10.0.0.7" }
      expectError(await t.request(CALLS, { key, headers: spoofed, remoteAddress: "127.0.0.1" }), 403, "ip_not_allowed")
    } finally {
      await t.dispose()
    }
  })
})
