import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { ApiCaller } from "../../http/Security.js"
import { AutomationsApi } from "./AutomationsApi.js"
import { WorkflowService } from "./WorkflowService.js"
import { type Flow, type WrittenWorkflow, isJsonObject } from "../records/Workflow.js"
import { triggerReadout } from "../hooks/HookToken.js"

export const workflowJson = (workflow: WrittenWorkflow) => ({
  id: workflow.id,
  name: workflow.name,
  active: workflow.active,
  triggerJson: triggerReadout(workflow.trigger, workflow.hookToken),
  stepsJson: workflow.steps,
  flowId: workflow.flowId,
  revision: workflow.revision,
  createdAt: workflow.createdAt,
  updatedAt: workflow.updatedAt
})

const flowJson = (flow: Flow) => ({
  id: flow.id,
  workflowId: flow.workflowId,
  revision: flow.revision,
  stateJson: isJsonObject(flow.state.triggerJson)
    ? { ...flow.state, triggerJson: triggerReadout(flow.state.triggerJson) }
    : flow.state,
  createdAt: flow.createdAt,
  updatedAt: flow.updatedAt
})

export const automationsHandlers = implement(
  AutomationsApi,
  Effect.gen(function* () {
    const workflows = yield* WorkflowService
    const list = ({ urlParams }: { readonly urlParams: { readonly limit?: number; readonly cursor?: string } }) =>
      Effect.flatMap(ApiCaller, ({ tenantId }) => workflows.list(tenantId, urlParams)).pipe(
        Effect.map((listed) => pageJson(listed, workflowJson))
      )
    const create = ({ payload }: { readonly payload: Parameters<typeof workflows.create>[1] }) =>
      Effect.flatMap(ApiCaller, (caller) => workflows.create(caller, payload)).pipe(Effect.map(workflowJson))
    return {
      listAutomations: list,
      createAutomation: create,
      listWorkflows: list,
      createWorkflow: create,
      updateWorkflow: ({ path, payload }) =>
        Effect.flatMap(ApiCaller, (caller) => workflows.update(caller, path.id, payload)).pipe(
          Effect.map(workflowJson)
        ),
      deleteWorkflow: ({ path }) =>
        Effect.flatMap(ApiCaller, ({ tenantId }) => workflows.remove(tenantId, path.id)).pipe(Effect.map(workflowJson)),
      listFlows: ({ urlParams }) =>
        Effect.flatMap(ApiCaller, ({ tenantId }) => workflows.listFlows(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, flowJson))
        ),
      getFlow: ({ path }) =>
        Effect.flatMap(ApiCaller, ({ tenantId }) => workflows.getFlow(tenantId, path.id)).pipe(Effect.map(flowJson))
    }
  })
)
