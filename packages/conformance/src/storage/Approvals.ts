import type { Approval } from "@servicekit/core/automations"
import {
  ApprovalRepository,
  RunRepository,
  type TenantRepository,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"

import { makeRun, makeApproval, richJson, claimOne, approvalsNewestFirst } from "./runFixtures.js"

export const approvalsSuite: StorageSuite<ApprovalRepository | TenantRepository | UnitOfWork> = {
  name: "automation approvals",
  tests: (it) => {
    it.effect("stores an approval whole, replaces it when inserted again, and finds it only within its tenant", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const approval = makeApproval(tenant.id, {
          stepIndex: 2_147_483_647,
          title: "Rückerstattung 💶 — 返金?",
          skillId: "http.request",
          input: { url: "https://partner.example/ü?q=1", body: richJson },
          status: "rejected",
          note: "Nein — 東京 ✗",
          decidedAt: at("2026-07-01T10:00:00.000Z"),
          updatedAt: at("2026-07-01T10:00:00.000Z")
        })
        const elsewhere = makeApproval(other.id, { id: approval.id })
        yield* approvals.insert(approval)
        yield* approvals.insert(elsewhere)
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.some(approval))
        expect(yield* approvals.find(other.id, approval.id)).toEqual(Option.some(elsewhere))
        expect(yield* approvals.find(uuid(), approval.id)).toEqual(Option.none())
        expect(yield* approvals.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* approvals.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* approvals.find("not-a-uuid", approval.id)).toEqual(Option.none())

        const replaced: Approval = { ...approval, status: "pending", skillId: null, note: null, decidedAt: null }
        yield* approvals.insert(replaced)
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.some(replaced))
        expect(yield* approvals.list(tenant.id, { limit: 10 })).toEqual([replaced])
      })
    )

    it.effect("lists newest first (then by id) in keyset pages, of every status or of one", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-07-01T00:00:00.000Z")
        const statuses = ["pending", "approved", "pending", "rejected", "expired"] as const
        const stored = Array.from({ length: 12 }, (_, i) =>
          makeApproval(tenant.id, {
            status: statuses[i % statuses.length],
            createdAt: plus(base, Math.floor(i / 3) * MINUTE)
          })
        )
        for (const approval of stored) yield* approvals.insert(approval)
        yield* approvals.insert(makeApproval(other.id, { createdAt: plus(base, MINUTE) }))
        yield* approvals.insert(makeApproval(other.id, { id: stored[0].id }))
        const expected = [...stored].sort(approvalsNewestFirst)

        expect(yield* approvals.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 5, 12]) {
          expect(yield* allPages((after) => approvals.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* approvals.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        for (const status of ["pending", "approved", "rejected", "expired"] as const) {
          const matching = expected.filter((approval) => approval.status === status)
          expect(yield* approvals.list(tenant.id, { limit: 100, status })).toEqual(matching)
          expect(yield* allPages((after) => approvals.list(tenant.id, { limit: 1, after, status }), 1)).toEqual(
            matching
          )
        }
        expect(yield* approvals.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* approvals.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("decides a pending approval once; a second decision finds it decided", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const approval = makeApproval(tenant.id)
        const elsewhere = makeApproval(other.id, { id: approval.id })
        yield* approvals.insert(approval)
        yield* approvals.insert(elsewhere)
        const decidedAt = at("2026-07-01T09:30:00.000Z")
        const decision = { status: "approved" as const, note: "Go ahead ✓", at: decidedAt }

        expect(yield* approvals.decide(uuid(), approval.id, decision)).toEqual(Option.none())
        expect(yield* approvals.decide(tenant.id, uuid(), decision)).toEqual(Option.none())
        expect(yield* approvals.decide(tenant.id, "not-a-uuid", decision)).toEqual(Option.none())
        expect(yield* approvals.decide("not-a-uuid", approval.id, decision)).toEqual(Option.none())

        const decided: Approval = {
          ...approval,
          status: "approved",
          note: "Go ahead ✓",
          decidedAt,
          updatedAt: decidedAt
        }
        expect(yield* approvals.decide(tenant.id, approval.id, decision)).toEqual(Option.some(decided))
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.some(decided))
        expect(
          yield* approvals.decide(tenant.id, approval.id, {
            status: "rejected",
            note: null,
            at: plus(decidedAt, MINUTE)
          })
        ).toEqual(Option.none())
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.some(decided))
        // The other tenant's approval with the same id is still pending, and decided on its own.
        expect(yield* approvals.find(other.id, approval.id)).toEqual(Option.some(elsewhere))
        const expired = { status: "expired" as const, note: null, at: decidedAt }
        expect(yield* approvals.decide(other.id, approval.id, expired)).toEqual(
          Option.some({ ...elsewhere, status: "expired", decidedAt, updatedAt: decidedAt })
        )

        for (const status of ["approved", "rejected", "expired"] as const) {
          const done = makeApproval(tenant.id, { status, decidedAt })
          yield* approvals.insert(done)
          expect(yield* approvals.decide(tenant.id, done.id, decision)).toEqual(Option.none())
          expect(yield* approvals.find(tenant.id, done.id)).toEqual(Option.some(done))
        }
      })
    )

    it.effect("gives one of several concurrent decisions the approval", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const approval = makeApproval(tenant.id)
        yield* approvals.insert(approval)
        const decisions = yield* Effect.all(
          Array.from({ length: 5 }, (_, i) =>
            withTransaction(
              approvals.decide(tenant.id, approval.id, {
                status: i % 2 === 0 ? "approved" : "rejected",
                note: `decision ${i}`,
                at: plus(approval.createdAt, i * MINUTE)
              })
            )
          ),
          { concurrency: "unbounded" }
        )
        const won = decisions.filter(Option.isSome)
        expect(won).toHaveLength(1)
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(won[0])
      })
    )

    it.effect("cancels a run's pending approvals, and only that run's pending ones in its tenant", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const runId = uuid()
        const pending = [makeApproval(tenant.id, { runId }), makeApproval(tenant.id, { runId, stepIndex: 2 })]
        const decided = makeApproval(tenant.id, { runId, status: "approved", decidedAt: at("2026-07-01T09:10:00.000Z") })
        const untouched = [decided, makeApproval(tenant.id), makeApproval(other.id, { runId })]
        for (const approval of [...pending, ...untouched]) yield* approvals.insert(approval)
        const now = at("2026-07-01T10:00:00.000Z")

        expect(yield* approvals.cancelPending(other.id, uuid(), now)).toBe(0)
        expect(yield* approvals.cancelPending("not-a-uuid", runId, now)).toBe(0)
        expect(yield* approvals.cancelPending(tenant.id, runId, now)).toBe(2)
        for (const approval of pending) {
          expect(yield* approvals.find(tenant.id, approval.id)).toEqual(
            Option.some({ ...approval, status: "cancelled", decidedAt: now, updatedAt: now })
          )
          // A cancelled approval is decided: a later decision finds it so.
          const late = { status: "approved" as const, note: null, at: now }
          expect(yield* approvals.decide(tenant.id, approval.id, late)).toEqual(Option.none())
        }
        for (const approval of untouched) {
          expect(yield* approvals.find(approval.tenantId, approval.id)).toEqual(Option.some(approval))
        }
        expect(yield* approvals.cancelPending(tenant.id, runId, now)).toBe(0)
      })
    )
  }
}

