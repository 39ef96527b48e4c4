import { Effect, Option } from "effect"
import { listPage } from "../../platform/Keyset.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { ApprovalNotFound, ApprovalStateConflict } from "../AutomationsErrors.js"
import type { Approval } from "../records/Run.js"
import { RunRepository } from "../records/RunRepositories.js"
import { ApprovalRepository } from "../records/ApprovalRepository.js"
import { stepKindOf } from "../steps/StepKinds.js"
import { pageSize } from "./RunLifecycle.js"
import { now } from "./RunQueue.js"
import type { Waitpoints } from "./Waitpoints.js"

export interface ApprovalListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly status?: Approval["status"] | undefined
}

/**
 * The approvals runs wait for, decided by a person: the run goes on, or fails. One that expires
 * first is the waitpoints' sweep's (Waitpoints.ts).
 */
export const makeRunApprovals = (waitpoints: Waitpoints) =>
  Effect.gen(function* () {
    const runs = yield* RunRepository
    const approvals = yield* ApprovalRepository
    const unit = yield* UnitOfWork

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
            // The run goes on; a rejected step fails it, but an agent hears of a rejected call and goes on.
            const waitpoint = yield* waitpoints.ofApproval(tenantId, approval.runId, approval.id)
            if (Option.isSome(waitpoint)) {
              const run = yield* runs.find(tenantId, approval.runId)
              const step = Option.getOrUndefined(run)?.steps[approval.stepIndex]
              const goesOn = decision === "approve" || (stepKindOf(step?.type)?.goesOnWhenRejected ?? false)
              yield* goesOn
                ? waitpoints.release(waitpoint.value, "completed")
                : waitpoints.reject(waitpoint.value, `Step ${approval.stepIndex} was rejected${note ? `: ${note}` : "."}`)
            }
            return decided.value
          })
        )
    }
  })
