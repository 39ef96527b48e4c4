import { HttpApiEndpoint, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { Uuid, withReason } from "../../http/Schemas.js"
import { ValidationFailed } from "../../platform/Errors.js"
import { WorkflowJson } from "../workflows/AutomationsApi.js"
import { PackChanged, PackNotFound, PackNotInstalled, SessionNotFound } from "../AutomationsErrors.js"
import {
  MemoryAuditJson,
  MemoryAuditParams,
  MemoryBody,
  MemoryEntryJson,
  MemoryParams,
  ModelChoiceBody,
  ModelChoiceJson,
  PolicyBody,
  PolicyJson,
  ToolProfileBody,
  ToolProfileJson
} from "../governance/GovernanceApi.js"
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../governance/GovernanceService.js"
import { InstallBody, ListParams, type MarketplaceSchemas, WorkflowBody } from "../marketplace/MarketplaceApi.js"
import { PACK_ID } from "../marketplace/Pack.js"
import { EntryParams, SessionDetailJson } from "../sessions/SessionsApi.js"

const ADMIN = "Tenant admin; a member's token is a 403 `admin_required`."
const PackPath = Schema.Struct({
  packId: withReason(Schema.String.pipe(Schema.pattern(PACK_ID)), "must be a pack id such as acme.chat-followup")
})

/**
 * The skill marketplace, governance (standing orders, model labels, tool profiles, memory) and a
 * session's transcript for the dashboard: the public routes' bodies and answers, the tenant from
 * the dashboard token.
 */
export const listDashboardSkillPacks = ({ MarketplacePageJson }: MarketplaceSchemas) =>
  HttpApiEndpoint.get("listDashboardSkillPacks", "/growth/automations/skills")
    .setUrlParams(ListParams)
    .addSuccess(MarketplacePageJson)
    .addError(ValidationFailed)
    .annotate(OpenApi.Summary, "List the marketplace's skill packs")
    .annotate(OpenApi.Description, "As `GET /v1/automations/skills`.")

export const installDashboardSkillPack = ({ MarketplacePackJson }: MarketplaceSchemas) =>
  HttpApiEndpoint.post("installDashboardSkillPack", "/growth/automations/skills/install")
    .setPayload(InstallBody)
    .addSuccess(MarketplacePackJson)
    .addError(ValidationFailed)
    .addError(PackNotFound)
    .annotate(OpenApi.Summary, "Install a skill pack")
    .annotate(OpenApi.Description, `As \`POST /v1/automations/skills/install\`. ${ADMIN}`)

export const createDashboardWorkflowFromPack = HttpApiEndpoint.post(
  "createDashboardWorkflowFromPack",
  "/growth/automations/skills/:packId/workflow"
)
  .setPath(PackPath)
  .setPayload(WorkflowBody)
  .addSuccess(WorkflowJson)
  .addError(ValidationFailed)
  .addError(PackNotFound)
  .addError(PackNotInstalled)
  .addError(PackChanged)
  .annotate(OpenApi.Summary, "Make a workflow from an installed pack")
  .annotate(
    OpenApi.Description,
    `As \`POST /v1/automations/skills/{packId}/workflow\`: a 400 names \`parameters.<name>\` for each parameter missing, unknown or invalid. ${ADMIN}`
  )

export const getDashboardPolicy = HttpApiEndpoint.get("getDashboardPolicy", "/growth/automations/policies")
  .addSuccess(PolicyJson)
  .annotate(OpenApi.Summary, "Get the standing orders")
  .annotate(OpenApi.Description, "As `GET /v1/automations/policies`.")

export const putDashboardPolicy = HttpApiEndpoint.put("putDashboardPolicy", "/growth/automations/policies")
  .setPayload(PolicyBody)
  .addSuccess(PolicyJson)
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "Replace the standing orders")
  .annotate(OpenApi.Description, `As \`PUT /v1/automations/policies\`. ${ADMIN}`)

export const getDashboardModels = HttpApiEndpoint.get("getDashboardModels", "/growth/automations/models")
  .addSuccess(ModelChoiceJson)
  .annotate(OpenApi.Summary, "Get the model labels")
  .annotate(OpenApi.Description, "As `GET /v1/automations/models`.")

export const putDashboardModels = HttpApiEndpoint.put("putDashboardModels", "/growth/automations/models")
  .setPayload(ModelChoiceBody)
  .addSuccess(ModelChoiceJson)
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "Choose the model labels")
  .annotate(OpenApi.Description, `As \`PUT /v1/automations/models\`. ${ADMIN}`)

export const listDashboardToolProfiles = HttpApiEndpoint.get(
  "listDashboardToolProfiles",
  "/growth/automations/tool-profiles"
)
  .setUrlParams(PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE))
  .addSuccess(PageJson(ToolProfileJson, "ToolProfilePage"))
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "List tool profiles")
  .annotate(OpenApi.Description, "As `GET /v1/automations/tool-profiles`.")

export const putDashboardToolProfile = HttpApiEndpoint.post(
  "putDashboardToolProfile",
  "/growth/automations/tool-profiles"
)
  .setPayload(ToolProfileBody)
  .addSuccess(ToolProfileJson)
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "Create or replace a tool profile")
  .annotate(OpenApi.Description, `As \`POST /v1/automations/tool-profiles\`. ${ADMIN}`)

export const listDashboardMemory = HttpApiEndpoint.get("listDashboardMemory", "/growth/automations/memory")
  .setUrlParams(MemoryParams)
  .addSuccess(PageJson(MemoryEntryJson, "MemoryPage"))
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "Read memory")
  .annotate(
    OpenApi.Description,
    "As `GET /v1/automations/memory`: each entry returned is audited as a read by `user:<userId>`."
  )

export const putDashboardMemory = HttpApiEndpoint.put("putDashboardMemory", "/growth/automations/memory")
  .setPayload(MemoryBody)
  .addSuccess(MemoryEntryJson)
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "Write a memory entry")
  .annotate(
    OpenApi.Description,
    `As \`PUT /v1/automations/memory\`: audited as a write by \`user:<userId>\`. ${ADMIN}`
  )

export const listDashboardMemoryAudit = HttpApiEndpoint.get(
  "listDashboardMemoryAudit",
  "/growth/automations/memory/audit"
)
  .setUrlParams(MemoryAuditParams)
  .addSuccess(PageJson(MemoryAuditJson, "MemoryAuditPage"))
  .addError(ValidationFailed)
  .annotate(OpenApi.Summary, "Memory audit trail")
  .annotate(OpenApi.Description, "As `GET /v1/automations/memory/audit`.")

export const getDashboardSession = HttpApiEndpoint.get("getDashboardSession", "/growth/automations/sessions/:id")
  .setPath(Schema.Struct({ id: Uuid }))
  .setUrlParams(EntryParams)
  .addSuccess(SessionDetailJson)
  .addError(ValidationFailed)
  .addError(SessionNotFound)
  .annotate(OpenApi.Summary, "Get a session and its transcript")
  .annotate(
    OpenApi.Description,
    "As `GET /v1/automations/sessions/{id}`: messages, tool calls, their results and compaction summaries."
  )
