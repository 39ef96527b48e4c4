import type { Run } from "@servicekit/core/automations"
import {
  MAX_TAKEOVERS,
  RunRepository,
  type TenantRepository,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"

import { makeRun, makeResult, richJson, workerA, workerB, claimOne, UNCLAIMABLE } from "./runFixtures.js"

export const runClaimsSuite: StorageSuite<RunRepository | TenantRepository | UnitOfWork> = {
  name: "automation runs' claims",
  tests: (it) => {
    it.effect("claims a queued run, a running run whose lease ran out (a takeover), and nothing else", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        // Step 1 was started by worker A (a retried run's leftover, as far as this test goes).
        const queued = makeRun(tenant.id, {
          results: [makeResult(0, { worker: workerB }), makeResult(1, { status: "running", finishedAt: null, worker: workerA })]
        })
        yield* runs.insert(queued)
        const now = at("2026-07-01T09:01:00.000Z")
        const lease = plus(now, MINUTE)

        const claimed: Run = {
          ...queued,
          status: "running",
          leaseUntil: lease,
          heldBy: workerA,
          startedAt: now,
          updatedAt: now
        }
        expect(yield* claimOne(runs, tenant.id, queued.id, now, lease)).toEqual(Option.some(claimed))
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(claimed))
        // Its lease is live (until it has passed, not at its very end): nobody else takes it.
        expect(yield* claimOne(runs, tenant.id, queued.id, now, plus(lease, MINUTE))).toEqual(Option.none())
        expect(yield* claimOne(runs, tenant.id, queued.id, lease, plus(lease, MINUTE))).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(claimed))
        // Its worker died: the next worker takes it over, the first start kept, and the takeover
        // names both processes, the step that was running and when the lease ran out.
        const later = plus(lease, 1)
        const again = plus(later, MINUTE)
        const takenOver: Run = {
          ...claimed,
          leaseUntil: again,
          heldBy: workerB,
          takeovers: [{ at: later, stepIndex: 1, from: workerA, to: workerB, leaseExpiredAt: lease }],
          updatedAt: later
        }
        expect(yield* claimOne(runs, tenant.id, queued.id, later, again, workerB)).toEqual(Option.some(takenOver))
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(takenOver))
        // Taken over again, by A: the takeovers add up.
        const last = plus(again, 1)
        const backToA = Option.getOrThrow(yield* claimOne(runs, tenant.id, queued.id, last, plus(last, MINUTE)))
        expect(backToA.takeovers).toEqual([
          ...takenOver.takeovers,
          { at: last, stepIndex: 1, from: workerB, to: workerA, leaseExpiredAt: again }
        ])
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(backToA))
        // A run that every worker taking it dies on keeps only its newest takeovers.
        let time = plus(last, MINUTE)
        for (let index = 0; index < MAX_TAKEOVERS; index++) {
          const taken = plus(time, 1)
          yield* claimOne(runs, tenant.id, queued.id, taken, plus(taken, MINUTE), index % 2 === 0 ? workerB : workerA)
          time = plus(taken, MINUTE)
        }
        const kept = Option.getOrThrow(yield* runs.find(tenant.id, queued.id)).takeovers
        expect(kept).toHaveLength(MAX_TAKEOVERS)
        expect(kept[0]!.at).toEqual(plus(again, 1 + MINUTE + 1))
        expect(kept[MAX_TAKEOVERS - 1]!.at).toEqual(plus(time, -MINUTE))

        // Running without a lease (or a holder, as a build that did not record it left it): free to take.
        const unleased = makeRun(tenant.id, { status: "running", startedAt: plus(now, -MINUTE) })
        yield* runs.insert(unleased)
        expect(yield* claimOne(runs, tenant.id, unleased.id, now, lease)).toEqual(
          Option.some({
            ...unleased,
            leaseUntil: lease,
            heldBy: workerA,
            takeovers: [{ at: now, stepIndex: null, from: null, to: workerA, leaseExpiredAt: null }],
            updatedAt: now
          })
        )

        for (const status of UNCLAIMABLE) {
          // A lease left behind long ago does not make an ended or waiting run claimable.
          const run = makeRun(tenant.id, { status, leaseUntil: plus(now, -MINUTE) })
          yield* runs.insert(run)
          expect(yield* claimOne(runs, tenant.id, run.id, now, lease)).toEqual(Option.none())
          expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(run))
        }

        const elsewhere = makeRun(tenant.id)
        yield* runs.insert(elsewhere)
        expect(yield* claimOne(runs, other.id, elsewhere.id, now, lease)).toEqual(Option.none())
        expect(yield* claimOne(runs, uuid(), elsewhere.id, now, lease)).toEqual(Option.none())
        expect(yield* claimOne(runs, tenant.id, uuid(), now, lease)).toEqual(Option.none())
        expect(yield* claimOne(runs, tenant.id, "not-a-uuid", now, lease)).toEqual(Option.none())
        expect(yield* claimOne(runs, "not-a-uuid", elsewhere.id, now, lease)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, elsewhere.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("never takes a waiting run, whatever its lease column holds; a finished wait queues it from its waiting status only", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const now = at("2026-07-01T09:01:00.000Z")
        const lease = plus(now, MINUTE)
        // A waiting run's time is its waitpoint's: even a lease column left from before is no claim.
        const waiting = (["waiting_approval", "waiting_node", "waiting_timer"] as const).map((status) =>
          makeRun(tenant.id, { status, leaseUntil: plus(now, -MINUTE), startedAt: plus(now, -2 * MINUTE) })
        )
        yield* runs.insertMany(waiting)
        for (const run of waiting) {
          expect(yield* claimOne(runs, tenant.id, run.id, now, lease)).toEqual(Option.none())
          expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(run))
          const queued = { ...run, status: "queued" as const, leaseUntil: null, updatedAt: now }
          expect(yield* runs.update(queued, ["running"])).toBe(false)
          expect(yield* runs.update(queued, [run.status])).toBe(true)
          expect(yield* runs.update(queued, [run.status])).toBe(false)
          const taken = { ...queued, status: "running" as const, leaseUntil: lease, heldBy: workerA }
          expect(yield* claimOne(runs, tenant.id, run.id, now, lease)).toEqual(Option.some(taken))
        }
      })
    )

    it.effect("gives one of several concurrent claims the run", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const run = makeRun(tenant.id)
        yield* runs.insert(run)
        const now = at("2026-07-01T09:01:00.000Z")
        const claims = yield* Effect.all(
          Array.from({ length: 5 }, (_, i) =>
            withTransaction(claimOne(runs, tenant.id, run.id, now, plus(now, (i + 1) * MINUTE)))
          ),
          { concurrency: "unbounded" }
        )
        const won = claims.filter(Option.isSome)
        expect(won).toHaveLength(1)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(won[0])
      })
    )

    it.effect("claims many runs of several tenants in one call, each free one once, as claim does", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const now = at("2026-07-01T09:01:00.000Z")
        const lease = plus(now, MINUTE)
        const queued = makeRun(tenant.id, { results: [makeResult(0, { output: richJson })] })
        const theirs = makeRun(other.id)
        const stale = makeRun(tenant.id, {
          status: "running",
          leaseUntil: plus(now, -1),
          startedAt: plus(now, -MINUTE)
        })
        const live = makeRun(tenant.id, { status: "running", leaseUntil: lease, startedAt: now })
        const ended = UNCLAIMABLE.map((status) => makeRun(tenant.id, { status, leaseUntil: plus(now, -MINUTE) }))
        yield* runs.insertMany([queued, stale, live, ...ended])
        yield* runs.insert(theirs)

        const claimed = yield* runs.claimMany(
          [
            queued,
            theirs,
            stale,
            live,
            ...ended,
            // Twice, under another tenant, unknown and malformed: taken once or not at all.
            queued,
            { ...theirs, tenantId: tenant.id },
            { tenantId: tenant.id, id: uuid() },
            { tenantId: "not-a-uuid", id: queued.id },
            { tenantId: tenant.id, id: "not-a-uuid" }
          ].map(({ id, tenantId }) => ({ tenantId, id })),
          now,
          lease,
          workerA
        )
        const taken = { status: "running" as const, leaseUntil: lease, heldBy: workerA, updatedAt: now }
        const expected = [
          { ...queued, ...taken, startedAt: now },
          { ...theirs, ...taken, startedAt: now },
          {
            ...stale,
            ...taken,
            takeovers: [{ at: now, stepIndex: null, from: null, to: workerA, leaseExpiredAt: plus(now, -1) }]
          }
        ]
        const byId = (a: Run, b: Run) => (a.id < b.id ? -1 : 1)
        expect([...claimed].sort(byId)).toEqual([...expected].sort(byId))
        for (const run of expected) expect(yield* runs.find(run.tenantId, run.id)).toEqual(Option.some(run))
        for (const run of [live, ...ended]) expect(yield* runs.find(run.tenantId, run.id)).toEqual(Option.some(run))
        expect(yield* runs.claimMany([{ tenantId: tenant.id, id: queued.id }], now, lease, workerB)).toEqual([])
        expect(yield* runs.claimMany([], now, lease, workerB)).toEqual([])
      })
    )

    it.effect("updates many runs in one call, each only from its statuses and under its lease", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const lease = at("2026-07-01T09:05:00.000Z")
        const held = makeRun(tenant.id, { status: "running", leaseUntil: lease, startedAt: plus(lease, -MINUTE) })
        const theirs = makeRun(other.id, { status: "failed", reason: "boom" })
        const lost = makeRun(tenant.id, { status: "running", leaseUntil: plus(lease, MINUTE) })
        const moved = makeRun(tenant.id, { status: "cancelled" })
        yield* runs.insertMany([held, lost, moved])
        yield* runs.insert(theirs)

        const done: Run = {
          ...held,
          status: "succeeded",
          results: [makeResult(0, { output: richJson, outputText: "done" })],
          leaseUntil: null,
          finishedAt: plus(lease, -1_000),
          updatedAt: plus(lease, -1_000)
        }
        const requeued: Run = {
          ...theirs,
          status: "queued",
          attempt: 3,
          reason: null,
          updatedAt: plus(theirs.updatedAt, 1)
        }
        const written = yield* runs.updateMany([
          { run: done, from: ["running"], leaseUntil: new Date(lease.getTime()) },
          { run: { ...lost, status: "succeeded" }, from: ["running"], leaseUntil: lease },
          { run: requeued, from: ["failed", "cancelled"] },
          { run: { ...moved, status: "queued" }, from: ["failed"] },
          { run: { ...held, id: uuid() }, from: ["running"] },
          { run: { ...held, id: "not-a-uuid" }, from: ["running"] },
          { run: { ...moved, reason: "x" }, from: [] }
        ])
        expect(written).toEqual([true, false, true, false, false, false, false])
        expect(yield* runs.find(tenant.id, held.id)).toEqual(Option.some(done))
        expect(yield* runs.find(other.id, theirs.id)).toEqual(Option.some(requeued))
        expect(yield* runs.find(tenant.id, lost.id)).toEqual(Option.some(lost))
        expect(yield* runs.find(tenant.id, moved.id)).toEqual(Option.some(moved))
        expect(yield* runs.updateMany([])).toEqual([])
      })
    )

    it.effect(
      "finds running and reserved queued runs whose lease ran out, across tenants, the longest stalled first",
      () =>
        Effect.gen(function* () {
          const runs = yield* RunRepository
          const tenant = yield* insertTenant()
          const other = yield* insertTenant()
          // Far in the past, so that other tests' runs (leased around 2026) are not stalled yet.
          const now = at("1999-06-01T12:00:00.000Z")
          const older = makeRun(tenant.id, { status: "running", leaseUntil: plus(now, -2 * MINUTE) })
          const newer = makeRun(other.id, { status: "running", leaseUntil: plus(now, -MINUTE) })
          const live = makeRun(tenant.id, { status: "running", leaseUntil: plus(now, MINUTE) })
          // Reserved for the process that started it, which died before taking it.
          const reserved = makeRun(tenant.id, { status: "queued", leaseUntil: plus(now, -3 * MINUTE) })
          const stillReserved = makeRun(other.id, { status: "queued", leaseUntil: plus(now, MINUTE) })
          // Queued runs without a lease have their jobs; waiting and ended runs hold no lease.
          const queued = makeRun(tenant.id, { status: "queued" })
          const waiting = makeRun(tenant.id, { status: "waiting_approval", leaseUntil: plus(now, -4 * MINUTE) })
          const ended = makeRun(other.id, { status: "succeeded", leaseUntil: plus(now, -4 * MINUTE) })
          // Waiting runs are their waitpoints' business, whatever a lease column left from before says.
          const nodeTimeUp = makeRun(other.id, { status: "waiting_node", leaseUntil: plus(now, -5 * MINUTE) })
          const nodeWaiting = makeRun(tenant.id, { status: "waiting_node", leaseUntil: plus(now, MINUTE) })
          const timerOver = makeRun(tenant.id, { status: "waiting_timer", leaseUntil: plus(now, -6 * MINUTE) })
          const timerWaiting = makeRun(other.id, { status: "waiting_timer", leaseUntil: plus(now, MINUTE) })
          const all = [
            ...[newer, live, older, reserved, stillReserved, queued, waiting, ended],
            ...[nodeTimeUp, nodeWaiting, timerOver, timerWaiting]
          ]
          for (const run of all) yield* runs.insert(run)
          // Other tests' running runs without a lease may follow (no lease sorts last).
          const mine = new Set(all.map((run) => run.id))
          const stalled = yield* runs.stalled(now, 100)
          const expected = [reserved.id, older.id, newer.id]
          expect(stalled.map((run) => run.id).filter((id) => mine.has(id))).toEqual(expected)
          expect(stalled.slice(0, 3).map((run) => run.id)).toEqual(expected)
          expect((yield* runs.stalled(now, 1)).map((run) => run.id)).toEqual([reserved.id])
          for (const run of [nodeTimeUp, nodeWaiting, timerOver, timerWaiting]) {
            yield* runs.update({ ...run, status: "cancelled", leaseUntil: null }, [run.status])
          }
          for (const run of [older, newer, live]) {
            yield* runs.update({ ...run, status: "succeeded", leaseUntil: null }, ["running"])
          }
          for (const run of [reserved, stillReserved]) {
            yield* runs.update({ ...run, status: "succeeded", leaseUntil: null }, ["queued"])
          }
        })
    )
  }
}
