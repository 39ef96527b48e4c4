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

/** The run the examples follow: started by a chat event, as it was when it started. */
const run = {
  id: "2d7f4a9c-8b1e-4c3a-9f6d-5e0b1a2c3d48",
  workflowId: "a3c5e7f9-1b2d-4e6f-8a0c-9d7b5f3e1a26",
  status: "running",
  attempt: 1,
  trigger: { type: "event", event: "conversation.created" },
  parentRunId: null,
  test: false,
  reason: null,
  createdAt: "2026-03-14T09:15:03.000Z",
  startedAt: "2026-03-14T09:15:04.000Z",
  finishedAt: null
} satisfies typeof RunSummaryJson.Encoded

const runEvent = <const E extends string>(
  name: E,
  identifier: string,
  description: string,
  eventId: string,
  ended: Pick<typeof RunSummaryJson.Encoded, "status" | "reason" | "startedAt" | "finishedAt">
) =>
  event(name, identifier, { run: RunSummaryJson }, description, {
    eventId,
    timestamp: ended.finishedAt!,
    payload: { run: { ...run, ...ended } }
  })

export const RunSucceededEvent = runEvent(
  "run.succeeded",
  "RunSucceededEvent",
  "A run did every step of its flow.",
  "7e3b9d1f-4a6c-4e8b-b2d0-1f5a3c7e9b64",
  { status: "succeeded", reason: null, startedAt: run.startedAt, finishedAt: "2026-03-14T09:15:09.000Z" }
)
export const RunFailedEvent = runEvent(
  "run.failed",
  "RunFailedEvent",
  "A run stopped at a step that failed, or whose approval was rejected or expired; `reason` says which.",
  "0b6e2f8a-5d3c-4a1f-9e7b-c4d2a0f8e631",
  {
    status: "failed",
    reason: "Step 2 failed: email.send: 550 5.1.1 Recipient address rejected",
    startedAt: run.startedAt,
    finishedAt: "2026-03-14T09:15:12.000Z"
  }
)
export const RunCancelledEvent = runEvent(
  "run.cancelled",
  "RunCancelledEvent",
  "A run was cancelled before it ended.",
  "d9a1c5e3-7f2b-4d6e-8c0a-3b5f7e1d9a82",
  { status: "cancelled", reason: "Cancelled.", startedAt: run.startedAt, finishedAt: "2026-03-14T09:20:30.000Z" }
)
export const RunExpiredEvent = runEvent(
  "run.expired",
  "RunExpiredEvent",
  "A run none of whose steps started within its time to live ended without running.",
  "4c8e0a2d-6b9f-4e1c-a3d5-7f9b1e3c5a07",
  {
    status: "expired",
    reason: "Not started within its time to live (3600 s).",
    startedAt: null,
    finishedAt: "2026-03-14T10:15:03.000Z"
  }
)

/** The approval the examples follow: an agent's email, gated by its tool profile. */
const approval = {
  id: "5f1a3c7e-9b2d-4f6a-8e0c-2d4b6f8a0c19",
  runId: run.id,
  workflowId: run.workflowId,
  stepIndex: 1,
  title: "Send the refund confirmation",
  skillId: "email.send",
  input: { to: ["ada@example.com"], subject: "Your refund for order #1042", text: "We refunded EUR 49.00 to your card." },
  status: "pending",
  note: null,
  expiresAt: "2026-03-15T09:15:05.000Z",
  decidedAt: null,
  createdAt: "2026-03-14T09:15:05.000Z"
} satisfies typeof ApprovalJson.Encoded

export const ApprovalRequestedEvent = event(
  "approval.requested",
  "ApprovalRequestedEvent",
  { approval: ApprovalJson },
  "A run waits for a person: an approval step, or a skill its tool profile gates (`skillId`, and the exact " +
    "`input` it will run with once approved).",
  { eventId: "8f2c6a0e-3d7b-4b9f-a1e5-6c0a4e8d2f73", timestamp: approval.createdAt, payload: { approval } }
)

export const ApprovalDecidedEvent = event(
  "approval.decided",
  "ApprovalDecidedEvent",
  { approval: ApprovalJson },
  "An approval was approved or rejected (with its note), or expired undecided; its run goes on or fails.",
  {
    eventId: "a6d0e4b8-2f5c-4a7e-9b3d-1e5c9a7f3b52",
    timestamp: "2026-03-14T09:31:47.000Z",
    payload: {
      approval: {
        ...approval,
        status: "approved",
        note: "Checked against the order: good to send.",
        decidedAt: "2026-03-14T09:31:47.000Z"
      }
    }
  }
)

/** The runs' and approvals' events, as the automations product declares them. */
export const runEvents: ReadonlyArray<ProductEvent> = [
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