export const runsRollbackSuite: StorageSuite<RunRepository | ApprovalRepository | TenantRepository | UnitOfWork> = {
  name: "automation runs' units of work",
  tests: (it) => {
    it.effect("rolls back a failed unit's runs, key release, claim, update and approvals together", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const queued = makeRun(tenant.id)
        const old = makeRun(tenant.id, { idempotencyKey: "rollback", status: "succeeded" })
        const pending = makeApproval(tenant.id, { runId: queued.id })
        yield* runs.insert(queued)
        yield* runs.insert(old)
        yield* approvals.insert(pending)
        const now = plus(old.createdAt, 25 * 60 * MINUTE)
        const fresh = makeRun(tenant.id)
        const keyed = makeRun(tenant.id, { idempotencyKey: "rollback", createdAt: now })
        const approval = makeApproval(tenant.id, { runId: fresh.id })

        const write = Effect.gen(function* () {
          yield* runs.insert(fresh)
          expect(yield* runs.insertKeyed(keyed, plus(now, -24 * 60 * MINUTE))).toEqual(keyed)
          const claimed = Option.getOrThrow(yield* claimOne(runs, tenant.id, queued.id, now, plus(now, MINUTE)))
          expect(yield* runs.update({ ...claimed, status: "waiting_approval" }, ["running"], claimed.leaseUntil)).toBe(
            true
          )
          yield* approvals.insert(approval)
          expect(
            Option.isSome(yield* approvals.decide(tenant.id, pending.id, { status: "approved", note: null, at: now }))
          ).toBe(true)
          expect(yield* runs.countRunning(tenant.id)).toBe(0)
        })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")

        expect(yield* runs.find(tenant.id, fresh.id)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, keyed.id)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, old.id)).toEqual(Option.some(old))
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(queued))
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.none())
        expect(yield* approvals.find(tenant.id, pending.id)).toEqual(Option.some(pending))
        // The old run still holds its key: a duplicate within its window answers it.
        expect(yield* runs.insertKeyed(makeRun(tenant.id, { idempotencyKey: "rollback" }), old.createdAt)).toEqual(old)

        // The same writes commit together.
        yield* withTransaction(write)
        expect(yield* runs.find(tenant.id, keyed.id)).toEqual(Option.some(keyed))
        expect(Option.map(yield* runs.find(tenant.id, queued.id), (run) => run.status)).toEqual(
          Option.some("waiting_approval")
        )
        expect(Option.map(yield* approvals.find(tenant.id, pending.id), (found) => found.status)).toEqual(
          Option.some("approved")
        )
      })
    )
  }
}
