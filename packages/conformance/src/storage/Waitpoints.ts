import type { Waitpoint } from "@servicekit/core/automations"
import { type TenantRepository, type UnitOfWork, WaitpointRepository, withTransaction } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, MINUTE, oldestFirst, plus, uuid } from "./fixtures.js"

const makeWaitpoint = (tenantId: string, overrides: Partial<Waitpoint> = {}): Waitpoint => ({
  id: uuid(),
  tenantId,
  runId: uuid(),
  stepIndex: 0,
  kind: "timer",
  status: "waiting",
  resourceId: null,
  dueAt: at("2026-07-01T10:00:00.000Z"),
  createdAt: at("2026-07-01T09:00:00.000Z"),
  completedAt: null,
  ...overrides
})

export const waitpointsSuite: StorageSuite<WaitpointRepository | TenantRepository | UnitOfWork> = {
  name: "automation waitpoints",
  tests: (it) => {
    it.effect("stores a waitpoint whole and finds it only within its tenant", () =>
      Effect.gen(function* () {
        const waitpoints = yield* WaitpointRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const waitpoint = makeWaitpoint(tenant.id, {
          stepIndex: 2_147_483_647,
          kind: "node_command",
          resourceId: `${uuid()}/${uuid()}`
        })
        yield* waitpoints.insert(waitpoint)
        expect(yield* waitpoints.find(tenant.id, waitpoint.id)).toEqual(Option.some(waitpoint))
        expect(yield* waitpoints.find(other.id, waitpoint.id)).toEqual(Option.none())
        expect(yield* waitpoints.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* waitpoints.find("not-a-uuid", waitpoint.id)).toEqual(Option.none())
        expect(yield* waitpoints.waiting(other.id, waitpoint.runId)).toEqual([])
        expect(yield* waitpoints.waiting("not-a-uuid", "not-a-uuid")).toEqual([])
      })
    )

    it.effect("lists a run's waiting waitpoints oldest first, and closes each once", () =>
      Effect.gen(function* () {
        const waitpoints = yield* WaitpointRepository
        const tenant = yield* insertTenant()
        const runId = uuid()
        const base = at("2026-07-01T09:00:00.000Z")
        const mine = [2, 0, 1].map((minutes) =>
          makeWaitpoint(tenant.id, { runId, kind: "approval", resourceId: uuid(), createdAt: plus(base, minutes * MINUTE) })
        )
        const closedBefore = makeWaitpoint(tenant.id, { runId, status: "completed", completedAt: base })
        for (const waitpoint of [...mine, closedBefore, makeWaitpoint(tenant.id)]) yield* waitpoints.insert(waitpoint)
        const oldest = [...mine].sort(oldestFirst<Waitpoint>((waitpoint) => waitpoint.createdAt))
        expect(yield* waitpoints.waiting(tenant.id, runId)).toEqual(oldest)

        const closedAt = plus(base, 10 * MINUTE)
        const closed = yield* waitpoints.close(tenant.id, oldest[0]!.id, "timed_out", closedAt)
        expect(closed).toEqual(Option.some({ ...oldest[0]!, status: "timed_out", completedAt: closedAt }))
        expect(yield* waitpoints.find(tenant.id, oldest[0]!.id)).toEqual(closed)
        expect(yield* waitpoints.close(tenant.id, oldest[0]!.id, "completed", closedAt)).toEqual(Option.none())
        expect(yield* waitpoints.close(tenant.id, closedBefore.id, "completed", closedAt)).toEqual(Option.none())
        expect(yield* waitpoints.close(uuid(), oldest[1]!.id, "completed", closedAt)).toEqual(Option.none())
        expect(yield* waitpoints.waiting(tenant.id, runId)).toEqual(oldest.slice(1))
      })
    )

    it.effect("gives one of several concurrent closes the waitpoint", () =>
      Effect.gen(function* () {
        const waitpoints = yield* WaitpointRepository
        const tenant = yield* insertTenant()
        const waitpoint = makeWaitpoint(tenant.id)
        yield* waitpoints.insert(waitpoint)
        const closes = yield* Effect.all(
          (["completed", "timed_out", "cancelled", "completed"] as const).map((status, i) =>
            withTransaction(waitpoints.close(tenant.id, waitpoint.id, status, plus(waitpoint.dueAt, i * MINUTE)))
          ),
          { concurrency: "unbounded" }
        )
        const won = closes.filter(Option.isSome)
        expect(won).toHaveLength(1)
        expect(yield* waitpoints.find(tenant.id, waitpoint.id)).toEqual(won[0])
      })
    )

    it.effect("cancels a run's waiting waitpoints, and only that run's waiting ones in its tenant", () =>
      Effect.gen(function* () {
        const waitpoints = yield* WaitpointRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const runId = uuid()
        const waiting = [makeWaitpoint(tenant.id, { runId }), makeWaitpoint(tenant.id, { runId, stepIndex: 3 })]
        const untouched = [
          makeWaitpoint(tenant.id, { runId, status: "completed", completedAt: at("2026-07-01T09:30:00.000Z") }),
          makeWaitpoint(tenant.id),
          makeWaitpoint(other.id, { runId })
        ]
        for (const waitpoint of [...waiting, ...untouched]) yield* waitpoints.insert(waitpoint)
        const cancelledAt = at("2026-07-01T11:00:00.000Z")
        const cancelled = yield* waitpoints.cancelAll(tenant.id, runId, cancelledAt)
        const expected = waiting.map((waitpoint) => ({ ...waitpoint, status: "cancelled", completedAt: cancelledAt }))
        expect([...cancelled].sort((a, b) => a.stepIndex - b.stepIndex)).toEqual(expected)
        for (const waitpoint of expected) {
          expect(yield* waitpoints.find(tenant.id, waitpoint.id)).toEqual(Option.some(waitpoint))
        }
        for (const waitpoint of untouched) {
          expect(yield* waitpoints.find(waitpoint.tenantId, waitpoint.id)).toEqual(Option.some(waitpoint))
        }
        expect(yield* waitpoints.cancelAll(tenant.id, runId, cancelledAt)).toEqual([])
        expect(yield* waitpoints.cancelAll("not-a-uuid", runId, cancelledAt)).toEqual([])
      })
    )

    it.effect("answers every tenant's waiting waitpoints due by a time, the earliest due first, up to a limit", () =>
      Effect.gen(function* () {
        const waitpoints = yield* WaitpointRepository
        const first = yield* insertTenant()
        const second = yield* insertTenant()
        // Long before every other test's waitpoints, so that this test sees only its own.
        const base = at("2001-01-01T00:00:00.000Z")
        const due = (tenantId: string, minutes: number, overrides: Partial<Waitpoint> = {}) =>
          makeWaitpoint(tenantId, { dueAt: plus(base, minutes * MINUTE), createdAt: plus(base, -MINUTE), ...overrides })
        const overdue = [due(first.id, 3), due(second.id, 1, { kind: "approval" }), due(first.id, 0), due(second.id, 2)]
        const notDue = [
          due(second.id, 6),
          due(first.id, 1, { status: "completed", completedAt: base }),
          due(second.id, 1, { status: "cancelled", completedAt: base })
        ]
        for (const waitpoint of [...overdue, ...notDue]) yield* waitpoints.insert(waitpoint)
        const now = plus(base, 5 * MINUTE)
        const expected = [...overdue].sort(oldestFirst<Waitpoint>((waitpoint) => waitpoint.dueAt))

        expect(yield* waitpoints.overdue(now, 100)).toEqual(expected)
        expect(yield* waitpoints.overdue(now, 2)).toEqual(expected.slice(0, 2))
        expect(yield* waitpoints.overdue(plus(base, -1), 100)).toEqual([])
        // Due exactly at the time asked is due.
        expect(yield* waitpoints.overdue(plus(base, 2 * MINUTE), 100)).toEqual(expected.slice(0, 3))
        yield* waitpoints.close(expected[0]!.tenantId, expected[0]!.id, "timed_out", now)
        expect(yield* waitpoints.overdue(now, 100)).toEqual(expected.slice(1))
        for (const waitpoint of expected) yield* waitpoints.close(waitpoint.tenantId, waitpoint.id, "timed_out", now)
        expect(yield* waitpoints.overdue(now, 100)).toEqual([])
      })
    )

    it.effect("rolls back a failed unit's waitpoints and closes", () =>
      Effect.gen(function* () {
        const waitpoints = yield* WaitpointRepository
        const tenant = yield* insertTenant()
        const kept = makeWaitpoint(tenant.id)
        yield* waitpoints.insert(kept)
        const fresh = makeWaitpoint(tenant.id)
        const write = Effect.gen(function* () {
          yield* waitpoints.insert(fresh)
          yield* waitpoints.close(tenant.id, kept.id, "completed", kept.dueAt)
        })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")
        expect(yield* waitpoints.find(tenant.id, fresh.id)).toEqual(Option.none())
        expect(yield* waitpoints.find(tenant.id, kept.id)).toEqual(Option.some(kept))
      })
    )
  }
}
