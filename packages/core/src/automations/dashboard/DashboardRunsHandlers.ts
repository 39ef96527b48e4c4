import { Effect } from "effect"
import { pageJson } from "../../http/Pages.js"
import { approvalJson, runJson } from "../runs/RunHandlers.js"
import { RunEngine } from "../runs/RunEngine.js"
import { nodeJson } from "../nodes/NodeHandlers.js"
import { NodeService } from "../nodes/NodeService.js"
import { dashboardAccess } from "./DashboardAccess.js"

/**
 * The handlers of DashboardRunsApi's routes, calling the services the public routes call: members
 * read, writes go through `writer` (the tenant admin). Runs started here are live, not test runs.
 */
export const dashboardRunHandlers = Effect.gen(function* () {
  const { reader, writer } = yield* dashboardAccess
  const runs = yield* RunEngine
  const nodes = yield* NodeService
  return {
    getDashboardRun: ({ path }: { readonly path: { readonly id: string } }) =>
      Effect.flatMap(reader, ({ tenantId }) => runs.get(tenantId, path.id)).pipe(Effect.map(runJson)),
    cancelDashboardRun: ({ path }: { readonly path: { readonly id: string } }) =>
      Effect.flatMap(writer, ({ tenantId }) => runs.cancel(tenantId, path.id)).pipe(Effect.map(runJson)),
    retryDashboardRun: ({ path }: { readonly path: { readonly id: string } }) =>
      Effect.flatMap(writer, ({ tenantId }) => runs.retry(tenantId, path.id)).pipe(Effect.map(runJson)),
    runDashboardWorkflow: ({
      path,
      payload
    }: {
      readonly path: { readonly id: string }
      readonly payload: Parameters<typeof runs.request>[2]
    }) =>
      Effect.flatMap(writer, ({ tenantId }) => runs.request(tenantId, path.id, payload, { test: false })).pipe(
        Effect.map(runJson)
      ),
    decideDashboardApproval: ({
      path,
      payload
    }: {
      readonly path: { readonly id: string }
      readonly payload: { readonly decision: "approve" | "reject"; readonly note?: string | undefined }
    }) =>
      Effect.flatMap(writer, ({ tenantId }) => runs.decide(tenantId, path.id, payload.decision, payload.note)).pipe(
        Effect.map(approvalJson)
      ),
    listDashboardNodes: ({ urlParams }: { readonly urlParams: Parameters<typeof nodes.list>[1] }) =>
      Effect.flatMap(reader, ({ tenantId }) => nodes.list(tenantId, urlParams)).pipe(
        Effect.map((listed) => pageJson(listed, nodeJson))
      ),
    createDashboardNode: ({ payload }: { readonly payload: Parameters<typeof nodes.create>[1] }) =>
      Effect.flatMap(writer, ({ tenantId }) => nodes.create(tenantId, payload)).pipe(
        Effect.map(({ node, pairingCode }) => ({ ...nodeJson(node), pairingCode }))
      )
  }
})
