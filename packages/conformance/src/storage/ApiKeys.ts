import { Effect, Option } from "effect"
import { expect } from "vitest"
import { ApiKeyRepository, type TenantRepository, UniqueViolation } from "@servicekit/core/internal"
import type { StorageSuite } from "../Storage.js"
import { DAY, MINUTE, at, expectDefect, insertTenant, makeKey, newestFirst, plus, uuid } from "./fixtures.js"

export const apiKeysSuite: StorageSuite<TenantRepository | ApiKeyRepository> = {
  name: "api keys",
  tests: (it) => {
    it.effect("stores a key and finds it by digest across tenants", () =>
      Effect.gen(function* () {
        const keys = yield* ApiKeyRepository
        const tenant = yield* insertTenant()
        const key = makeKey(tenant.id, {
          name: null,
          product: "chat",
          environment: "test",
          scopes: ["chat:read", "chat:write", "visitors:read"],
          expiresAt: at("2027-01-01T00:00:00.000Z"),
          ipAllowlist: ["10.0.0.0/8", "2001:db8::1"]
        })
        const plain = makeKey(tenant.id)
        yield* keys.insert(key)
        yield* keys.insert(plain)
        expect(yield* keys.findByDigest(key.digest)).toEqual(Option.some(key))
        expect(yield* keys.findByDigest(plain.digest)).toEqual(Option.some(plain))
        expect(yield* keys.findByDigest("0".repeat(64))).toEqual(Option.none())
      })
    )

    it.effect("refuses a second key with the same digest or id with a typed UniqueViolation", () =>
      Effect.gen(function* () {
        const keys = yield* ApiKeyRepository
        const tenant = yield* insertTenant()
        const key = makeKey(tenant.id)
        yield* keys.insert(key)
        expect(yield* Effect.flip(keys.insert(makeKey(tenant.id, { digest: key.digest })))).toEqual(
          new UniqueViolation({ constraint: "api_keys_digest_key" })
        )
        expect(yield* Effect.flip(keys.insert(makeKey(tenant.id, { id: key.id })))).toEqual(
          new UniqueViolation({ constraint: "api_keys_pkey" })
        )
        expect(yield* keys.listByTenant(tenant.id)).toEqual([key])
      })
    )

    it.effect("refuses a key of a tenant that does not exist", () =>
      Effect.gen(function* () {
        const keys = yield* ApiKeyRepository
        const tenantId = uuid()
        yield* expectDefect(keys.insert(makeKey(tenantId)))
        expect(yield* keys.listByTenant(tenantId)).toEqual([])
      })
    )

    it.effect("finds a key by id only within its tenant", () =>
      Effect.gen(function* () {
        const keys = yield* ApiKeyRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const key = makeKey(tenant.id)
        yield* keys.insert(key)
        expect(yield* keys.findById(tenant.id, key.id)).toEqual(Option.some(key))
        expect(yield* keys.findById(other.id, key.id)).toEqual(Option.none())
        expect(yield* keys.findById(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* keys.findById(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* keys.findById("not-a-uuid", key.id)).toEqual(Option.none())
      })
    )

    it.effect("lists a tenant's keys newest first, ties broken by id", () =>
      Effect.gen(function* () {
        const keys = yield* ApiKeyRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-02-01T00:00:00.000Z")
        const mine = [
          makeKey(tenant.id, { createdAt: base }),
          makeKey(tenant.id, { createdAt: plus(base, 2 * MINUTE) }),
          makeKey(tenant.id, { createdAt: plus(base, MINUTE) }),
          makeKey(tenant.id, { createdAt: plus(base, MINUTE) }),
          makeKey(tenant.id, { createdAt: plus(base, MINUTE), revokedAt: plus(base, DAY) })
        ]
        for (const key of mine) yield* keys.insert(key)
        yield* keys.insert(makeKey(other.id, { createdAt: plus(base, MINUTE) }))
        expect(yield* keys.listByTenant(tenant.id)).toEqual([...mine].sort(newestFirst((k) => k.createdAt)))
        expect(yield* keys.listByTenant((yield* insertTenant()).id)).toEqual([])
        expect(yield* keys.listByTenant("not-a-uuid")).toEqual([])
      })
    )

    it.effect("revokes idempotently, keeping the first revocation time", () =>
      Effect.gen(function* () {
        const keys = yield* ApiKeyRepository
        const tenant = yield* insertTenant()
        const key = makeKey(tenant.id)
        const sibling = makeKey(tenant.id)
        yield* keys.insert(key)
        yield* keys.insert(sibling)
        const first = at("2026-02-02T10:00:00.000Z")
        const revoked = { ...key, revokedAt: first }
        expect(yield* keys.revoke(tenant.id, key.id, first)).toEqual(Option.some(revoked))
        expect(yield* keys.revoke(tenant.id, key.id, plus(first, DAY))).toEqual(Option.some(revoked))
        expect(yield* keys.findByDigest(key.digest)).toEqual(Option.some(revoked))
        expect(yield* keys.findById(tenant.id, sibling.id)).toEqual(Option.some(sibling))
        expect(yield* keys.revoke(tenant.id, uuid(), first)).toEqual(Option.none())
        expect(yield* keys.revoke(tenant.id, "not-a-uuid", first)).toEqual(Option.none())
      })
    )

    it.effect("does not revoke another tenant's key", () =>
      Effect.gen(function* () {
        const keys = yield* ApiKeyRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const key = makeKey(tenant.id)
        yield* keys.insert(key)
        expect(yield* keys.revoke(other.id, key.id, at("2026-02-02T10:00:00.000Z"))).toEqual(Option.none())
        expect(yield* keys.findById(tenant.id, key.id)).toEqual(Option.some(key))
      })
    )
  }
}
