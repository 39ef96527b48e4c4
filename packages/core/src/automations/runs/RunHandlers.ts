import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { ApiCaller } from "../../http/Security.js"
import type { Approval, Run } from "../records/Run.js"
import { RunEngine } from "./RunEngine.js"
import { AutomationHooksApi, RunsApi } from "./RunsApi.js"
import { HookCaller } from "../hooks/HookAuth.js"

export const runJson = (run: Run) => ({
  id: run.id,
  workflowId: run.workflowId,
  flowId: run.flowId,
  revision: run.revision,
  status: run.status,
  attempt: run.attempt,
  trigger: run.trigger,
  context: run.context,
  payload: run.payload,
  parentRunId: run.parentRunId,
  test: run.test,
  stepsResultJson: run.results,
  takeovers: run.takeovers,
  reason: run.reason,
  expiresAt: run.expiresAt,
  createdAt: run.createdAt,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt,
  updatedAt: run.updatedAt
})

export const approvalJson = (approval: Approval) => ({
  id: approval.id,
  runId: approval.runId,
  workflowId: approval.workflowId,
  stepIndex: approval.stepIndex,
  title: approval.title,
  skillId: approval.skillId,
  input: approval.input,
  status: approval.status,
  note: approval.note,
  expiresAt: approval.expiresAt,
  decidedAt: approval.decidedAt,
  createdAt: approval.createdAt
})

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)
/** A run a test key starts is a test run. */
export const inTestMode = (caller: { readonly environment: string }) => ({ test: caller.environment === "test" })

export const runHandlers = implement(
  RunsApi,
  Effect.gen(function* () {
    const runs = yield* RunEngine
    return {
      runWorkflow: ({ path, payload }) =>
        Effect.flatMap(ApiCaller, (caller) =>
          runs.request(caller.tenantId, path.id, payload, inTestMode(caller))
        ).pipe(Effect.map(runJson)),
      listRuns: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => runs.list(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, runJson))
        ),
      getRun: ({ path }) => Effect.flatMap(tenant, (tenantId) => runs.get(tenantId, path.id)).pipe(Effect.map(runJson)),
      cancelRun: ({ path }) =>
        Effect.flatMap(tenant, (tenantId) => runs.cancel(tenantId, path.id)).pipe(Effect.map(runJson)),
      retryRun: ({ path }) =>
        Effect.flatMap(tenant, (tenantId) => runs.retry(tenantId, path.id)).pipe(Effect.map(runJson)),
      listApprovals: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => runs.listApprovals(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, approvalJson))
        ),
      decideApproval: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => runs.decide(tenantId, path.id, payload.decision, payload.note)).pipe(
          Effect.map(approvalJson)
        )
    }
  })
)

export const hookHandlers = implement(
  AutomationHooksApi,
  Effect.gen(function* () {
    const runs = yield* RunEngine
    return {
      inboundHook: ({ payload }) =>
        Effect.flatMap(HookCaller, (caller) =>
          "token" in caller
            ? runs.hookWithToken(caller.token, payload)
            : runs.hook(caller.tenantId, payload, { test: caller.test })
        ).pipe(Effect.map(runJson))
    }
  })
)
