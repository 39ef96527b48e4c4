import { Schema } from "effect"
import type { DomainEvent } from "../../jobs/EventOutbox.js"
import { eventBody as event, sentEvent } from "../../module/EventBodies.js"
import type { ProductEvent } from "../../platform/Products.js"
import type { Approval, Run } from "../records/Run.js"
import { ApprovalJson, RunJson } from "./RunsApi.js"

/*
 * The bodies Automations' webhooks POST: a run that ended, an approval that waits for a person,
 * and one decided. A run's event carries its summary; GET /automations/runs/{id} answers the rest.
 */

export const RunSummaryJson = RunJson.pick(
  "id",
  "workflowId",
  "status",
  "attempt",
  "trigger",
  "parentRunId",
  "test",
  "reason",
  "createdAt",
  "startedAt",
  "finishedAt"
).annotations({
  identifier: "RunSummary",
  description: "A run as it ended: its steps' results and input are the run's (GET /automations/runs/{id})."
})

const runEvent = <const E extends string>(name: E, identifier: string, description: string) =>
  event(name, identifier, { run: RunSummaryJson }, description)

export const RunSucceededEvent = runEvent("run.succeeded", "RunSucceededEvent", "A run did every step of its flow.")
export const RunFailedEvent = runEvent(
  "run.failed",
  "RunFailedEvent",
  "A run stopped at a step that failed, or whose approval was rejected or expired; `reason` says which."
)
export const RunCancelledEvent = runEvent("run.cancelled", "RunCancelledEvent", "A run was cancelled before it ended.")
export const RunExpiredEvent = runEvent(
  "run.expired",
  "RunExpiredEvent",
  "A run none of whose steps started within its time to live ended without running."
)

export const ApprovalRequestedEvent = event(
  "approval.requested",
  "ApprovalRequestedEvent",
  { approval: ApprovalJson },
  "A run waits for a person: an approval step, or a skill its tool profile gates (`skillId`, and the exact " +
    "`input` it will run with once approved)."
)

export const ApprovalDecidedEvent = event(
  "approval.decided",
  "ApprovalDecidedEvent",
  { approval: ApprovalJson },
  "An approval was approved or rejected (with its note), or expired undecided; its run goes on or fails."
)

export const automationsEvents: ReadonlyArray<ProductEvent> = [
  RunSucceededEvent,
  RunFailedEvent,
  RunCancelledEvent,
  RunExpiredEvent,
  ApprovalRequestedEvent,
  ApprovalDecidedEvent
].map(sentEvent)

/** The statuses that end a run with an event, by the event's name. */
const RUN_ENDINGS: Partial<Record<Run["status"], string>> = {
  succeeded: "run.succeeded",
  failed: "run.failed",
  cancelled: "run.cancelled",
  expired: "run.expired"
}

const encodeRun = Schema.encodeSync(RunSummaryJson)
const encodeApproval = Schema.encodeSync(ApprovalJson)

/** The event `run`, as written, ended with (`run.failed`, ...); none when it did not end. */
export const runEndingOf = (run: Run): string | undefined => RUN_ENDINGS[run.status]

/** The event of `run`, as it ended. */
export const runEndedEvent = (id: string, run: Run): DomainEvent => ({
  id,
  tenantId: run.tenantId,
  aggregate: `run:${run.id}`,
  type: RUN_ENDINGS[run.status]!,
  payload: { run: encodeRun(run) },
  occurredAt: run.updatedAt
})

/** `approval.requested` for a new approval, `approval.decided` for one just decided. */
export const approvalEvent = (id: string, approval: Approval): DomainEvent => ({
  id,
  tenantId: approval.tenantId,
  // The run's aggregate: its approvals' events and its end are dispatched in the order they happened.
  aggregate: `run:${approval.runId}`,
  type: approval.status === "pending" ? "approval.requested" : "approval.decided",
  payload: { approval: encodeApproval(approval) },
  occurredAt: approval.decidedAt ?? approval.createdAt
})
