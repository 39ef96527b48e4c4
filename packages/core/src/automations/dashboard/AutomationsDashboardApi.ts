import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { JsonObjectInput, Uuid } from "../../http/Schemas.js"
import { DashboardAuth } from "../../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../../platform/Errors.js"
import { DEFAULT_PAGE_SIZE as AGENT_PAGE, MAX_PAGE_SIZE as MAX_AGENT_PAGE } from "../agents/AgentService.js"
import { AgentBody, AgentJson } from "../agents/AgentsApi.js"
import { CreateWorkflowBody, ListParams, WorkflowJson, WorkflowPageJson } from "../workflows/AutomationsApi.js"
import { DEFAULT_PAGE_SIZE as CHANNEL_PAGE, MAX_PAGE_SIZE as MAX_CHANNEL_PAGE } from "../channels/ChannelService.js"
import { ChannelJson } from "../channels/ChannelsApi.js"
import { SloJson } from "../readouts/ReadoutsApi.js"
import { ApprovalJson, ApprovalParams, RunJson, RunParams } from "../runs/RunsApi.js"
import { SessionJson, SessionParams } from "../sessions/SessionsApi.js"
import { CreateSequenceBody, SequenceJson, SequenceListParams, SequencePageJson } from "../sequences/SequencesApi.js"
import type { MarketplaceSchemas } from "../marketplace/MarketplaceApi.js"
import { CONSOLE_RECENT_FAILURES, CONSOLE_RECENT_RUNS, CONSOLE_WAITING_APPROVALS } from "./AutomationsConsole.js"
import {
  createDashboardWorkflowFromPack,
  getDashboardModels,
  getDashboardPolicy,
  getDashboardSession,
  installDashboardSkillPack,
  listDashboardMemory,
  listDashboardMemoryAudit,
  listDashboardSkillPacks,
  listDashboardToolProfiles,
  putDashboardMemory,
  putDashboardModels,
  putDashboardPolicy,
  putDashboardToolProfile
} from "./DashboardGovernanceApi.js"
import {
  cancelDashboardRun,
  createDashboardNode,
  decideDashboardApproval,
  getDashboardRun,
  listDashboardNodes,
  retryDashboardRun,
  runDashboardWorkflow
} from "./DashboardRunsApi.js"
import { ResourceIdNotFound, ResourceJson, ResourceNotFound, resourceNames } from "./DashboardResources.js"

export const AutomationsConsoleJson = Schema.Struct({
  recentRuns: Schema.Array(RunJson).annotations({
    description: `The newest ${CONSOLE_RECENT_RUNS} runs, newest first.`
  }),
  recentFailures: Schema.Array(RunJson).annotations({
    description: `The newest ${CONSOLE_RECENT_FAILURES} failed runs, newest first; \`reason\` says why each failed.`
  }),
  waitingApprovals: Schema.Array(ApprovalJson).annotations({
    description: `The newest ${CONSOLE_WAITING_APPROVALS} pending approvals, newest first.`
  }),
  slo: SloJson
}).annotations({
  identifier: "AutomationsConsole",
  description:
    "The dashboard's home: recent runs, recent failures, waiting approvals and the SLO of `/v1/automations/slo`."
})

const ResourcePath = Schema.Struct({
  resource: Schema.String.annotations({
    description: "The kind of record; any other name is a 404 `resource_not_found`.",
    jsonSchema: { type: "string", enum: resourceNames }
  }),
  id: Uuid
})

const publicRoutes = (method: string) =>
  resourceNames.map((name) => `\`${name}\` as ${method} /v1/automations/${name}/{id}`).join(", ")

const ADMIN = "Tenant admin; a member's token is a 403 `admin_required`."

/** HttpApi names a union's 200 after its first member; here it is any resource's record. */
const describeSuccess = (description: string) => (operation: Record<string, any>) => {
  operation.responses["200"].description = description
  return operation
}

/**
 * Automations for the tenant's dashboard: the tenant comes from the dashboard token and must be
 * entitled to automations. Bodies and answers are the public routes' (`/v1/automations/*`).
 */
