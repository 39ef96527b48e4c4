import type { Run } from "@servicekit/core/automations"
import { RunRepository, type TenantRepository, type UnitOfWork } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { claimOne, makeResult, makeRun, workerB } from "./runFixtures.js"

export const runExpirySuite: StorageSuite<RunRepository | TenantRepository | UnitOfWork> = {
  name: "automation runs' time to live",
  tests: (it) => {
    it.effect("stores a run's time to live with it, by every write that stores runs, and reads it back", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const created = at("2026-07-01T09:00:00.000Z")
        // Milliseconds survive the round trip.
        const single = makeRun(tenant.id, { expiresAt: plus(created, 600_000 + 7) })
        const many = [makeRun(tenant.id, { expiresAt: plus(created, MINUTE) }), makeRun(tenant.id)]
        const keyed = makeRun(tenant.id, { idempotencyKey: "ttl", expiresAt: plus(created, 1_000) })
        yield* runs.insert(single)
        yield* runs.insertMany(many)
        expect(yield* runs.insertKeyed(keyed, plus(created, -MINUTE))).toEqual(keyed)

        for (const run of [single, ...many, keyed]) {
          expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(run))
        }
        expect(Option.getOrThrow(yield* runs.find(tenant.id, single.id)).expiresAt).toBeInstanceOf(Date)
        expect(Option.getOrThrow(yield* runs.find(tenant.id, many[1]!.id)).expiresAt).toBeNull()
        const listed = yield* runs.list(tenant.id, { limit: 10 })
        expect(new Map(listed.map((run) => [run.id, run.expiresAt]))).toEqual(
          new Map([single, ...many, keyed].map((run) => [run.id, run.expiresAt]))
        )
        // An update writes it as the run's progress: a retry clears it.
        const finishedAt = plus(created, 1_000)
        const cancelled: Run = { ...single, status: "cancelled", reason: "Cancelled.", finishedAt }
        expect(yield* runs.update(cancelled, ["queued"])).toBe(true)
        expect(yield* runs.find(tenant.id, single.id)).toEqual(Option.some(cancelled))
        const retried: Run = {
          ...cancelled,
          status: "queued",
          attempt: 2,
          reason: null,
          expiresAt: null,
          finishedAt: null
        }
        expect(yield* runs.updateMany([{ run: retried, from: ["cancelled"] }])).toEqual([true])
        expect(yield* runs.find(tenant.id, single.id)).toEqual(Option.some(retried))
      })
    )

    it.effect("ends a claimed run expired while its worker's claim holds; an expired run is retried, not claimed", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const created = at("2026-07-01T09:00:00.000Z")
        const run = makeRun(tenant.id, { createdAt: created, updatedAt: created, expiresAt: plus(created, MINUTE) })
        yield* runs.insert(run)
        const now = plus(created, 2 * MINUTE)
        const lease = plus(now, MINUTE)
        const claimed = Option.getOrThrow(yield* claimOne(runs, tenant.id, run.id, now, lease))
        // The claim keeps the time to live; the run has no result: nothing of it started.
        expect(claimed).toMatchObject({ status: "running", expiresAt: run.expiresAt, results: [] })

        const expired: Run = {
          ...claimed,
          status: "expired",
          reason: "Not started within its time to live (60 s).",
          leaseUntil: null,
          startedAt: null,
          finishedAt: now,
          updatedAt: now
        }
        // Another worker's lease (this one lost the run) writes nothing; the holder's does, results untouched.
        expect(yield* runs.update(expired, ["running"], plus(lease, 1), [])).toBe(false)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(claimed))
        const written = yield* runs.updateMany([{ run: expired, from: ["running"], leaseUntil: lease, steps: [] }])
        expect(written).toEqual([true])
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(expired))
        expect(yield* runs.list(tenant.id, { limit: 10, status: "expired" })).toEqual([expired])
        expect(yield* runs.countQueued(tenant.id, 10)).toBe(0)
        expect(yield* runs.countRunning(tenant.id)).toBe(0)
        // Its claim is over: a late write under it is refused, and no worker takes an expired run.
        expect(yield* runs.update({ ...claimed, results: [makeResult(0)] }, ["running"], lease)).toBe(false)
        expect(yield* claimOne(runs, tenant.id, run.id, plus(lease, MINUTE), plus(lease, 2 * MINUTE), workerB)).toEqual(
          Option.none()
        )
        const stalled = yield* runs.stalled(plus(lease, MINUTE), 100)
        expect(stalled.map((each) => each.id)).not.toContain(run.id)

        // A retry queues it again without a time to live, and a worker takes it.
        const later = plus(now, MINUTE)
        const retried: Run = {
          ...expired,
          status: "queued",
          attempt: 2,
          reason: null,
          expiresAt: null,
          finishedAt: null,
          updatedAt: later
        }
        expect(yield* runs.update(retried, ["failed", "cancelled", "expired"])).toBe(true)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(retried))
        const again = Option.getOrThrow(yield* claimOne(runs, tenant.id, run.id, later, plus(later, MINUTE), workerB))
        expect(again).toMatchObject({ status: "running", attempt: 2, expiresAt: null, startedAt: later })
        expect(yield* runs.find(uuid(), run.id)).toEqual(Option.none())
      })
    )
  }
}
