import { type IdempotencyRecord, IdempotencyStore, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { DAY, MINUTE, at, insertTenant, plus, uuid } from "./fixtures.js"

const SCOPE = "transactional.send"
const now = at("2026-03-01T12:00:00.000Z")

/** A claim made at `createdAt`, with the service's windows: kept a day, abandoned after a minute. */
const claimAt = (
  record: { readonly tenantId: string; readonly key: string; readonly fingerprint: string; readonly scope?: string },
  createdAt: Date = now
) =>
  Effect.flatMap(IdempotencyStore, (store) =>
    store.claim(
      { scope: SCOPE, ...record, createdAt },
      { expiredBefore: plus(createdAt, -DAY), abandonedBefore: plus(createdAt, -MINUTE) }
    )
  )

const pending = (record: Omit<IdempotencyRecord, "response">): IdempotencyRecord => ({ ...record, response: null })

export const idempotencySuite: StorageSuite<IdempotencyStore | TenantRepository> = {
  name: "idempotency keys",
  tests: (it) => {
    it.effect("claims a key once: a later claim answers the holder, pending and then with its response", () =>
      Effect.gen(function* () {
        const store = yield* IdempotencyStore
        const tenantId = (yield* insertTenant()).id
        const key = uuid()
        const first = { tenantId, scope: SCOPE, key, fingerprint: "sha256:first", createdAt: now }
        expect(yield* claimAt(first)).toEqual(Option.none())
        expect(yield* claimAt({ ...first, fingerprint: "sha256:other" }, plus(now, 1_000))).toEqual(
          Option.some(pending(first))
        )

        const response = { messages: [{ id: uuid(), to: "ada@example.com", status: "queued" }], count: 1 }
        yield* store.complete(tenantId, SCOPE, key, response)
        expect(yield* claimAt(first, plus(now, 2_000))).toEqual(Option.some({ ...first, response }))
      })
    )

    it.effect("sweeps the records of every tenant created before a time, and only those", () =>
      Effect.gen(function* () {
        const store = yield* IdempotencyStore
        // Long before any other test's records, which the sweep must not touch.
        const long = at("2001-01-01T00:00:00.000Z")
        const tenants = [(yield* insertTenant()).id, (yield* insertTenant()).id]
        const old = tenants.map((tenantId) => ({ tenantId, key: uuid(), fingerprint: "sha256:old" }))
        const recent = { tenantId: tenants[0]!, key: uuid(), fingerprint: "sha256:recent" }
        for (const record of old) expect(yield* claimAt(record, long)).toEqual(Option.none())
        expect(yield* claimAt(recent, plus(long, DAY))).toEqual(Option.none())

        expect(yield* store.sweep(plus(long, MINUTE))).toBe(2)
        expect(yield* store.sweep(plus(long, MINUTE))).toBe(0)
        // A swept key is free at once, even inside its day; the recent record still holds its key.
        expect(yield* claimAt({ ...old[0]!, fingerprint: "sha256:new" }, plus(long, 2 * MINUTE))).toEqual(Option.none())
        expect(yield* claimAt({ ...recent, fingerprint: "sha256:other" }, plus(long, DAY + 1))).toEqual(
          Option.some(pending({ scope: SCOPE, ...recent, createdAt: plus(long, DAY) }))
        )
      })
    )

    it.effect("replaces a pending claim once abandoned and any record once expired, never earlier", () =>
      Effect.gen(function* () {
        const store = yield* IdempotencyStore
        const tenantId = (yield* insertTenant()).id
        const key = uuid()
        const first = { tenantId, scope: SCOPE, key, fingerprint: "sha256:first", createdAt: now }
        expect(yield* claimAt(first)).toEqual(Option.none())

        // Exactly a minute old is not yet abandoned; older is.
        expect(yield* claimAt({ ...first, fingerprint: "sha256:retry" }, plus(now, MINUTE))).toEqual(
          Option.some(pending(first))
        )
        const retried = { ...first, fingerprint: "sha256:retry", createdAt: plus(now, MINUTE + 1) }
        expect(yield* claimAt(retried, retried.createdAt)).toEqual(Option.none())
        expect(yield* claimAt(first, plus(retried.createdAt, 1))).toEqual(Option.some(pending(retried)))

        // A completed record is not abandoned, however old, until it expires.
        const response = { id: uuid() }
        yield* store.complete(tenantId, SCOPE, key, response)
        const completed = { ...retried, response }
        expect(yield* claimAt(first, plus(retried.createdAt, DAY))).toEqual(Option.some(completed))
        const later = { ...first, fingerprint: "sha256:later", createdAt: plus(retried.createdAt, DAY + 1) }
        expect(yield* claimAt(later, later.createdAt)).toEqual(Option.none())
        expect(yield* claimAt(first, plus(later.createdAt, 1))).toEqual(Option.some(pending(later)))
      })
    )

    it.effect("releases a key so that the next claim wins; completing or releasing an unknown key does nothing", () =>
      Effect.gen(function* () {
        const store = yield* IdempotencyStore
        const tenantId = (yield* insertTenant()).id
        const key = uuid()
        const first = { tenantId, key, fingerprint: "sha256:first" }
        expect(yield* claimAt(first)).toEqual(Option.none())
        yield* store.release(tenantId, SCOPE, key)
        const second = { tenantId, scope: SCOPE, key, fingerprint: "sha256:second", createdAt: plus(now, 1) }
        expect(yield* claimAt(second, second.createdAt)).toEqual(Option.none())
        expect(yield* claimAt(first)).toEqual(Option.some(pending(second)))

        yield* store.complete(tenantId, SCOPE, uuid(), { id: 1 })
        yield* store.release(tenantId, SCOPE, uuid())
        yield* store.complete("not-a-uuid", SCOPE, key, { id: 1 })
        yield* store.release("not-a-uuid", SCOPE, key)
        expect(yield* claimAt(first)).toEqual(Option.some(pending(second)))
      })
    )

    it.effect("keeps keys apart per tenant and per scope", () =>
      Effect.gen(function* () {
        const store = yield* IdempotencyStore
        const tenantId = (yield* insertTenant()).id
        const otherTenantId = (yield* insertTenant()).id
        const key = uuid()
        const first = { tenantId, scope: SCOPE, key, fingerprint: "sha256:first", createdAt: now }
        const otherTenant = { ...first, tenantId: otherTenantId, fingerprint: "sha256:tenant" }
        const otherScope = { ...first, scope: "automations.run", fingerprint: "sha256:scope" }
        for (const record of [first, otherTenant, otherScope]) expect(yield* claimAt(record)).toEqual(Option.none())

        yield* store.complete(otherTenantId, SCOPE, key, { id: "tenant" })
        yield* store.release(tenantId, "automations.run", key)
        expect(yield* claimAt(first)).toEqual(Option.some(pending(first)))
        expect(yield* claimAt(otherTenant)).toEqual(Option.some({ ...otherTenant, response: { id: "tenant" } }))
        expect(yield* claimAt(otherScope)).toEqual(Option.none())
      })
    )

    it.effect("lets exactly one of many concurrent claims of a key win, for a new key and for an expired one", () =>
      Effect.gen(function* () {
        const tenantId = (yield* insertTenant()).id
        for (const expired of [false, true]) {
          const key = uuid()
          if (expired)
            expect(yield* claimAt({ tenantId, key, fingerprint: "sha256:old" }, plus(now, -2 * DAY))).toEqual(
              Option.none()
            )
          const fingerprints = Array.from({ length: 10 }, (_, i) => `sha256:${i}`)
          const results = yield* Effect.all(
            fingerprints.map((fingerprint) => claimAt({ tenantId, key, fingerprint })),
            { concurrency: "unbounded" }
          )
          const winners = results.flatMap((result, i) => (Option.isNone(result) ? [i] : []))
          expect(winners).toHaveLength(1)
          const holder = pending({ tenantId, scope: SCOPE, key, fingerprint: fingerprints[winners[0]], createdAt: now })
          for (const result of results) if (Option.isSome(result)) expect(result.value).toEqual(holder)
        }
      })
    )
  }
}
