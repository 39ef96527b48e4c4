import type { MemoryEntry } from "@servicekit/core/automations"
import {
  MemoryAuditRepository,
  MemoryRepository,
  type TenantRepository,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, allPages, at, insertTenant, plus, uuid } from "./fixtures.js"
import { makeEntry, makeAudit, memoryValues, entriesNewestFirst, auditsNewestFirst } from "./governanceFixtures.js"

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

    it.effect("prunes rows made before a time, oldest first, of one tenant or of all", () =>
      Effect.gen(function* () {
        const audits = yield* MemoryAuditRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        // Long before any other suite's rows: the prune of every tenant reads them all.
        const old = makeAudit(tenant.id, { createdAt: at("1995-01-01T00:00:00.000Z") })
        const older = makeAudit(tenant.id, { createdAt: at("1994-06-01T00:00:00.000Z") })
        const recent = makeAudit(tenant.id, { createdAt: at("1995-07-01T00:00:00.000Z") })
        const theirs = makeAudit(other.id, { id: old.id, createdAt: at("1995-01-01T00:00:00.000Z") })
        yield* audits.insertMany([old, older, recent, theirs])
        const before = at("1995-06-01T00:00:00.000Z")
        expect(yield* audits.prune(before, 1, tenant.id)).toBe(1)
        expect(yield* audits.list(tenant.id, { limit: 10 })).toEqual([recent, old])
        expect(yield* audits.prune(before, 10, tenant.id)).toBe(1)
        expect(yield* audits.prune(before, 10, tenant.id)).toBe(0)
        expect(yield* audits.prune(before, 10, "not-a-uuid")).toBe(0)
        expect(yield* audits.list(other.id, { limit: 10 })).toEqual([theirs])
        expect(yield* audits.prune(before, 1_000)).toBeGreaterThanOrEqual(1)
        expect(yield* audits.list(other.id, { limit: 10 })).toEqual([])
        expect(yield* audits.list(tenant.id, { limit: 10 })).toEqual([recent])
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
