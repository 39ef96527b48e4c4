import { HostedNumbers, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"

/** A number no other test holds. */
const freshNumber = () => `+1${Array.from(crypto.getRandomValues(new Uint8Array(13)), (byte) => byte % 10).join("")}`

export const hostedNumbersSuite: StorageSuite<HostedNumbers | TenantRepository> = {
  name: "hosted numbers",
  tests: (it) => {
    it.effect("routes a number to one tenant at most, lists each tenant's in order, and releases it", () =>
      Effect.gen(function* () {
        const numbers = yield* HostedNumbers
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const [first, second, sipUser] = [freshNumber(), freshNumber(), `desk-${uuid()}`]
        const assignedAt = at("2026-11-20T10:00:00.000Z")
        expect(yield* numbers.assign({ tenantId: tenant.id, id: second, assignedAt })).toEqual(Option.none())
        expect(yield* numbers.assign({ tenantId: tenant.id, id: first, assignedAt })).toEqual(Option.none())
        expect(yield* numbers.assign({ tenantId: tenant.id, id: sipUser, assignedAt })).toEqual(Option.none())
        // Again to its tenant: nothing changes; to another: the holder is answered, nothing changes.
        const later = at("2026-11-21T10:00:00.000Z")
        expect(yield* numbers.assign({ tenantId: tenant.id, id: first, assignedAt: later })).toEqual(Option.none())
        expect(yield* numbers.assign({ tenantId: other.id, id: first, assignedAt: later })).toEqual(Option.some(tenant.id))

        const listed = yield* numbers.list(tenant.id)
        expect(listed).toEqual(
          [first, second, sipUser].sort().map((id) => ({ tenantId: tenant.id, id, assignedAt }))
        )
        expect(yield* numbers.list(other.id)).toEqual([])
        expect(yield* numbers.tenantOf(first)).toEqual(Option.some(tenant.id))
        expect(yield* numbers.tenantOf(freshNumber())).toEqual(Option.none())

        expect(yield* numbers.release(other.id, first)).toBe(false)
        expect(yield* numbers.release(tenant.id, first)).toBe(true)
        expect(yield* numbers.release(tenant.id, first)).toBe(false)
        expect(yield* numbers.tenantOf(first)).toEqual(Option.none())
        expect(yield* numbers.assign({ tenantId: other.id, id: first, assignedAt: later })).toEqual(Option.none())
        expect(yield* numbers.tenantOf(first)).toEqual(Option.some(other.id))
      })
    )
  }
}
