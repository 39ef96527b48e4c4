import { AgentProfileRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant } from "./fixtures.js"

export const agentProfilesSuite: StorageSuite<AgentProfileRepository | TenantRepository> = {
  name: "chat agent profiles",
  tests: (it) => {
    it.effect("keeps one profile per agent and tenant, replaced whole, listed by name and counted per tenant", () =>
      Effect.gen(function* () {
        const profiles = yield* AgentProfileRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const profile = (agentId: string, displayName: string, initials: string, tenantId = tenant.id) => ({
          tenantId,
          agentId,
          displayName,
          initials,
          updatedAt: at("2026-05-01T09:00:00.000Z")
        })
        const grace = profile("grace|2", "Grace Hopper", "GH")
        expect(yield* profiles.put(grace)).toEqual(grace)
        yield* profiles.put(profile("ada@example.com", "Ada", "A"))
        const renamed = { ...profile("ada@example.com", "Ada Lovelace", "AL"), updatedAt: at("2026-05-02T09:00:00.000Z") }
        expect(yield* profiles.put(renamed)).toEqual(renamed)
        // Names sort by code point: upper case before lower, and ties by agent id.
        const lower = profile("zed", "ada", "a")
        const twin = profile("abe", "Grace Hopper", "G2")
        yield* profiles.put(lower)
        yield* profiles.put(twin)
        yield* profiles.put(profile("ada@example.com", "Theirs", "T", other.id))

        expect(yield* profiles.list(tenant.id, 10)).toEqual([renamed, twin, grace, lower])
        expect(yield* profiles.list(tenant.id, 2)).toEqual([renamed, twin])
        expect(yield* profiles.count(tenant.id)).toBe(4)
        expect(yield* profiles.find(tenant.id, "ada@example.com")).toEqual(Option.some(renamed))
        expect(yield* profiles.find(other.id, "ada@example.com")).toEqual(
          Option.some(profile("ada@example.com", "Theirs", "T", other.id))
        )
        expect(yield* profiles.find(tenant.id, "nobody")).toEqual(Option.none())

        expect(yield* profiles.remove(tenant.id, "ada@example.com")).toBe(true)
        expect(yield* profiles.remove(tenant.id, "ada@example.com")).toBe(false)
        expect(yield* profiles.find(tenant.id, "ada@example.com")).toEqual(Option.none())
        expect(yield* profiles.count(other.id)).toBe(1)
        expect(yield* profiles.list("not-a-uuid", 10)).toEqual([])
        expect(yield* profiles.count("not-a-uuid")).toBe(0)
        expect(yield* profiles.find("not-a-uuid", "ada@example.com")).toEqual(Option.none())
        expect(yield* profiles.remove("not-a-uuid", "ada@example.com")).toBe(false)
      })
    )
  }
}
