import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Timestamp, Uuid, UuidText, withReason, withoutNul } from "../http/Schemas.js"
import { ApiKeyAuth, DashboardAuth, RequiredScope } from "../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { type CannedResponse, MAX_CANNED_NAME_LENGTH, MAX_CANNED_RESPONSES, SHORTCUT_RULE } from "./CannedResponses.js"
import { CannedResponseConflict, CannedResponseNotFound } from "./ChatErrors.js"
import { MAX_CONTENT_LENGTH } from "./ChatInputs.js"
import { FileJson, type FileLinker } from "./ChatFileLinks.js"
import { MAX_FILES_PER_CANNED_RESPONSE } from "./ChatFiles.js"

export const CannedResponseJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  shortcut: Schema.String,
  content: Schema.String,
  files: Schema.Array(FileJson),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "CannedResponse",
  description:
    "A reply the team keeps ready: agents type `/` and its `shortcut` to insert `content`, which they may edit before sending, with its library `files` (sent as the reply's `fileIds`). Show every text as text, never as HTML."
})

const CannedResponseListJson = Schema.Struct({ data: Schema.Array(CannedResponseJson) }).annotations({
  identifier: "CannedResponseList"
})

const Text = (reason: string) => withReason(withoutNul(Schema.String), reason)
const fields = {
  name: Text(`must be a name of 1 to ${MAX_CANNED_NAME_LENGTH} characters`),
  shortcut: Text(`must be ${SHORTCUT_RULE}`),
  content: Text(`must be text of 1 to ${MAX_CONTENT_LENGTH} characters`),
  fileIds: Schema.optional(
    Schema.Array(UuidText).annotations({
      description: `Library files (\`POST /v1/chat/files\`) sent with it, at most ${MAX_FILES_PER_CANNED_RESPONSE}; on a change, the whole list.`
    })
  )
}
const CannedResponseBody = Schema.Struct(fields).annotations({ identifier: "CannedResponseInput" })
const CannedResponseChange = Schema.Struct({
  name: Schema.optional(fields.name),
  shortcut: Schema.optional(fields.shortcut),
  content: Schema.optional(fields.content),
  fileIds: fields.fileIds
}).annotations({ identifier: "CannedResponseChange" })

export const cannedResponseJson = (response: CannedResponse, link: FileLinker): typeof CannedResponseJson.Type => ({
  id: response.id,
  name: response.name,
  shortcut: response.shortcut,
  content: response.content,
  files: response.files.map((file) => link(response.tenantId, file)),
  createdAt: response.createdAt,
  updatedAt: response.updatedAt
})

const LIST = `The account's canned responses, by shortcut: the whole library, at most ${MAX_CANNED_RESPONSES}.`
const CREATE = `Shortcuts are unique in the account (409 \`shortcut_taken\`); an account keeps at most ${MAX_CANNED_RESPONSES} (409 \`canned_response_limit_reached\`).`

const CannedPath = Schema.Struct({ id: Uuid })
const TenantPath = Schema.Struct({ tenantId: Uuid })
const TenantCannedPath = Schema.Struct({ tenantId: Uuid, id: Uuid })

/** The library over API keys: read with chat:read, changed with chat:write. */
export class CannedResponsesApi extends HttpApiGroup.make("chatCannedResponses")
  .add(
    HttpApiEndpoint.get("listCannedResponses", "/chat/canned-responses")
      .addSuccess(CannedResponseListJson)
      .annotate(OpenApi.Summary, "List canned responses")
      .annotate(OpenApi.Description, LIST)
  )
  .add(
    HttpApiEndpoint.post("createCannedResponse", "/chat/canned-responses")
      .setPayload(CannedResponseBody)
      .addSuccess(CannedResponseJson)
      .addError(ValidationFailed)
      .addError(CannedResponseConflict)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Add a canned response")
      .annotate(OpenApi.Description, CREATE)
  )
  .add(
    HttpApiEndpoint.patch("updateCannedResponse", "/chat/canned-responses/:id")
      .setPath(CannedPath)
      .setPayload(CannedResponseChange)
      .addSuccess(CannedResponseJson)
      .addError(ValidationFailed)
      .addError(CannedResponseNotFound)
      .addError(CannedResponseConflict)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Change a canned response")
      .annotate(OpenApi.Description, `The fields given change. ${CREATE}`)
  )
  .add(
    HttpApiEndpoint.del("removeCannedResponse", "/chat/canned-responses/:id")
      .setPath(CannedPath)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(CannedResponseNotFound)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Remove a canned response")
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "chat:read")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Live Chat canned responses")
  .annotate(OpenApi.Description, "The account's library of canned responses (API key, scopes chat:read, chat:write).") {}

/** The library in the tenant's dashboard: every agent reads it, admins change it. */
export class CannedResponsesDashboardApi extends HttpApiGroup.make("chatCannedResponsesDashboard")
  .add(
    HttpApiEndpoint.get("listAgentCannedResponses", "/tenants/:tenantId/chat/canned-responses")
      .setPath(TenantPath)
      .addSuccess(CannedResponseListJson)
      .annotate(OpenApi.Summary, "List canned responses")
      .annotate(OpenApi.Description, LIST)
  )
  .add(
    HttpApiEndpoint.post("createAgentCannedResponse", "/tenants/:tenantId/chat/canned-responses")
      .setPath(TenantPath)
      .setPayload(CannedResponseBody)
      .addSuccess(CannedResponseJson)
      .addError(ValidationFailed)
      .addError(CannedResponseConflict)
      .annotate(OpenApi.Summary, "Add a canned response")
      .annotate(OpenApi.Description, `Admins only. ${CREATE}`)
  )
  .add(
    HttpApiEndpoint.patch("updateAgentCannedResponse", "/tenants/:tenantId/chat/canned-responses/:id")
      .setPath(TenantCannedPath)
      .setPayload(CannedResponseChange)
      .addSuccess(CannedResponseJson)
      .addError(ValidationFailed)
      .addError(CannedResponseNotFound)
      .addError(CannedResponseConflict)
      .annotate(OpenApi.Summary, "Change a canned response")
      .annotate(OpenApi.Description, `Admins only; the fields given change. ${CREATE}`)
  )
  .add(
    HttpApiEndpoint.del("removeAgentCannedResponse", "/tenants/:tenantId/chat/canned-responses/:id")
      .setPath(TenantCannedPath)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(CannedResponseNotFound)
      .annotate(OpenApi.Summary, "Remove a canned response")
      .annotate(OpenApi.Description, "Admins only.")
  )
  .addError(PermissionDenied)
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Live Chat canned responses (agents)")
  .annotate(
    OpenApi.Description,
    "The account's library of canned responses for its agents (dashboard token of the path's tenant; changes need an admin)."
  ) {}
