import type { Run } from "@servicekit/core/automations"
import { RunRepository, type TenantRepository, type UnitOfWork } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { makeRun, workerA, workerB } from "./runFixtures.js"

const now = at("2026-07-01T10:00:00.000Z")
const lease = plus(now, MINUTE)
/** The nth run made in a test, a second after the one before. */
const madeAt = (n: number) => plus(at("2026-07-01T09:00:00.000Z"), n * 1_000)
const idsOf = (runs: ReadonlyArray<Run>) => runs.map((run) => run.id).sort()
const keysOf = (runs: ReadonlyArray<Run>) => runs.map(({ id, tenantId }) => ({ tenantId, id }))

export const runCapsSuite: StorageSuite<RunRepository | TenantRepository | UnitOfWork> = {
  name: "automation runs' caps",
  tests: (it) => {
    it.effect("a claim keeps within each tenant's cap, oldest first, and parks the runs past it", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const capped = yield* insertTenant()
        const free = yield* insertTenant()
        const running = [0, 1].map((n) =>
          makeRun(capped.id, { status: "running", leaseUntil: lease, startedAt: now, createdAt: madeAt(n) })
        )
        // A running run whose worker died is taken over whatever the cap: it holds its place already.
        const stale = makeRun(capped.id, { status: "running", leaseUntil: plus(now, -1), startedAt: now, createdAt: madeAt(2) })
        // Reserved for the process that started it (a lease on a queued run): parked all the same.
        const queued = [3, 4, 5, 6].map((n) =>
          makeRun(capped.id, { createdAt: madeAt(n), leaseUntil: n === 6 ? lease : null })
        )
        const theirs = [7, 8, 9].map((n) => makeRun(free.id, { createdAt: madeAt(n) }))
        yield* runs.insertMany([...running, stale, ...queued, ...theirs])

        // Cap 4: two run, the stale one is taken over (three), so one queued run more, the oldest.
        const caps = new Map([[capped.id, 4]])
        const claimed = yield* runs.claimMany(keysOf([...[...queued].reverse(), stale, ...theirs]), now, lease, workerA, caps)
        expect(idsOf(claimed)).toEqual(idsOf([stale, queued[0]!, ...theirs]))
        for (const run of queued.slice(1)) {
          expect(yield* runs.find(capped.id, run.id)).toEqual(Option.some({ ...run, parkedAt: now, leaseUntil: null }))
        }
        // Claimed, a parked run is parked no more.
        const woken = yield* runs.claimMany(keysOf([queued[1]!]), now, lease, workerB, new Map([[capped.id, 5]]))
        expect(woken.map((run) => [run.id, run.status, run.parkedAt])).toEqual([[queued[1]!.id, "running", null]])
        // Without caps nothing is parked.
        const rest = yield* runs.claimMany(keysOf(queued.slice(2)), now, lease, workerB)
        expect(idsOf(rest)).toEqual(idsOf(queued.slice(2)))
      })
    )

    it.effect("a concurrency key lets its limit of the workflow's runs with that key run, and parks the others", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const workflowId = uuid()
        const keyed = (key: string, n: number, overrides: Partial<Run> = {}) =>
          makeRun(tenant.id, { workflowId, concurrency: { key, limit: 1 }, createdAt: madeAt(n), ...overrides })
        const runningA = keyed("a", 0, { status: "running", leaseUntil: lease, startedAt: now })
        const a1 = keyed("a", 1)
        const b1 = keyed("b", 2)
        const b2 = keyed("b", 3)
        const a2 = keyed("a", 4)
        // The same key of another workflow is another line; a run without a key has none.
        const elsewhere = makeRun(tenant.id, { concurrency: { key: "a", limit: 1 }, createdAt: madeAt(5) })
        const unkeyed = makeRun(tenant.id, { workflowId, createdAt: madeAt(6) })
        // Limit 2: both run.
        const pair = [7, 8].map((n) => keyed("c", n, { concurrency: { key: "c", limit: 2 } }))
        yield* runs.insertMany([runningA, a1, b1, b2, a2, elsewhere, unkeyed, ...pair])

        const claimed = yield* runs.claimMany(keysOf([a2, b2, a1, b1, elsewhere, unkeyed, ...pair]), now, lease, workerA)
        expect(idsOf(claimed)).toEqual(idsOf([b1, elsewhere, unkeyed, ...pair]))
        for (const run of [a1, b2, a2]) {
          expect(Option.map(yield* runs.find(tenant.id, run.id), (found) => found.parkedAt)).toEqual(Option.some(now))
        }
        // Key b has room once b1 ends: waking takes the tenant's oldest parked run whose key has room.
        const done = { ...b1, status: "succeeded" as const, leaseUntil: null, finishedAt: now, updatedAt: now }
        expect(yield* runs.updateMany([{ run: done, from: ["queued", "running"] }])).toEqual([true])
        const woken = yield* runs.wakeParked([tenant.id, tenant.id, tenant.id])
        expect(woken.map((run) => [run.id, run.status, run.parkedAt])).toEqual([[b2.id, "queued", null]])
        expect(yield* runs.wakeParked([tenant.id, tenant.id, tenant.id])).toEqual([])
        // Key a's runs wake oldest first once the running one has ended.
        const ended = { ...runningA, status: "failed" as const, leaseUntil: null, finishedAt: now, updatedAt: now }
        expect(yield* runs.updateMany([{ run: ended, from: ["running"] }])).toEqual([true])
        expect(idsOf(yield* runs.wakeParked([tenant.id]))).toEqual([a1.id])
      })
    )

    it.effect("wakes parked runs: a tenant's oldest first, or all tenants' longest parked first; never an ended one", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        // Long before the other tests park runs (at `now`): the sweep's calls below see these only.
        const early = plus(now, -1_000 * MINUTE)
        const older = makeRun(tenant.id, { createdAt: madeAt(0), parkedAt: plus(early, 5_000) })
        const newer = makeRun(tenant.id, { createdAt: madeAt(1), parkedAt: early })
        const theirs = makeRun(other.id, { createdAt: madeAt(2), parkedAt: plus(early, -1) })
        const cancelled = makeRun(tenant.id, { createdAt: madeAt(3), parkedAt: early })
        const plain = makeRun(tenant.id, { createdAt: madeAt(4) })
        yield* runs.insertMany([older, newer, theirs, cancelled, plain])
        // A parked run that ends is parked no more.
        const ended = { ...cancelled, status: "cancelled" as const, finishedAt: now, updatedAt: now }
        expect(yield* runs.updateMany([{ run: ended, from: ["queued"] }])).toEqual([true])
        expect(Option.map(yield* runs.find(tenant.id, cancelled.id), (run) => run.parkedAt)).toEqual(Option.some(null))

        expect((yield* runs.wakeParked([tenant.id])).map((run) => run.id)).toEqual([older.id])
        // Parked before a time: the longest parked first, of any tenant.
        expect((yield* runs.wakeLongParked(plus(early, 1), 5)).map((run) => run.id)).toEqual([theirs.id, newer.id])
        expect(yield* runs.wakeLongParked(plus(early, 10_000), 5)).toEqual([])
        for (const run of [older, newer, theirs, plain]) {
          expect(yield* runs.find(run.tenantId, run.id)).toEqual(Option.some({ ...run, parkedAt: null }))
        }
        expect(yield* runs.wakeParked(["not-a-uuid"])).toEqual([])
        expect(yield* runs.wakeParked([])).toEqual([])
      })
    )

    it.effect("claims made at once keep to the cap together", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const queued = [0, 1, 2, 3, 4, 5].map((n) => makeRun(tenant.id, { createdAt: madeAt(n) }))
        yield* runs.insertMany(queued)
        const caps = new Map([[tenant.id, 2]])
        // Each worker claims three of the runs, at the same moment, on connections of their own.
        const claims = yield* Effect.all(
          [workerA, workerB, workerA].map((worker, i) =>
            runs.claimMany(keysOf(queued.slice(i * 2, i * 2 + 2)), now, lease, worker, caps)
          ),
          { concurrency: "unbounded" }
        )
        expect(claims.flat()).toHaveLength(2)
        const stored = yield* Effect.forEach(queued, (run) => runs.find(tenant.id, run.id))
        const statuses = stored.map((found) => Option.getOrThrow(found).status)
        expect(statuses.filter((status) => status === "running")).toHaveLength(2)
        expect(statuses.filter((status) => status === "queued")).toHaveLength(4)
      })
    )
  }
}
