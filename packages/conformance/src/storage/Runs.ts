import type { Run, RunStatus } from "@servicekit/core/automations"
import { RunRepository, type TenantRepository, type UnitOfWork, withTransaction } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, expectDefect, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"

import { makeRun, makeResult, richJson, runsNewestFirst, claimOne, UNCLAIMABLE } from "./runFixtures.js"

export const runsSuite: StorageSuite<RunRepository | TenantRepository | UnitOfWork> = {
  name: "automation runs",
  tests: (it) => {
    it.effect("stores a run whole and finds it only within its tenant, its results' times as dates", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const run = makeRun(tenant.id, {
          revision: 2_147_483_647,
          steps: [
            { type: "skill", skill: "http.request", input: { url: "https://example.com/ü?q=1&r=✓" } },
            { type: "approval", title: "Grüße 👋", data: richJson }
          ],
          status: "failed",
          attempt: 2_147_483_647,
          trigger: { type: "event", event: "message.created" },
          context: "Kunde 顧客 — {{payload.name}}\n",
          payload: richJson,
          parentRunId: uuid(),
          idempotencyKey: "hook-Ω-42",
          results: [
            makeResult(0, { type: "skill", name: "Fetch", output: richJson, outputText: "naïve ✓", attempt: 3 }),
            makeResult(1, {
              type: "approval",
              status: "failed",
              output: [1, "two", { three: null }],
              error: "rejected — ✗",
              startedAt: at("2026-07-01T09:00:03.123Z"),
              finishedAt: null
            })
          ],
          reason: "step 2 failed",
          leaseUntil: at("2026-07-01T09:05:00.000Z"),
          startedAt: at("2026-07-01T09:00:00.500Z"),
          finishedAt: at("2026-07-01T09:00:04.000Z"),
          updatedAt: at("2026-07-01T09:00:04.000Z")
        })
        yield* runs.insert(run)
        // Ids and keys are per tenant: another tenant's run with the same id and key is another run.
        const elsewhere = makeRun(other.id, { id: run.id, idempotencyKey: run.idempotencyKey })
        yield* runs.insert(elsewhere)

        const found = yield* runs.find(tenant.id, run.id)
        expect(found).toEqual(Option.some(run))
        const results = Option.getOrThrow(found).results
        expect(results[0].startedAt).toBeInstanceOf(Date)
        expect(results[0].finishedAt).toBeInstanceOf(Date)
        expect(results[1].startedAt.getTime()).toBe(run.results[1].startedAt.getTime())
        expect(results[0].output).toEqual(richJson)
        expect(yield* runs.find(other.id, run.id)).toEqual(Option.some(elsewhere))
        expect(yield* runs.find(uuid(), run.id)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* runs.find("not-a-uuid", run.id)).toEqual(Option.none())
      })
    )

    it.effect("replaces the whole run when inserted again under its id", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const run = makeRun(tenant.id, { idempotencyKey: "again", payload: richJson, results: [makeResult(0)] })
        yield* runs.insert(run)
        const replaced: Run = {
          ...run,
          status: "running",
          payload: { only: 1 },
          results: [],
          leaseUntil: at("2026-07-01T09:10:00.000Z"),
          createdAt: plus(run.createdAt, MINUTE),
          updatedAt: plus(run.updatedAt, MINUTE)
        }
        yield* runs.insert(replaced)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(replaced))
        expect(yield* runs.list(tenant.id, { limit: 10 })).toEqual([replaced])
      })
    )

    it.effect("inserts many runs in one call, each as insert stores it", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        yield* runs.insertMany([])
        const batch = [
          makeRun(tenant.id, { results: [makeResult(0)], payload: { n: 1 } }),
          makeRun(tenant.id, { createdAt: plus(at("2026-07-01T09:00:00.000Z"), MINUTE) }),
          makeRun(other.id, { idempotencyKey: "k" })
        ]
        yield* runs.insertMany(batch)
        for (const run of batch) expect(yield* runs.find(run.tenantId, run.id)).toEqual(Option.some(run))
        expect(yield* runs.find(other.id, batch[0]!.id)).toEqual(Option.none())
        // A run stored again under its id is replaced, as insert does.
        const again = { ...batch[1]!, context: "again" }
        yield* runs.insertMany([again])
        expect(yield* runs.find(tenant.id, again.id)).toEqual(Option.some(again))
        yield* expectDefect(runs.insertMany([makeRun(other.id, { idempotencyKey: "k" })]))
      })
    )

    it.effect("refuses, as a defect, to store a key another run of the tenant holds", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const holder = makeRun(tenant.id, { idempotencyKey: "held" })
        const other = makeRun(tenant.id)
        yield* runs.insert(holder)
        yield* runs.insert(other)
        yield* expectDefect(runs.insert(makeRun(tenant.id, { idempotencyKey: "held" })))
        expect(yield* runs.list(tenant.id, { limit: 10 })).toEqual([holder, other].sort(runsNewestFirst))
        // A key differing only in case is another key.
        yield* runs.insert(makeRun(tenant.id, { idempotencyKey: "HELD" }))
      })
    )

    it.effect("lists newest first (then by id) in keyset pages, of every run or of one workflow or status", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-07-01T00:00:00.000Z")
        const workflows = [uuid(), uuid()]
        const statuses: ReadonlyArray<RunStatus> = ["queued", "running", "succeeded", "failed", "running"]
        // Several share a creation time, so the id decides their order.
        const stored = Array.from({ length: 15 }, (_, i) =>
          makeRun(tenant.id, {
            workflowId: workflows[i % 2],
            status: statuses[i % statuses.length],
            createdAt: plus(base, Math.floor(i / 3) * MINUTE)
          })
        )
        for (const run of stored) yield* runs.insert(run)
        // Another tenant's runs of the same workflow, one with the same id, one newest of all.
        yield* runs.insert(makeRun(other.id, { workflowId: workflows[0], createdAt: plus(base, 2 * MINUTE) }))
        yield* runs.insert(makeRun(other.id, { id: stored[4].id, workflowId: workflows[0], status: "running" }))
        yield* runs.insert(makeRun(other.id, { workflowId: workflows[1], createdAt: plus(base, 9 * MINUTE) }))
        const expected = [...stored].sort(runsNewestFirst)

        expect(yield* runs.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 4, 15]) {
          expect(yield* allPages((after) => runs.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* runs.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        expect(yield* runs.list(tenant.id, { limit: 5, after: expected[expected.length - 1] })).toEqual([])

        const filters = [
          { workflowId: workflows[0] },
          { workflowId: workflows[1] },
          { status: "running" as const },
          { status: "queued" as const },
          { workflowId: workflows[0], status: "running" as const }
        ]
        for (const filter of filters) {
          const matching = expected.filter(
            (run) =>
              (filter.workflowId === undefined || run.workflowId === filter.workflowId) &&
              (filter.status === undefined || run.status === filter.status)
          )
          expect(matching.length).toBeGreaterThan(0)
          expect(yield* runs.list(tenant.id, { limit: 100, ...filter })).toEqual(matching)
          for (const limit of [1, 2]) {
            expect(yield* allPages((after) => runs.list(tenant.id, { limit, after, ...filter }), limit)).toEqual(
              matching
            )
          }
        }
        expect(yield* runs.list(tenant.id, { limit: 100, status: "cancelled" })).toEqual([])
        expect(yield* runs.list(tenant.id, { limit: 100, workflowId: uuid() })).toEqual([])
        expect(yield* runs.list(tenant.id, { limit: 100, workflowId: "not-a-uuid" })).toEqual([])
        expect(yield* runs.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* runs.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("updates a run's progress only from the statuses given, only within its tenant", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const run = makeRun(tenant.id, { status: "failed", reason: "boom", results: [makeResult(0)] })
        const elsewhere = makeRun(other.id, { id: run.id, status: "failed" })
        yield* runs.insert(run)
        yield* runs.insert(elsewhere)

        const retried: Run = {
          ...run,
          status: "queued",
          attempt: 2,
          reason: null,
          results: [makeResult(0, { output: { kept: true } }), makeResult(1, { status: "running", finishedAt: null })],
          finishedAt: null,
          updatedAt: plus(run.updatedAt, MINUTE)
        }
        expect(yield* runs.update(retried, ["succeeded", "cancelled"])).toBe(false)
        expect(yield* runs.update(retried, [])).toBe(false)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(run))
        expect(yield* runs.update({ ...retried, tenantId: uuid() }, ["failed"])).toBe(false)
        expect(yield* runs.update({ ...retried, id: uuid() }, ["failed"])).toBe(false)
        expect(yield* runs.update({ ...retried, id: "not-a-uuid" }, ["failed"])).toBe(false)
        expect(yield* runs.update({ ...retried, tenantId: "not-a-uuid" }, ["failed"])).toBe(false)

        expect(yield* runs.update(retried, ["failed", "cancelled"])).toBe(true)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(retried))
        // What the run was made with stays as it was made.
        const remade = { ...retried, steps: [], context: "changed", payload: { changed: true }, idempotencyKey: "k" }
        expect(yield* runs.update(remade, ["queued"])).toBe(true)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(retried))
        // Now queued: a second writer that read it failed finds it moved on.
        expect(yield* runs.update({ ...retried, status: "cancelled" }, ["failed"])).toBe(false)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(retried))
        expect(yield* runs.find(other.id, run.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("updates a run given a lease only while the stored lease is that one", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const lease = at("2026-07-01T09:05:00.000Z")
        const run = makeRun(tenant.id, {
          status: "running",
          leaseUntil: lease,
          startedAt: at("2026-07-01T09:00:00.000Z")
        })
        yield* runs.insert(run)

        const step: Run = { ...run, results: [makeResult(0)], updatedAt: plus(run.updatedAt, 1_000) }
        expect(yield* runs.update(step, ["running"], plus(lease, 1))).toBe(false)
        expect(yield* runs.update(step, ["running"], plus(lease, -1))).toBe(false)
        expect(yield* runs.update(step, ["running"], null)).toBe(false)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(run))
        // The same time in another Date is the same lease.
        expect(yield* runs.update(step, ["running"], new Date(lease.getTime()))).toBe(true)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(step))

        // The writer gives the lease up with its last write; its next write, still naming the lease, is refused.
        const done: Run = { ...step, status: "succeeded", leaseUntil: null, finishedAt: plus(lease, -MINUTE) }
        expect(yield* runs.update(done, ["running"], lease)).toBe(true)
        expect(yield* runs.update({ ...done, reason: "late" }, ["succeeded"], lease)).toBe(false)
        // A run without a lease matches null, and no lease given means no lease condition.
        expect(yield* runs.update({ ...done, reason: "null lease" }, ["succeeded"], null)).toBe(true)
        expect(yield* runs.update({ ...done, reason: "any lease" }, ["succeeded"])).toBe(true)
        expect(Option.map(yield* runs.find(tenant.id, run.id), (stored) => stored.reason)).toEqual(
          Option.some("any lease")
        )
        // Without a lease condition the stored lease does not matter either.
        const leased = makeRun(tenant.id, { status: "running", leaseUntil: lease })
        yield* runs.insert(leased)
        expect(yield* runs.update({ ...leased, reason: "x" }, ["running"], undefined)).toBe(true)
      })
    )

    it.effect("inserts a keyed run once: a duplicate within the kept window answers the run holding the key", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const first = makeRun(tenant.id, { idempotencyKey: "order-1", payload: richJson, results: [makeResult(0)] })
        const keptSince = plus(first.createdAt, -MINUTE)
        expect(yield* runs.insertKeyed(first, keptSince)).toEqual(first)
        expect(yield* runs.find(tenant.id, first.id)).toEqual(Option.some(first))

        const duplicate = makeRun(tenant.id, { idempotencyKey: "order-1", createdAt: plus(first.createdAt, MINUTE) })
        expect(yield* runs.insertKeyed(duplicate, keptSince)).toEqual(first)
        // Created exactly at the window's start still holds its key.
        expect(yield* runs.insertKeyed(duplicate, first.createdAt)).toEqual(first)
        expect(yield* runs.find(tenant.id, duplicate.id)).toEqual(Option.none())

        // Keys are per tenant, exact, and runs without a key never meet.
        const elsewhere = makeRun(other.id, { idempotencyKey: "order-1" })
        expect(yield* runs.insertKeyed(elsewhere, keptSince)).toEqual(elsewhere)
        const upper = makeRun(tenant.id, { idempotencyKey: "ORDER-1" })
        expect(yield* runs.insertKeyed(upper, keptSince)).toEqual(upper)
        const unkeyed = [makeRun(tenant.id), makeRun(tenant.id)]
        for (const run of unkeyed) expect(yield* runs.insertKeyed(run, keptSince)).toEqual(run)
        expect(yield* runs.list(tenant.id, { limit: 10 })).toEqual([first, upper, ...unkeyed].sort(runsNewestFirst))
        expect(yield* runs.list(other.id, { limit: 10 })).toEqual([elsewhere])
      })
    )

    it.effect("releases an older run's key: a run created before the kept window no longer holds it", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const old = makeRun(tenant.id, { idempotencyKey: "order-2", status: "succeeded" })
        yield* runs.insert(old)
        const fresh = makeRun(tenant.id, {
          idempotencyKey: "order-2",
          createdAt: plus(old.createdAt, 25 * 60 * MINUTE)
        })
        const keptSince = plus(old.createdAt, 1)

        expect(yield* runs.insertKeyed(fresh, keptSince)).toEqual(fresh)
        expect(yield* runs.find(tenant.id, old.id)).toEqual(Option.some({ ...old, idempotencyKey: null }))
        expect(yield* runs.find(tenant.id, fresh.id)).toEqual(Option.some(fresh))
        // The new run holds the key now.
        const later = makeRun(tenant.id, { idempotencyKey: "order-2", createdAt: plus(fresh.createdAt, MINUTE) })
        expect(yield* runs.insertKeyed(later, keptSince)).toEqual(fresh)
        expect(yield* runs.find(tenant.id, later.id)).toEqual(Option.none())
      })
    )

    it.effect("ends concurrent keyed inserts, each in its own unit of work, with one run answered to all", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const createdAt = at("2026-07-01T09:00:00.000Z")
        const keptSince = plus(createdAt, -24 * 60 * MINUTE)
        const candidates = Array.from({ length: 10 }, (_, i) =>
          makeRun(tenant.id, { idempotencyKey: "burst", context: `try ${i}`, createdAt })
        )
        const answers = yield* Effect.all(
          candidates.map((run) => withTransaction(runs.insertKeyed(run, keptSince))),
          { concurrency: 10 }
        )
        const winner = answers[0]
        expect(candidates).toContainEqual(winner)
        for (const answer of answers) expect(answer).toEqual(winner)
        expect(yield* runs.list(tenant.id, { limit: 100 })).toEqual([winner])

        // Again, now that a run older than the window holds the key: it is released once.
        const later = plus(createdAt, 25 * 60 * MINUTE)
        const retries = Array.from({ length: 10 }, (_, i) =>
          makeRun(tenant.id, { idempotencyKey: "burst", context: `retry ${i}`, createdAt: later })
        )
        const second = yield* Effect.all(
          retries.map((run) => withTransaction(runs.insertKeyed(run, plus(later, -24 * 60 * MINUTE)))),
          { concurrency: 10 }
        )
        expect(retries).toContainEqual(second[0])
        for (const answer of second) expect(answer).toEqual(second[0])
        expect(yield* runs.list(tenant.id, { limit: 100 })).toEqual([second[0], { ...winner, idempotencyKey: null }])
      })
    )

    it.effect("counts the tenant's running runs", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        expect(yield* runs.countRunning(tenant.id)).toBe(0)
        const statuses: ReadonlyArray<RunStatus> = ["running", "queued", "running", ...UNCLAIMABLE]
        for (const status of statuses) yield* runs.insert(makeRun(tenant.id, { status }))
        yield* runs.insert(makeRun(other.id, { status: "running" }))
        expect(yield* runs.countRunning(tenant.id)).toBe(2)
        expect(yield* runs.countRunning(other.id)).toBe(1)

        const queued = makeRun(tenant.id)
        yield* runs.insert(queued)
        const now = at("2026-07-01T09:01:00.000Z")
        const claimed = Option.getOrThrow(yield* claimOne(runs, tenant.id, queued.id, now, plus(now, MINUTE)))
        expect(yield* runs.countRunning(tenant.id)).toBe(3)
        expect(yield* runs.update({ ...claimed, status: "succeeded", leaseUntil: null }, ["running"])).toBe(true)
        expect(yield* runs.countRunning(tenant.id)).toBe(2)
        expect(yield* runs.countRunning(uuid())).toBe(0)
        expect(yield* runs.countRunning("not-a-uuid")).toBe(0)
      })
    )

    it.effect("counts the tenant's queued runs, no further than asked", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        expect(yield* runs.countQueued(tenant.id, 10)).toBe(0)
        const statuses: ReadonlyArray<RunStatus> = ["queued", "running", "queued", "queued", ...UNCLAIMABLE]
        for (const status of statuses) yield* runs.insert(makeRun(tenant.id, { status }))
        yield* runs.insert(makeRun(other.id))
        expect(yield* runs.countQueued(tenant.id, 10)).toBe(3)
        expect(yield* runs.countQueued(tenant.id, 2)).toBe(2)
        expect(yield* runs.countQueued(other.id, 10)).toBe(1)
        expect(yield* runs.countQueued(uuid(), 10)).toBe(0)
        expect(yield* runs.countQueued("not-a-uuid", 10)).toBe(0)
      })
    )
  }
}
