import { HttpApiEndpoint, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { Uuid } from "../../http/Schemas.js"
import { ValidationFailed } from "../../platform/Errors.js"
import { QueueFull } from "../../platform/QueuedWork.js"
import {
  ApprovalNotFound,
  ApprovalStateConflict,
  RunNotFound,
  RunStateConflict,
  WorkflowInactive,
  WorkflowNotFound
} from "../AutomationsErrors.js"
import { ApprovalJson, DecideBody, RunJson, StartBody } from "../runs/RunsApi.js"
import { CreateNodeBody, CreatedNodeJson, NodeJson, SettingsDescription } from "../nodes/NodesApi.js"
import { DEFAULT_PAGE_SIZE as NODE_PAGE, MAX_PAGE_SIZE as MAX_NODE_PAGE } from "../nodes/NodeService.js"

const Id = Schema.Struct({ id: Uuid })
const ADMIN = "Tenant admin; a member's token is a 403 `admin_required`."

/**
 * What the dashboard does with runs, approvals and companion nodes: the public routes' bodies and
 * answers (`/v1/automations/*`), the tenant from the dashboard token. A run started here is live.
 */
export const getDashboardRun = HttpApiEndpoint.get("getDashboardRun", "/growth/automations/runs/:id")
  .setPath(Id)
  .addSuccess(RunJson)
  .addError(RunNotFound)
  .annotate(OpenApi.Summary, "Get a run")
  .annotate(OpenApi.Description, "As `GET /v1/automations/runs/{id}`: with `stepsResultJson`.")

export const cancelDashboardRun = HttpApiEndpoint.post("cancelDashboardRun", "/growth/automations/runs/:id/cancel")
  .setPath(Id)
  .addSuccess(RunJson)
  .addError(RunNotFound)
  .addError(RunStateConflict)
  .annotate(OpenApi.Summary, "Cancel a run")
  .annotate(OpenApi.Description, `As \`POST /v1/automations/runs/{id}/cancel\`. ${ADMIN}`)

export const retryDashboardRun = HttpApiEndpoint.post("retryDashboardRun", "/growth/automations/runs/:id/retry")
  .setPath(Id)
  .addSuccess(RunJson)
  .addError(RunNotFound)
  .addError(RunStateConflict)
  .annotate(OpenApi.Summary, "Retry a run")
  .annotate(OpenApi.Description, `As \`POST /v1/automations/runs/{id}/retry\`. ${ADMIN}`)

export const runDashboardWorkflow = HttpApiEndpoint.post("runDashboardWorkflow", "/growth/automations/workflows/:id/run")
  .setPath(Id)
  .setPayload(StartBody)
  .addSuccess(RunJson)
  .addError(ValidationFailed)
  .addError(WorkflowNotFound)
  .addError(WorkflowInactive)
  .addError(QueueFull)
  .annotate(OpenApi.Summary, "Run a workflow")
  .annotate(
    OpenApi.Description,
    `As \`POST /v1/automations/workflows/{id}/run\` with a live key: \`context\` and \`payload\` are optional. ${ADMIN}`
  )

export const decideDashboardApproval = HttpApiEndpoint.post("decideDashboardApproval", "/growth/automations/approvals/:id/decide")
  .setPath(Id)
  .setPayload(DecideBody)
  .addSuccess(ApprovalJson)
  .addError(ValidationFailed)
  .addError(ApprovalNotFound)
  .addError(ApprovalStateConflict)
  .annotate(OpenApi.Summary, "Approve or reject")
  .annotate(OpenApi.Description, `As \`POST /v1/automations/approvals/{id}/decide\`. ${ADMIN}`)

export const listDashboardNodes = HttpApiEndpoint.get("listDashboardNodes", "/growth/automations/nodes")
  .setUrlParams(PageParams(MAX_NODE_PAGE, NODE_PAGE))
  .addSuccess(PageJson(NodeJson, "NodePage"))
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "List companion nodes")
  .annotate(OpenApi.Description, "As `GET /v1/automations/nodes`.")

export const createDashboardNode = HttpApiEndpoint.post("createDashboardNode", "/growth/automations/nodes")
  .setPayload(CreateNodeBody)
  .addSuccess(CreatedNodeJson)
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "Create a node and its pairing code")
  .annotate(
    OpenApi.Description,
    `As \`POST /v1/automations/nodes\`: the \`pairingCode\` is shown only in this answer. ${SettingsDescription} ${ADMIN}`
  )
