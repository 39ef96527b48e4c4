import {
  type MemoryAudit,
  MemoryAuditRepository,
  type MemoryEntry,
  MemoryRepository,
  type ModelChoice,
  ModelChoiceRepository,
  type Policy,
  PolicyRepository,
  type TenantRepository,
  type ToolProfile,
  ToolProfileRepository,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, allPages, at, insertTenant, newestFirst, plus, uuid } from "./fixtures.js"

const makePolicy = (tenantId: string, overrides: Partial<Policy> = {}): Policy => ({
  tenantId,
  standingOrders: "Be polite. Never promise refunds.",
  updatedAt: at("2026-08-01T09:00:00.000Z"),
  ...overrides
})

const makeProfile = (tenantId: string, overrides: Partial<ToolProfile> = {}): ToolProfile => ({
  id: uuid(),
  tenantId,
  name: "default",
  allow: [],
  deny: [],
  requireApprovalSkills: [],
  createdAt: at("2026-08-01T09:00:00.000Z"),
  updatedAt: at("2026-08-01T09:00:00.000Z"),
  ...overrides
})

const makeEntry = (tenantId: string, overrides: Partial<MemoryEntry> = {}): MemoryEntry => ({
  id: uuid(),
  tenantId,
  key: "customer/42/preferred-name",
  value: "Ada",
  createdAt: at("2026-08-01T09:00:00.000Z"),
  updatedAt: at("2026-08-01T09:00:00.000Z"),
  ...overrides
})

const makeAudit = (tenantId: string, overrides: Partial<MemoryAudit> = {}): MemoryAudit => ({
  id: uuid(),
  tenantId,
  key: "customer/42/preferred-name",
  action: "read",
  actor: "run:7f1c",
  createdAt: at("2026-08-01T09:00:00.000Z"),
  ...overrides
})

