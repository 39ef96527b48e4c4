// A run as automation_runs stores it, and back.
import type { Run, RunTakeover, StepResult } from "@servicekit/core/automations"
import type { Insertable, Selectable } from "kysely"
import type { TenantTable } from "../Keyset.js"
import type { AutomationRunsTable, StoredStepResult, StoredTakeover } from "./Tables.js"

export const toRow = (run: Run): Insertable<AutomationRunsTable> => ({
  tenant_id: run.tenantId,
  id: run.id,
  workflow_id: run.workflowId,
  flow_id: run.flowId,
  revision: run.revision,
  steps: JSON.stringify(run.steps),
  status: run.status,
  attempt: run.attempt,
  trigger_type: run.trigger.type,
  trigger_event: run.trigger.event,
  context: run.context,
  payload: JSON.stringify(run.payload),
  parent_run_id: run.parentRunId,
  test: run.test,
  idempotency_key: run.idempotencyKey,
  // Dates become ISO strings (Date.prototype.toJSON); toResult reads them back.
  results: JSON.stringify(run.results),
  reason: run.reason,
  lease_until: run.leaseUntil,
  held_by: run.heldBy === null ? null : JSON.stringify(run.heldBy),
  takeovers: JSON.stringify(run.takeovers),
  created_at: run.createdAt,
  started_at: run.startedAt,
  finished_at: run.finishedAt,
  updated_at: run.updatedAt
})

export const toResult = (stored: StoredStepResult): StepResult => ({
  ...stored,
  approved: stored.approved ?? false,
  worker: stored.worker ?? null,
  startedAt: new Date(stored.startedAt),
  finishedAt: stored.finishedAt === null ? null : new Date(stored.finishedAt)
})

export const toTakeover = (stored: StoredTakeover): RunTakeover => ({
  ...stored,
  at: new Date(stored.at),
  leaseExpiredAt: stored.leaseExpiredAt === null ? null : new Date(stored.leaseExpiredAt)
})

export const toRun = (row: Selectable<AutomationRunsTable>): Run => ({
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
  leaseUntil: row.lease_until,
  heldBy: row.held_by,
  takeovers: row.takeovers.map(toTakeover),
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  updatedAt: row.updated_at
})

export const table: TenantTable<Selectable<AutomationRunsTable>, Run> = { name: "automation_runs", toRecord: toRun }