export const automationsDashboardApi = (marketplace: MarketplaceSchemas) =>
  HttpApiGroup.make("automationsDashboard")
    .add(
      HttpApiEndpoint.get("listDashboardWorkflows", "/growth/automations/workflows")
        .setUrlParams(ListParams)
        .addSuccess(WorkflowPageJson)
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List workflows")
        .annotate(OpenApi.Description, "As `GET /v1/automations/workflows`.")
    )
    .add(
      HttpApiEndpoint.post("createDashboardWorkflow", "/growth/automations/workflows")
        .setPayload(CreateWorkflowBody)
        .addSuccess(WorkflowJson)
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "Create a workflow")
        .annotate(OpenApi.Description, `As \`POST /v1/automations/workflows\`. ${ADMIN}`)
    )
    .add(
      HttpApiEndpoint.get("listDashboardSequences", "/growth/automations/sequences")
        .setUrlParams(SequenceListParams)
        .addSuccess(SequencePageJson)
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List sequences")
        .annotate(OpenApi.Description, "As `GET /v1/automations/sequences`.")
    )
    .add(
      HttpApiEndpoint.post("createDashboardSequence", "/growth/automations/sequences")
        .setPayload(CreateSequenceBody)
        .addSuccess(SequenceJson)
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "Create a sequence")
        .annotate(OpenApi.Description, `As \`POST /v1/automations/sequences\`. ${ADMIN}`)
    )
    .add(
      HttpApiEndpoint.get("getAutomationsConsole", "/growth/automations/console")
        .addSuccess(AutomationsConsoleJson)
        .annotate(OpenApi.Summary, "Recent runs, failures, waiting approvals and the SLO")
    )
    .add(
      HttpApiEndpoint.get("listDashboardAgents", "/growth/automations/agents")
        .setUrlParams(PageParams(MAX_AGENT_PAGE, AGENT_PAGE))
        .addSuccess(PageJson(AgentJson, "AgentPage"))
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List agents")
        .annotate(OpenApi.Description, "As `GET /v1/automations/agents`.")
    )
    .add(
      HttpApiEndpoint.post("createDashboardAgent", "/growth/automations/agents")
        .setPayload(AgentBody)
        .addSuccess(AgentJson)
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "Create an agent")
        .annotate(OpenApi.Description, `As \`POST /v1/automations/agents\`. ${ADMIN}`)
    )
    .add(
      HttpApiEndpoint.get("listDashboardRuns", "/growth/automations/runs")
        .setUrlParams(RunParams)
        .addSuccess(PageJson(RunJson, "RunPage"))
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List runs")
        .annotate(OpenApi.Description, "As `GET /v1/automations/runs`.")
    )
    .add(getDashboardRun)
    .add(cancelDashboardRun)
    .add(retryDashboardRun)
    .add(runDashboardWorkflow)
    .add(
      HttpApiEndpoint.get("listDashboardSessions", "/growth/automations/sessions")
        .setUrlParams(SessionParams)
        .addSuccess(PageJson(SessionJson, "SessionPage"))
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List sessions")
        .annotate(OpenApi.Description, "As `GET /v1/automations/sessions`.")
    )
    .add(getDashboardSession)
    .add(
      HttpApiEndpoint.get("listDashboardApprovals", "/growth/automations/approvals")
        .setUrlParams(ApprovalParams)
        .addSuccess(PageJson(ApprovalJson, "ApprovalPage"))
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List approvals")
        .annotate(OpenApi.Description, "As `GET /v1/automations/approvals`.")
    )
    .add(decideDashboardApproval)
    .add(listDashboardNodes)
    .add(createDashboardNode)
    .add(listDashboardSkillPacks(marketplace))
    .add(installDashboardSkillPack(marketplace))
    .add(createDashboardWorkflowFromPack)
    .add(getDashboardPolicy)
    .add(putDashboardPolicy)
    .add(getDashboardModels)
    .add(putDashboardModels)
    .add(listDashboardToolProfiles)
    .add(putDashboardToolProfile)
    .add(listDashboardMemory)
    .add(putDashboardMemory)
    .add(listDashboardMemoryAudit)
    .add(
      HttpApiEndpoint.get("listDashboardChannels", "/growth/automations/channels")
        .setUrlParams(PageParams(MAX_CHANNEL_PAGE, CHANNEL_PAGE))
        .addSuccess(PageJson(ChannelJson, "ChannelPage"))
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List channels")
        .annotate(OpenApi.Description, "As `GET /v1/automations/channels`.")
    )
    .add(
      HttpApiEndpoint.patch("updateDashboardResource", "/growth/automations/:resource/:id")
        .setPath(ResourcePath)
        .setPayload(
          JsonObjectInput.annotations({ description: `The public PATCH route's body: ${publicRoutes("PATCH")}.` })
        )
        .addSuccess(ResourceJson)
        .addError(ValidationFailed)
        .addError(ResourceNotFound)
        .addError(ResourceIdNotFound)
        .annotate(OpenApi.Summary, `Change a record: ${resourceNames.join(", ")}`)
        .annotate(OpenApi.Description, `As ${publicRoutes("PATCH")}. ${ADMIN}`)
        .annotate(OpenApi.Transform, describeSuccess("The record as changed, as its public PATCH route answers it."))
    )
    .add(
      HttpApiEndpoint.del("deleteDashboardResource", "/growth/automations/:resource/:id")
        .setPath(ResourcePath)
        .addSuccess(ResourceJson)
        .addError(ResourceNotFound)
        .addError(ResourceIdNotFound)
        .annotate(OpenApi.Summary, `Delete a record: ${resourceNames.join(", ")}`)
        .annotate(OpenApi.Description, `As ${publicRoutes("DELETE")}. ${ADMIN}`)
        .annotate(OpenApi.Transform, describeSuccess("The record deleted, as its public DELETE route answers it."))
    )
    .addError(PermissionDenied)
    .middleware(DashboardAuth)
    .annotate(OpenApi.Title, "Automations (dashboard)")
    .annotate(
      OpenApi.Description,
      [
        "Workflows, sequences, agents, runs, sessions, approvals, channels, companion nodes, the skill marketplace, governance (standing orders, model labels, tool profiles, memory) and the console for the tenant's dashboard users.",
        "The tenant must be entitled to automations (else 403 `product_not_entitled`); members read, writes need a",
        "tenant admin (else 403 `admin_required`)."
      ].join(" ")
    )
