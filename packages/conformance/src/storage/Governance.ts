import type { ModelChoice, ToolProfile } from "@servicekit/core/automations"
import {
  MemoryAuditRepository,
  MemoryRepository,
  ModelChoiceRepository,
  PolicyRepository,
  type TenantRepository,
  ToolProfileRepository,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, allPages, at, insertTenant, plus, uuid } from "./fixtures.js"
import { makePolicy, makeProfile, makeEntry, makeAudit, profilesNewestFirst, auditsNewestFirst } from "./governanceFixtures.js"

export const policiesSuite: StorageSuite<PolicyRepository | TenantRepository | UnitOfWork> = {
  name: "automation policies",
  tests: (it) => {
    it.effect("stores a tenant's policy, replaces it when saved again, and finds it only for its tenant", () =>
      Effect.gen(function* () {
        const policies = yield* PolicyRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        expect(yield* policies.find(tenant.id)).toEqual(Option.none())

        const policy = makePolicy(tenant.id, { standingOrders: "Sei höflich — 丁寧に 👋\n{{policy}}\n" })
        yield* policies.save(policy)
        expect(yield* policies.find(tenant.id)).toEqual(Option.some(policy))
        expect(yield* policies.find(other.id)).toEqual(Option.none())

        const elsewhere = makePolicy(other.id, { standingOrders: "Another tenant's orders" })
        yield* policies.save(elsewhere)
        const replaced = makePolicy(tenant.id, { standingOrders: "", updatedAt: plus(policy.updatedAt, MINUTE) })
        yield* policies.save(replaced)
        expect(yield* policies.find(tenant.id)).toEqual(Option.some(replaced))
        expect(yield* policies.find(other.id)).toEqual(Option.some(elsewhere))
        expect(yield* policies.find(uuid())).toEqual(Option.none())
        expect(yield* policies.find("not-a-uuid")).toEqual(Option.none())
      })
    )
  }
}

export const modelChoicesSuite: StorageSuite<ModelChoiceRepository | TenantRepository | UnitOfWork> = {
  name: "automation model choices",
  tests: (it) => {
    it.effect("stores a tenant's model labels, replaces them when saved again, and finds them only for its tenant", () =>
      Effect.gen(function* () {
        const choices = yield* ModelChoiceRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        expect(yield* choices.find(tenant.id)).toEqual(Option.none())

        const choice: ModelChoice = {
          tenantId: tenant.id,
          primary: "meta-llama/Llama-3.1-8B-Instruct",
          failover: ["gpt-4o-mini", "qwen2.5:7b", "openai/gpt-4o@latest"],
          updatedAt: at("2026-08-01T09:00:00.000Z")
        }
        yield* choices.save(choice)
        expect(yield* choices.find(tenant.id)).toEqual(Option.some(choice))
        expect(yield* choices.find(other.id)).toEqual(Option.none())

        const elsewhere: ModelChoice = { ...choice, tenantId: other.id, primary: "fast" }
        yield* choices.save(elsewhere)
        const later = plus(choice.updatedAt, MINUTE)
        const replaced: ModelChoice = { ...choice, primary: "smart", failover: [], updatedAt: later }
        yield* choices.save(replaced)
        expect(yield* choices.find(tenant.id)).toEqual(Option.some(replaced))
        expect(yield* choices.find(other.id)).toEqual(Option.some(elsewhere))
        expect(yield* choices.find(uuid())).toEqual(Option.none())
        expect(yield* choices.find("not-a-uuid")).toEqual(Option.none())

        // Rolled back with its unit of work.
        const write = choices.save({ ...replaced, primary: "changed" })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")
        expect(yield* choices.find(tenant.id)).toEqual(Option.some(replaced))
      })
    )
  }
}

