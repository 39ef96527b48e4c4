import type { Run, RunStatus } from "@servicekit/core/automations"
import {
  AgentTurnRepository,
  ApprovalRepository,
  RunRepository,
  TenantData,
  type TenantRepository,
  WaitpointRepository
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"
import { makeApproval, makeResult, makeRun } from "./runFixtures.js"

/** A run's own table and those of what hangs on it, as the tenant's data port counts them. */
const KINDS = [
  "automation_runs",
  "automation_step_results",
  "automation_agent_turns",
  "automation_approvals",
  "automation_waitpoints"
] as const

export const runRetentionSuite: StorageSuite<
  RunRepository | ApprovalRepository | WaitpointRepository | AgentTurnRepository | TenantData | TenantRepository
> = {
  name: "run retention",
  tests: (it) => {
    it.effect("prunes runs that ended before a time, longest ended first, with their results, turns, approvals and waits", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const approvals = yield* ApprovalRepository
        const waitpoints = yield* WaitpointRepository
        const turns = yield* AgentTurnRepository
        const data = yield* TenantData
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()

        /** A run made on `made` that is `status` (ended on `ended`), with two results, an agent turn, an approval and a wait. */
        const furnished = (tenantId: string, status: RunStatus, made: string, ended: string | null, id: string = uuid()) =>
          Effect.gen(function* () {
            const run = makeRun(tenantId, {
              id,
              status,
              results: [makeResult(0), makeResult(1)],
              createdAt: at(made),
              startedAt: at(made),
              finishedAt: ended === null ? null : at(ended),
              updatedAt: at(ended ?? made)
            })
            yield* runs.insert(run)
            yield* turns.saveMany([
              {
                key: { tenantId, runId: id, stepIndex: 1, runAttempt: 1 },
                turn: {
                  turn: 1,
                  label: "fast",
                  ms: 5,
                  attempts: [],
                  reply: "FINAL:done",
                  call: null,
                  verdict: "allowed",
                  feedback: null
                }
              }
            ])
            const approval = makeApproval(tenantId, { runId: id, status: "approved", createdAt: at(made), updatedAt: at(made) })
            yield* approvals.insert(approval)
            const waitpointId = uuid()
            yield* waitpoints.insert({
              id: waitpointId,
              tenantId,
              runId: id,
              stepIndex: 1,
              kind: "approval",
              status: "completed",
              resourceId: null,
              dueAt: at(made),
              createdAt: at(made),
              completedAt: at(made)
            })
            return { run, approvalId: approval.id, waitpointId }
          })

        // Long before any other suite's rows: the prune of every tenant reads them all.
        const first = yield* furnished(tenant.id, "succeeded", "1995-01-01T00:00:00.000Z", "1995-01-03T00:00:00.000Z")
        const second = yield* furnished(tenant.id, "failed", "1994-12-01T00:00:00.000Z", "1995-02-01T00:00:00.000Z")
        // Made long ago, but ended since `before`; and one still waiting, however old.
        const late = yield* furnished(tenant.id, "cancelled", "1995-01-01T00:00:00.000Z", "1995-07-01T00:00:00.000Z")
        const waiting = yield* furnished(tenant.id, "waiting_approval", "1995-01-01T00:00:00.000Z", null)
        // Another tenant's, under the same id (ids are unique per tenant only).
        const theirs = yield* furnished(other.id, "skipped", "1995-01-01T00:00:00.000Z", "1995-01-01T00:00:00.000Z", first.run.id)

        const kept = ({ approvalId, run, waitpointId }: { readonly run: Run; readonly approvalId: string; readonly waitpointId: string }) =>
          Effect.gen(function* () {
            const found = yield* runs.find(run.tenantId, run.id)
            return {
              run: Option.isSome(found),
              results: Option.match(found, { onNone: () => 0, onSome: (stored) => stored.results.length }),
              turns: (yield* turns.list({ tenantId: run.tenantId, runId: run.id, stepIndex: 1, runAttempt: 1 })).length,
              approval: Option.isSome(yield* approvals.find(run.tenantId, approvalId)),
              waitpoint: Option.isSome(yield* waitpoints.find(run.tenantId, waitpointId))
            }
          })
        const whole = { run: true, results: 2, turns: 1, approval: true, waitpoint: true }
        const none = { run: false, results: 0, turns: 0, approval: false, waitpoint: false }
        const counts = (tenantId: string) => Effect.forEach(KINDS, (kind) => data.count(tenantId, kind))

        const before = at("1995-06-01T00:00:00.000Z")
        expect(yield* runs.pruneEnded(before, 1, tenant.id)).toBe(1)
        expect(yield* kept(first)).toEqual(none)
        expect(yield* kept(second)).toEqual(whole)
        expect(yield* runs.pruneEnded(before, 5, tenant.id)).toBe(1)
        expect(yield* runs.pruneEnded(before, 5, tenant.id)).toBe(0)
        expect(yield* runs.pruneEnded(before, 5, "not-a-uuid")).toBe(0)
        expect(yield* kept(second)).toEqual(none)
        expect(yield* kept(late)).toEqual(whole)
        expect(yield* kept(waiting)).toEqual(whole)
        expect(yield* kept(theirs)).toEqual(whole)
        // The late and the waiting runs, with all that hangs on them, are all that is left.
        expect(yield* counts(tenant.id)).toEqual([2, 4, 2, 2, 2])

        // Every tenant's: the other tenant's goes (with any a run before this one left), the late one stays.
        expect(yield* runs.pruneEnded(before, 1_000)).toBeGreaterThanOrEqual(1)
        expect(yield* kept(theirs)).toEqual(none)
        expect(yield* counts(other.id)).toEqual([0, 0, 0, 0, 0])
        expect(yield* counts(tenant.id)).toEqual([2, 4, 2, 2, 2])
      })
    )
  }
}
