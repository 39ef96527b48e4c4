import { type WorkerIdentity } from "@servicekit/core"
import type { Approval, Run, RunStatus, StepResult } from "@servicekit/core/automations"
import { RunRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { at, newestFirst, uuid } from "./fixtures.js"

/** Runs, results, approvals and workers the runs suites share. */
export const makeRun = (tenantId: string, overrides: Partial<Run> = {}): Run => ({
  id: uuid(),
  tenantId,
  workflowId: uuid(),
  flowId: uuid(),
  revision: 1,
  steps: [{ type: "log", message: "started" }],
  status: "queued",
  attempt: 1,
  trigger: { type: "manual", event: null },
  context: "",
  payload: {},
  parentRunId: null,
  test: false,
  idempotencyKey: null,
  results: [],
  reason: null,
  expiresAt: null,
  leaseUntil: null,
  heldBy: null,
  takeovers: [],
  concurrency: null,
  parkedAt: null,
  createdAt: at("2026-07-01T09:00:00.000Z"),
  startedAt: null,
  finishedAt: null,
  updatedAt: at("2026-07-01T09:00:00.000Z"),
  ...overrides
})

export const makeResult = (index: number, overrides: Partial<StepResult> = {}): StepResult => ({
  index,
  type: "log",
  name: null,
  status: "succeeded",
  output: null,
  outputText: null,
  error: null,
  attempt: 1,
  approved: false,
  worker: null,
  startedAt: at("2026-07-01T09:00:01.000Z"),
  finishedAt: at("2026-07-01T09:00:02.000Z"),
  ...overrides
})

export const makeApproval = (tenantId: string, overrides: Partial<Approval> = {}): Approval => ({
  id: uuid(),
  tenantId,
  runId: uuid(),
  workflowId: uuid(),
  stepIndex: 0,
  title: "Send the refund?",
  skillId: null,
  input: null,
  status: "pending",
  note: null,
  expiresAt: at("2026-07-02T09:00:00.000Z"),
  decidedAt: null,
  createdAt: at("2026-07-01T09:00:00.000Z"),
  updatedAt: at("2026-07-01T09:00:00.000Z"),
  ...overrides
})

/** Values at the edges of what JSON carries, and text in many scripts, nested. */
export const richJson = {
  numbers: [0, -1, 42, 1.5, 0.1 + 0.2, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
  flags: [true, false, null],
  "clé ✓ 東京": "naïve café — 東京 — مرحبا — 👩‍💻🎉",
  escaped: 'she said "hi" \\ \n\ttab \u2028 </script> \u0001',
  // Looks like a time, stays text: only a result's own times come back as dates.
  startedAt: "2026-07-01T09:00:00.000Z",
  nested: { deep: { deeper: [1, [2, { three: 3, "": "empty key" }]] }, empty: {}, none: [] }
}

export const runsNewestFirst = newestFirst<Run>((run) => run.createdAt)

/** The processes that claim runs in these tests. */
export const workerA: WorkerIdentity = { host: "host-a", pid: 4101, workerId: "worker-a" }
export const workerB: WorkerIdentity = { host: "host-b", pid: 4102, workerId: "worker-b" }

/** One run claimed through claimMany (by worker A unless said): the run taken, or None. */
export const claimOne = (
  runs: RunRepository["Type"],
  tenantId: string,
  id: string,
  at: Date,
  leaseUntil: Date,
  worker = workerA
) => Effect.map(runs.claimMany([{ tenantId, id }], at, leaseUntil, worker), (taken) => Option.fromNullable(taken[0]))
export const approvalsNewestFirst = newestFirst<Approval>((approval) => approval.createdAt)

/** Statuses no worker may claim: the run waits for a person or has ended. */
export const UNCLAIMABLE: ReadonlyArray<RunStatus> = [
  "waiting_approval",
  "succeeded",
  "failed",
  "cancelled",
  "expired",
  "skipped"
]