export const toolProfilesSuite: StorageSuite<ToolProfileRepository | TenantRepository | UnitOfWork> = {
  name: "automation tool profiles",
  tests: (it) => {
    it.effect("upserts a profile by name: a second upsert keeps its id and creation, replacing its lists", () =>
      Effect.gen(function* () {
        const profiles = yield* ToolProfileRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const profile = makeProfile(tenant.id, {
          name: "support — サポート ✓",
          allow: ["http.request", "email.send", "ünï.skill"],
          deny: ["sms.send"],
          requireApprovalSkills: ["email.send", "!http.request"]
        })
        expect(yield* profiles.upsert(profile)).toEqual(profile)
        expect(yield* profiles.find(tenant.id, profile.id)).toEqual(Option.some(profile))
        expect(yield* profiles.findByName(tenant.id, profile.name)).toEqual(Option.some(profile))

        // Another tenant's profile of that name (and id) is another profile.
        const elsewhere = makeProfile(other.id, { id: profile.id, name: profile.name, deny: ["*"] })
        expect(yield* profiles.upsert(elsewhere)).toEqual(elsewhere)

        const again = makeProfile(tenant.id, {
          name: profile.name,
          allow: [],
          deny: ["http.request", "email.send"],
          requireApprovalSkills: [],
          createdAt: plus(profile.createdAt, 5 * MINUTE),
          updatedAt: plus(profile.updatedAt, 5 * MINUTE)
        })
        const updated: ToolProfile = { ...again, id: profile.id, createdAt: profile.createdAt }
        expect(yield* profiles.upsert(again)).toEqual(updated)
        expect(yield* profiles.find(tenant.id, profile.id)).toEqual(Option.some(updated))
        expect(yield* profiles.find(tenant.id, again.id)).toEqual(Option.none())
        expect(yield* profiles.findByName(tenant.id, profile.name)).toEqual(Option.some(updated))
        expect(yield* profiles.list(tenant.id, { limit: 10 })).toEqual([updated])

        expect(yield* profiles.find(other.id, profile.id)).toEqual(Option.some(elsewhere))
        expect(yield* profiles.findByName(other.id, profile.name)).toEqual(Option.some(elsewhere))
        // Names are exact.
        expect(yield* profiles.findByName(tenant.id, "SUPPORT — サポート ✓")).toEqual(Option.none())
        expect(yield* profiles.findByName(tenant.id, "support")).toEqual(Option.none())
        expect(yield* profiles.findByName(uuid(), profile.name)).toEqual(Option.none())
        expect(yield* profiles.findByName("not-a-uuid", profile.name)).toEqual(Option.none())
        expect(yield* profiles.find(uuid(), profile.id)).toEqual(Option.none())
        expect(yield* profiles.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* profiles.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* profiles.find("not-a-uuid", profile.id)).toEqual(Option.none())
      })
    )

    it.effect("lists a tenant's profiles newest first (then by id), in keyset pages", () =>
      Effect.gen(function* () {
        const profiles = yield* ToolProfileRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-08-01T00:00:00.000Z")
        // Three share a creation time, so the id decides their order.
        const stored = [0, 1, 1, 1, 2, 4].map((minutes, i) =>
          makeProfile(tenant.id, { name: `profile ${i}`, createdAt: plus(base, minutes * MINUTE) })
        )
        for (const profile of stored) yield* profiles.upsert(profile)
        yield* profiles.upsert(makeProfile(other.id, { name: "profile 0", createdAt: plus(base, 3 * MINUTE) }))
        const expected = [...stored].sort(profilesNewestFirst)

        expect(yield* profiles.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 4, 6]) {
          expect(yield* allPages((after) => profiles.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* profiles.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        expect(yield* profiles.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* profiles.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("ends concurrent upserts of one name, each in its own unit of work, with one profile", () =>
      Effect.gen(function* () {
        const profiles = yield* ToolProfileRepository
        const tenant = yield* insertTenant()
        const candidates = Array.from({ length: 8 }, (_, i) =>
          makeProfile(tenant.id, { name: "burst", deny: [`skill.${i}`], updatedAt: plus(at("2026-08-01"), i) })
        )
        const answers = yield* Effect.all(
          candidates.map((profile) => withTransaction(profiles.upsert(profile))),
          { concurrency: "unbounded" }
        )
        const [first] = answers
        expect(candidates.map((profile) => profile.id)).toContain(first.id)
        for (const answer of answers) {
          expect(answer.id).toBe(first.id)
          expect(answer.createdAt).toEqual(first.createdAt)
        }
        const listed = yield* profiles.list(tenant.id, { limit: 100 })
        expect(listed).toHaveLength(1)
        expect(listed[0].id).toBe(first.id)
        expect(answers).toContainEqual(listed[0])
      })
    )
  }
}

export const governanceRollbackSuite: StorageSuite<
  PolicyRepository | ToolProfileRepository | MemoryRepository | MemoryAuditRepository | TenantRepository | UnitOfWork
> = {
  name: "automation governance's units of work",
  tests: (it) => {
    it.effect("rolls back a failed unit's policy, profiles, memory and audit together", () =>
      Effect.gen(function* () {
        const policies = yield* PolicyRepository
        const profiles = yield* ToolProfileRepository
        const memory = yield* MemoryRepository
        const audits = yield* MemoryAuditRepository
        const tenant = yield* insertTenant()
        const policy = makePolicy(tenant.id)
        const profile = makeProfile(tenant.id, { allow: ["http.request"] })
        const entry = makeEntry(tenant.id, { value: "before" })
        yield* policies.save(policy)
        yield* profiles.upsert(profile)
        yield* memory.put(entry)
        const later = plus(entry.updatedAt, MINUTE)
        const newProfile = makeProfile(tenant.id, { name: "strict", deny: ["email.send"], createdAt: later })
        const newEntry = makeEntry(tenant.id, { key: "fresh", value: [1, 2], createdAt: later })
        const audit = [
          makeAudit(tenant.id, { key: entry.key, action: "write", createdAt: later }),
          makeAudit(tenant.id, { key: "fresh", action: "write", createdAt: later })
        ]

        const write = Effect.gen(function* () {
          yield* policies.save(makePolicy(tenant.id, { standingOrders: "changed", updatedAt: later }))
          yield* profiles.upsert(makeProfile(tenant.id, { allow: [], deny: ["http.request"], updatedAt: later }))
          yield* profiles.upsert(newProfile)
          yield* memory.put(makeEntry(tenant.id, { value: "after", updatedAt: later }))
          yield* memory.put(newEntry)
          yield* audits.insertMany(audit)
        })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")

        expect(yield* policies.find(tenant.id)).toEqual(Option.some(policy))
        expect(yield* profiles.list(tenant.id, { limit: 10 })).toEqual([profile])
        expect(yield* profiles.findByName(tenant.id, "strict")).toEqual(Option.none())
        expect(yield* memory.list(tenant.id, { limit: 10 })).toEqual([entry])
        expect(yield* memory.find(tenant.id, "fresh")).toEqual(Option.none())
        expect(yield* audits.list(tenant.id, { limit: 10 })).toEqual([])

        // The same writes commit together.
        yield* withTransaction(write)
        expect(Option.map(yield* policies.find(tenant.id), (found) => found.standingOrders)).toEqual(
          Option.some("changed")
        )
        expect(yield* profiles.findByName(tenant.id, profile.name)).toEqual(
          Option.some({ ...profile, allow: [], deny: ["http.request"], updatedAt: later })
        )
        expect(yield* profiles.findByName(tenant.id, "strict")).toEqual(Option.some(newProfile))
        expect(yield* memory.find(tenant.id, entry.key)).toEqual(
          Option.some({ ...entry, value: "after", updatedAt: later })
        )
        expect(yield* memory.find(tenant.id, "fresh")).toEqual(Option.some(newEntry))
        expect(yield* audits.list(tenant.id, { limit: 10 })).toEqual([...audit].sort(auditsNewestFirst))
      })
    )
  }
}
