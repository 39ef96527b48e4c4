import { Effect, Option } from "effect"
import { expect } from "vitest"
import { TenantRepository, UniqueViolation } from "@servicekit/core/internal"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, at, insertTenant, makeTenant, oldestFirst, plus, uuid } from "./fixtures.js"

export const tenantsSuite: StorageSuite<TenantRepository> = {
  name: "tenants",
  tests: (it) => {
    it.effect("stores a tenant and finds it by id", () =>
      Effect.gen(function* () {
        const tenants = yield* TenantRepository
        const tenant = yield* insertTenant()
        const bare = yield* insertTenant({ entitlements: [] })
        expect(yield* tenants.findById(tenant.id)).toEqual(Option.some(tenant))
        expect(yield* tenants.findById(bare.id)).toEqual(Option.some(bare))
        expect(yield* tenants.findById(uuid())).toEqual(Option.none())
        expect(yield* tenants.findById("not-a-uuid")).toEqual(Option.none())
      })
    )

    it.effect("refuses a second tenant with the same id with a typed UniqueViolation", () =>
      Effect.gen(function* () {
        const tenants = yield* TenantRepository
        const tenant = yield* insertTenant()
        expect(yield* Effect.flip(tenants.insert({ ...tenant, name: "Other" }))).toEqual(
          new UniqueViolation({ constraint: "tenants_pkey" })
        )
        expect(yield* tenants.findById(tenant.id)).toEqual(Option.some(tenant))
      })
    )

    it.effect("replaces entitlements and renames, each alone, and answers none for an unknown tenant", () =>
      Effect.gen(function* () {
        const tenants = yield* TenantRepository
        const tenant = yield* insertTenant({ entitlements: ["voice"] })
        const updated = { ...tenant, entitlements: ["chat", "automations"] as const }
        expect(yield* tenants.update(tenant.id, { entitlements: ["chat", "automations"] })).toEqual(
          Option.some(updated)
        )
        expect(yield* tenants.findById(tenant.id)).toEqual(Option.some(updated))
        const renamed = { ...updated, name: "Renamed" }
        expect(yield* tenants.update(tenant.id, { name: "Renamed" })).toEqual(Option.some(renamed))
        expect(yield* tenants.findById(tenant.id)).toEqual(Option.some(renamed))
        expect(yield* tenants.update(tenant.id, {})).toEqual(Option.some(renamed))
        expect(yield* tenants.update(tenant.id, { entitlements: [] })).toEqual(
          Option.some({ ...renamed, entitlements: [] })
        )
        expect(yield* tenants.update(uuid(), { entitlements: ["chat"] })).toEqual(Option.none())
        expect(yield* tenants.update("not-a-uuid", { name: "x" })).toEqual(Option.none())
      })
    )

    it.effect("suspends a tenant with its time and reason, keeps it through other changes, and resumes it", () =>
      Effect.gen(function* () {
        const tenants = yield* TenantRepository
        const tenant = yield* insertTenant()
        const suspension = { at: at("2026-03-01T12:00:00.000Z"), reason: "Unpaid invoice 42" }
        const suspended = { ...tenant, suspension }
        expect(yield* tenants.update(tenant.id, { suspension })).toEqual(Option.some(suspended))
        expect(yield* tenants.findById(tenant.id)).toEqual(Option.some(suspended))
        expect(yield* tenants.update(tenant.id, { name: "Renamed" })).toEqual(
          Option.some({ ...suspended, name: "Renamed" })
        )
        const bare = { at: at("2026-03-02T00:00:00.000Z"), reason: null }
        expect(yield* tenants.update(tenant.id, { suspension: bare })).toEqual(
          Option.some({ ...suspended, name: "Renamed", suspension: bare })
        )
        expect(yield* tenants.update(tenant.id, { suspension: null })).toEqual(
          Option.some({ ...tenant, name: "Renamed", suspension: null })
        )
        expect(yield* tenants.findById(tenant.id)).toEqual(Option.some({ ...tenant, name: "Renamed", suspension: null }))
        // Inserted suspended (an import), it reads back so.
        const imported = yield* insertTenant({ suspension })
        expect(yield* tenants.findById(imported.id)).toEqual(Option.some({ ...imported, suspension }))
      })
    )

    it.effect("lists tenants oldest first, ties broken by id", () =>
      Effect.gen(function* () {
        const tenants = yield* TenantRepository
        const base = at("2026-01-10T00:00:00.000Z")
        const mine = [
          makeTenant({ createdAt: plus(base, 2 * MINUTE) }),
          makeTenant({ createdAt: base }),
          makeTenant({ createdAt: plus(base, MINUTE) }),
          makeTenant({ createdAt: plus(base, MINUTE) }),
          makeTenant({ createdAt: plus(base, MINUTE) })
        ]
        for (const tenant of mine) yield* tenants.insert(tenant)
        const ids = new Set(mine.map((t) => t.id))
        const listed = (yield* tenants.list()).filter((t) => ids.has(t.id))
        expect(listed).toEqual([...mine].sort(oldestFirst((t) => t.createdAt)))
      })
    )
  }
}
