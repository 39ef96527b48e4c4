import { Effect, Option } from "effect"
import { listPage } from "../../platform/Keyset.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { ApprovalNotFound, ApprovalStateConflict, RunNotFound } from "../AutomationsErrors.js"
import type { Approval, Run } from "../records/Run.js"
import { RunRepository } from "../records/RunRepositories.js"
import { ApprovalRepository } from "../records/ApprovalRepository.js"
import { stepKindOf } from "../steps/StepKinds.js"
import { pageSize } from "./RunLifecycle.js"
import { type RunQueueing, now } from "./RunQueue.js"

export interface ApprovalListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly status?: Approval["status"] | undefined
}

/**
 * The approvals runs wait for: decided by a person (the run goes on, or fails), or expired by the
 * sweep (the run fails).
 */
export const makeRunApprovals = (queueing: RunQueueing) =>
  Effect.gen(function* () {
    const runs = yield* RunRepository
    const approvals = yield* ApprovalRepository
    const unit = yield* UnitOfWork
    const { due } = queueing

    return {
      listApprovals: (tenantId: string, query: ApprovalListQuery) =>
        listPage(
          { limit: pageSize(query.limit), cursor: query.cursor },
          (cursor) => approvals.find(tenantId, cursor),
          (page) => approvals.list(tenantId, { ...page, status: query.status })
        ),
      decide: (tenantId: string, id: string, decision: "approve" | "reject", note: string | undefined) =>
        unit.withTransaction(
          Effect.gen(function* () {
            const approval = yield* Effect.flatMap(approvals.find(tenantId, id), (found) =>
              Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new ApprovalNotFound())
            )
            const at = yield* now
            if (approval.status === "pending" && approval.expiresAt <= at) {
              return yield* Effect.fail(
                new ApprovalStateConflict({
                  code: "approval_expired",
                  message: "The approval expired before it was decided."
                })
              )
            }
            const decided = yield* approvals.decide(tenantId, id, {
              status: decision === "approve" ? "approved" : "rejected",
              note: note ?? null,
              at
            })
            if (Option.isNone(decided)) {
              return yield* Effect.fail(
                new ApprovalStateConflict({
                  code: "approval_decided",
                  message: `The approval was ${approval.status} already.`
                })
              )
            }
            // An approval's run is never deleted.
            const run = yield* Effect.orDie(
              Effect.flatMap(runs.find(tenantId, approval.runId), (found) =>
                Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new RunNotFound())
              )
            )
            if (run.status === "waiting_approval") {
              // An agent hears of a rejected call and goes on; any other rejected step fails the run.
              const goesOn = stepKindOf(run.steps[approval.stepIndex]?.type)?.goesOnWhenRejected ?? false
              const next: Run =
                decision === "approve" || goesOn
                  ? { ...run, status: "queued", updatedAt: at }
                  : {
                      ...run,
                      status: "failed",
                      reason: `Step ${approval.stepIndex} was rejected${note ? `: ${note}` : "."}`,
                      results: run.results.map((r) =>
                        r.index === approval.stepIndex
                          ? { ...r, status: "failed" as const, error: "Rejected.", finishedAt: at }
                          : r
                      ),
                      finishedAt: at,
                      updatedAt: at
                    }
              if (yield* runs.update(next, ["waiting_approval"])) {
                if (next.status === "queued") yield* due(next)
              }
            }
            return decided.value
          })
        ),
      /** Ends approvals whose time ran out, failing their runs. */
      expireApprovals: Effect.gen(function* () {
        const at = yield* now
        const expired = yield* approvals.expired(at, 100)
        for (const approval of expired) {
          yield* unit.withTransaction(
            Effect.gen(function* () {
              const decided = yield* approvals.decide(approval.tenantId, approval.id, {
                status: "expired",
                note: null,
                at
              })
              if (Option.isNone(decided)) return
              const run = yield* runs.find(approval.tenantId, approval.runId)
              if (Option.isSome(run) && run.value.status === "waiting_approval") {
                yield* runs.update(
                  {
                    ...run.value,
                    status: "failed",
                    reason: `The approval of step ${approval.stepIndex} expired.`,
                    finishedAt: at,
                    updatedAt: at
                  },
                  ["waiting_approval"]
                )
              }
            })
          )
        }
        return expired.length
      })
    }
  })
