// A run as automation_runs stores it (its results in automation_step_results), and back.
import type { Run, RunTakeover } from "@servicekit/core/automations"
import type { Selectable } from "kysely"
import { recordSetColumns } from "../RecordSet.js"
import { toResult } from "./StepResultRows.js"
import type { AutomationRunsTable, StoredStepResult, StoredTakeover } from "./Tables.js"

/** A run's row as read, with its results gathered into one column (`resultsColumn`). */
export type RunRow = Selectable<AutomationRunsTable> & { readonly results: ReadonlyArray<StoredStepResult> }

/** The table's columns and their types, in the order a JSON record set of runs declares them. */
const COLUMNS = [
  ["tenant_id", "uuid"],
  ["id", "uuid"],
  ["workflow_id", "uuid"],
  ["flow_id", "uuid"],
  ["revision", "integer"],
  ["steps", "jsonb"],
  ["status", "text"],
  ["attempt", "integer"],
  ["trigger_type", "text"],
  ["trigger_event", "text"],
  ["context", "text"],
  ["payload", "jsonb"],
  ["parent_run_id", "uuid"],
  ["test", "boolean"],
  ["idempotency_key", "text"],
  ["reason", "text"],
  ["expires_at", "timestamptz"],
  ["lease_until", "timestamptz"],
  ["held_by", "jsonb"],
  ["takeovers", "jsonb"],
  ["concurrency_key", "text"],
  ["concurrency_limit", "integer"],
  ["parked_at", "timestamptz"],
  ["created_at", "timestamptz"],
  ["started_at", "timestamptz"],
  ["finished_at", "timestamptz"],
  ["updated_at", "timestamptz"]
] as const

/** The column list, the record set's declaration and, for an upsert, every column but the key from `excluded`. */
export const runColumns = recordSetColumns(COLUMNS, 2)

/** A run as a record of the JSON record set an insert passes (dates become ISO strings). */
export const runRecord = (run: Run) => ({
  tenant_id: run.tenantId,
  id: run.id,
  workflow_id: run.workflowId,
  flow_id: run.flowId,
  revision: run.revision,
  steps: run.steps,
  status: run.status,
  attempt: run.attempt,
  trigger_type: run.trigger.type,
  trigger_event: run.trigger.event,
  context: run.context,
  payload: run.payload,
  parent_run_id: run.parentRunId,
  test: run.test,
  idempotency_key: run.idempotencyKey,
  reason: run.reason,
  expires_at: run.expiresAt,
  lease_until: run.leaseUntil,
  held_by: run.heldBy,
  takeovers: run.takeovers,
  concurrency_key: run.concurrency?.key ?? null,
  concurrency_limit: run.concurrency?.limit ?? null,
  parked_at: run.parkedAt,
  created_at: run.createdAt,
  started_at: run.startedAt,
  finished_at: run.finishedAt,
  updated_at: run.updatedAt
})

export const toTakeover = (stored: StoredTakeover): RunTakeover => ({
  ...stored,
  at: new Date(stored.at),
  leaseExpiredAt: stored.leaseExpiredAt === null ? null : new Date(stored.leaseExpiredAt)
})

export const toRun = (row: RunRow): Run => ({
  id: row.id,
  tenantId: row.tenant_id,
  workflowId: row.workflow_id,
  flowId: row.flow_id,
  revision: row.revision,
  steps: row.steps,
  status: row.status,
  attempt: row.attempt,
  trigger: { type: row.trigger_type, event: row.trigger_event },
  context: row.context,
  payload: row.payload,
  parentRunId: row.parent_run_id,
  test: row.test,
  idempotencyKey: row.idempotency_key,
  results: row.results.map(toResult),
  reason: row.reason,
  expiresAt: row.expires_at,
  leaseUntil: row.lease_until,
  heldBy: row.held_by,
  takeovers: row.takeovers.map(toTakeover),
  concurrency:
    row.concurrency_key === null || row.concurrency_limit === null
      ? null
      : { key: row.concurrency_key, limit: row.concurrency_limit },
  parkedAt: row.parked_at,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  updatedAt: row.updated_at
})