/** Values at the edges of what JSON carries, and text in many scripts, nested. */
const richJson = {
  numbers: [0, -1, 42, 1.5, -0.25, 0.1 + 0.2, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
  extremes: { largest: Number.MAX_VALUE, smallest: Number.MIN_VALUE },
  flags: [true, false, null],
  "clé ✓ 東京": "naïve café — 東京 — مرحبا — 👩‍💻🎉",
  escaped: 'she said "hi" \\ \n\ttab \u2028 </script> \u0001',
  // Looks like a time, stays text.
  updatedAt: "2026-08-01T09:00:00.000Z",
  nested: { deep: { deeper: [1, [2, { three: 3, "": "empty key" }]] }, empty: {}, none: [] }
}

/** Every kind of JSON value a memory entry may hold, bare ones included. */
const memoryValues: ReadonlyArray<unknown> = [
  null,
  "Ada",
  "",
  "null",
  '"quoted"',
  '{"looks": ["like", "json"]}',
  "naïve ✓ \\ \n 東京 👩‍💻",
  0,
  42,
  -1.5,
  1e21,
  true,
  false,
  [],
  {},
  [1, "two", null, { three: [3] }],
  richJson
]

const profilesNewestFirst = newestFirst<ToolProfile>((profile) => profile.createdAt)
const entriesNewestFirst = newestFirst<MemoryEntry>((entry) => entry.createdAt)
const auditsNewestFirst = newestFirst<MemoryAudit>((audit) => audit.createdAt)

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

export const memorySuite: StorageSuite<MemoryRepository | TenantRepository | UnitOfWork> = {
  name: "automation memory",
  tests: (it) => {
    it.effect("puts an entry by key: a second put keeps its id and creation, replacing its value", () =>
      Effect.gen(function* () {
        const memory = yield* MemoryRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const entry = makeEntry(tenant.id, { key: "kunde/42/名前 ✓", value: { name: "Ada", tags: ["vip"] } })
        expect(yield* memory.find(tenant.id, entry.key)).toEqual(Option.none())
        expect(yield* memory.put(entry)).toEqual(entry)
        expect(yield* memory.find(tenant.id, entry.key)).toEqual(Option.some(entry))
        expect(yield* memory.findById(tenant.id, entry.id)).toEqual(Option.some(entry))

        // Another tenant's entry under that key (and id) is another entry.
        const elsewhere = makeEntry(other.id, { id: entry.id, key: entry.key, value: "theirs" })
        expect(yield* memory.put(elsewhere)).toEqual(elsewhere)

        const again = makeEntry(tenant.id, {
          key: entry.key,
          value: ["replaced", 2],
          createdAt: plus(entry.createdAt, 5 * MINUTE),
          updatedAt: plus(entry.updatedAt, 5 * MINUTE)
        })
        const updated: MemoryEntry = { ...again, id: entry.id, createdAt: entry.createdAt }
        expect(yield* memory.put(again)).toEqual(updated)
        expect(yield* memory.find(tenant.id, entry.key)).toEqual(Option.some(updated))
        expect(yield* memory.findById(tenant.id, entry.id)).toEqual(Option.some(updated))
        expect(yield* memory.findById(tenant.id, again.id)).toEqual(Option.none())
        expect(yield* memory.list(tenant.id, { limit: 10 })).toEqual([updated])

        expect(yield* memory.find(other.id, entry.key)).toEqual(Option.some(elsewhere))
        expect(yield* memory.findById(other.id, entry.id)).toEqual(Option.some(elsewhere))
        // Keys are exact.
        expect(yield* memory.find(tenant.id, "KUNDE/42/名前 ✓")).toEqual(Option.none())
        expect(yield* memory.find(tenant.id, "kunde/42")).toEqual(Option.none())
        expect(yield* memory.find(uuid(), entry.key)).toEqual(Option.none())
        expect(yield* memory.find("not-a-uuid", entry.key)).toEqual(Option.none())
        expect(yield* memory.findById(uuid(), entry.id)).toEqual(Option.none())
        expect(yield* memory.findById(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* memory.findById("not-a-uuid", entry.id)).toEqual(Option.none())
      })
    )

    it.effect("round-trips every kind of JSON value exactly, bare strings, numbers and null included", () =>
      Effect.gen(function* () {
        const memory = yield* MemoryRepository
        const tenant = yield* insertTenant()
        const entries = memoryValues.map((value, i) => makeEntry(tenant.id, { key: `value/${i}`, value }))
        for (const entry of entries) expect(yield* memory.put(entry)).toEqual(entry)
        for (const entry of entries) {
          const found = Option.getOrThrow(yield* memory.find(tenant.id, entry.key))
          expect(found).toEqual(entry)
          expect(typeof found.value).toBe(typeof entry.value)
        }
        expect(Option.getOrThrow(yield* memory.find(tenant.id, "value/0")).value).toBeNull()
        expect(Option.getOrThrow(yield* memory.find(tenant.id, "value/1")).value).toBe("Ada")
        expect(Option.getOrThrow(yield* memory.find(tenant.id, "value/3")).value).toBe("null")

        // A put replaces one kind of value with another, and the list answers them as stored too.
        const updated = entries.map((entry, i) => ({
          ...entry,
          value: memoryValues[(i + 1) % memoryValues.length],
          updatedAt: plus(entry.updatedAt, MINUTE)
        }))
        for (const entry of updated) {
          expect(yield* memory.put({ ...entry, id: uuid() })).toEqual(entry)
          expect(yield* memory.find(tenant.id, entry.key)).toEqual(Option.some(entry))
        }
        expect(yield* memory.list(tenant.id, { limit: 100 })).toEqual([...updated].sort(entriesNewestFirst))
      })
    )

    it.effect("lists a tenant's entries newest first (then by id), in keyset pages, of every key or a prefix", () =>
      Effect.gen(function* () {
        const memory = yield* MemoryRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-08-01T00:00:00.000Z")
        const keys = [
          "customer/1/name",
          "customer/1/plan",
          "customer/10/name",
          "customer/2/name",
          "Customer/3/name",
          "customers",
          "order/7",
          "100%/done",
          "100x/done",
          "100%",
          "a_b/1",
          "axb/1",
          "a_b",
          "back\\slash/1",
          "backxslash/1",
          "東京/天気"
        ]
        // Several share a creation time, so the id decides their order.
        const stored = keys.map((key, i) => makeEntry(tenant.id, { key, createdAt: plus(base, (i % 5) * MINUTE) }))
        for (const entry of stored) yield* memory.put(entry)
        yield* memory.put(makeEntry(other.id, { key: "customer/1/name", createdAt: plus(base, MINUTE) }))
        yield* memory.put(makeEntry(other.id, { key: "customer/9", createdAt: plus(base, 9 * MINUTE) }))
        const expected = [...stored].sort(entriesNewestFirst)

        expect(yield* memory.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 3, 16]) {
          expect(yield* allPages((after) => memory.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* memory.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))

        // Prefixes are literal and case-sensitive: `%`, `_` and `\` match only themselves.
        const prefixes: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
          ["customer/1", ["customer/1/name", "customer/1/plan", "customer/10/name"]],
          ["customer/1/", ["customer/1/name", "customer/1/plan"]],
          ["customer", ["customer/1/name", "customer/1/plan", "customer/10/name", "customer/2/name", "customers"]],
          ["Customer", ["Customer/3/name"]],
          ["100%", ["100%/done", "100%"]],
          ["100%/", ["100%/done"]],
          ["%", []],
          ["a_b", ["a_b/1", "a_b"]],
          ["a_", ["a_b/1", "a_b"]],
          ["_", []],
          ["back\\", ["back\\slash/1"]],
          ["東京/", ["東京/天気"]],
          ["customer/1/name", ["customer/1/name"]],
          ["customer/1/name/", []],
          ["", keys]
        ]
        for (const [prefix, matching] of prefixes) {
          const matches = expected.filter((entry) => matching.includes(entry.key))
          expect(matches).toHaveLength(matching.length)
          expect(yield* memory.list(tenant.id, { limit: 100, prefix }), prefix).toEqual(matches)
          expect(yield* allPages((after) => memory.list(tenant.id, { limit: 1, after, prefix }), 1), prefix).toEqual(
            matches
          )
        }
        expect(yield* memory.list(other.id, { limit: 100, prefix: "customer/1" })).toHaveLength(1)
        expect(yield* memory.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* memory.list("not-a-uuid", { limit: 10, prefix: "customer" })).toEqual([])
      })
    )

    it.effect("ends concurrent puts of one key, each in its own unit of work, with one entry", () =>
      Effect.gen(function* () {
        const memory = yield* MemoryRepository
        const tenant = yield* insertTenant()
        const candidates = Array.from({ length: 8 }, (_, i) =>
          makeEntry(tenant.id, { key: "burst", value: { writer: i }, updatedAt: plus(at("2026-08-01"), i) })
        )
        const answers = yield* Effect.all(
          candidates.map((entry) => withTransaction(memory.put(entry))),
          { concurrency: "unbounded" }
        )
        const [first] = answers
        expect(candidates.map((entry) => entry.id)).toContain(first.id)
        for (const answer of answers) {
          expect(answer.id).toBe(first.id)
          expect(answer.createdAt).toEqual(first.createdAt)
        }
        const listed = yield* memory.list(tenant.id, { limit: 100 })
        expect(listed).toHaveLength(1)
        expect(answers).toContainEqual(listed[0])
        expect(yield* memory.find(tenant.id, "burst")).toEqual(Option.some(listed[0]))
      })
    )
  }
}

export const memoryAuditSuite: StorageSuite<MemoryAuditRepository | TenantRepository | UnitOfWork> = {
  name: "automation memory audit",
  tests: (it) => {
    it.effect("inserts audit rows in batches and finds each only within its tenant", () =>
      Effect.gen(function* () {
        const audits = yield* MemoryAuditRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        yield* audits.insertMany([])
        const rows = [
          makeAudit(tenant.id, { key: "kunde/42/名前 ✓", action: "write", actor: "key:9a8b" }),
          makeAudit(tenant.id, { action: "read", actor: "run:ünï ✓" }),
          makeAudit(other.id, { action: "read" })
        ]
        yield* audits.insertMany(rows)
        for (const row of rows) expect(yield* audits.find(row.tenantId, row.id)).toEqual(Option.some(row))
        expect(yield* audits.find(other.id, rows[0].id)).toEqual(Option.none())
        expect(yield* audits.find(tenant.id, rows[2].id)).toEqual(Option.none())
        expect(yield* audits.find(uuid(), rows[0].id)).toEqual(Option.none())
        expect(yield* audits.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* audits.find("not-a-uuid", rows[0].id)).toEqual(Option.none())
        expect(yield* audits.list(tenant.id, { limit: 10 })).toEqual(rows.slice(0, 2).sort(auditsNewestFirst))
        expect(yield* audits.list(other.id, { limit: 10 })).toEqual([rows[2]])
      })
    )

    it.effect("lists newest first (then by id) in keyset pages, of every key or of one", () =>
      Effect.gen(function* () {
        const audits = yield* MemoryAuditRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-08-01T00:00:00.000Z")
        const keys = ["customer/1", "customer/10", "customer/1", "Customer/1", "%", "customer/1"]
        const rows = Array.from({ length: 12 }, (_, i) =>
          makeAudit(tenant.id, {
            key: keys[i % keys.length],
            action: i % 3 === 0 ? "write" : "read",
            actor: `run:${i}`,
            createdAt: plus(base, Math.floor(i / 3) * MINUTE)
          })
        )
        yield* audits.insertMany(rows)
        yield* audits.insertMany([makeAudit(other.id, { key: "customer/1", createdAt: plus(base, MINUTE) })])
        const expected = [...rows].sort(auditsNewestFirst)

        expect(yield* audits.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 5, 12]) {
          expect(yield* allPages((after) => audits.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* audits.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        for (const key of ["customer/1", "customer/10", "Customer/1", "%", "customer"]) {
          const matching = expected.filter((row) => row.key === key)
          expect(yield* audits.list(tenant.id, { limit: 100, key }), key).toEqual(matching)
          expect(yield* allPages((after) => audits.list(tenant.id, { limit: 2, after, key }), 2), key).toEqual(matching)
        }
        expect(yield* audits.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* audits.list("not-a-uuid", { limit: 10, key: "customer/1" })).toEqual([])
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
