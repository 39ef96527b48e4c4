import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { Timestamp, UuidText, cappedList, withReason, withoutNul } from "../../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { ValidationFailed } from "../../platform/Errors.js"
import { DEFAULT_TOOL_PROFILE } from "./Governance.js"
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_PROFILE_ENTRIES, MAX_STANDING_ORDERS } from "./GovernanceService.js"
import { MAX_KEY_LENGTH, MAX_VALUE_BYTES } from "./MemoryService.js"
import { MAX_FAILOVER } from "./ModelService.js"

const Text = (max: number, what: string) =>
  withReason(withoutNul(Schema.String), `must be ${what}`).pipe(
    Schema.maxLength(max, { message: () => `must be at most ${max} characters` })
  )

export const PolicyJson = Schema.Struct({
  standingOrders: Schema.String,
  updatedAt: Schema.NullOr(Timestamp)
}).annotations({
  identifier: "Policy",
  description:
    "The account's standing orders: `{{policy}}` in step inputs, and the instructions AI steps follow. `updatedAt` is null until written."
})

export const PolicyBody = Schema.Struct({ standingOrders: Text(MAX_STANDING_ORDERS, "a string") })

export const ModelChoiceJson = Schema.Struct({
  primary: Schema.NullOr(Schema.String),
  failover: Schema.Array(Schema.String),
  updatedAt: Schema.NullOr(Timestamp),
  toolCalls: Schema.Record({ key: Schema.String, value: Schema.Literal("text", "native") }).annotations({
    description:
      "How each of those labels has agent steps call skills, as the operator configured it: `text`, by the `TOOL_CALL:`/`FINAL:` lines any model can write, or `native`, through the chat completions `tools` and `tool_calls` fields."
  })
}).annotations({
  identifier: "ModelChoice",
  description:
    "The model labels `ai.invoke` and agent steps ask: `primary` first, then each `failover` label in order. Before the account chooses, the platform's default (`updatedAt` null); `primary` is null when the platform has no language model."
})

export const ModelChoiceBody = Schema.Struct({
  primary: Text(200, "a model label"),
  failover: Schema.optional(
    withReason(Schema.Array(Text(200, "a model label")), "must be a list of model labels").pipe(
      Schema.maxItems(MAX_FAILOVER, { message: () => `must list at most ${MAX_FAILOVER} labels` })
    )
  )
})

const SkillList = cappedList(withoutNul(Schema.String), MAX_PROFILE_ENTRIES, "must be a list of skill ids", "skill ids")

export const ToolProfileJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  allow: Schema.Array(Schema.String),
  deny: Schema.Array(Schema.String),
  requireApprovalSkills: Schema.Array(Schema.String),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "ToolProfile",
  description: `Which skills runs may call. \`allow\` (when not empty) lists the only skills allowed, \`deny\` refuses skills; \`requireApprovalSkills\` makes a skill wait for an approval, and \`!skill\` lifts a default gate (system.run, browser.navigate and browser.evaluate wait by default). Skill and agent steps follow the profile they name as \`toolProfile\`, else the profile named \`${DEFAULT_TOOL_PROFILE}\` when there is one.`
})

export const ToolProfileBody = Schema.Struct({
  name: Text(100, "a profile name"),
  allow: Schema.optional(SkillList),
  deny: Schema.optional(SkillList),
  requireApprovalSkills: Schema.optional(SkillList)
})

export const MemoryEntryJson = Schema.Struct({
  id: UuidText,
  key: Schema.String,
  value: Schema.Unknown,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({ identifier: "MemoryEntry" })

export const MemoryAuditJson = Schema.Struct({
  id: UuidText,
  key: Schema.String,
  action: Schema.Literal("read", "write"),
  actor: Schema.String.annotations({
    description: "`key:<apiKeyId>` for an API caller, `user:<userId>` for a dashboard user, `run:<runId>` for a run's step."
  }),
  createdAt: Timestamp
}).annotations({ identifier: "MemoryAuditEntry" })

const Key = Text(MAX_KEY_LENGTH, "a string")

export const MemoryParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  key: Schema.optional(Key),
  prefix: Schema.optional(Key)
})

export const MemoryAuditParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  key: Schema.optional(Key)
})

export const MemoryBody = Schema.Struct({ key: Key, value: Schema.Unknown })

/** Standing orders, tool profiles and memory, over API keys with automations:manage. */
export class GovernanceApi extends HttpApiGroup.make("automationGovernance")
  .add(
    HttpApiEndpoint.get("getPolicy", "/automations/policies")
      .addSuccess(PolicyJson)
      .annotate(OpenApi.Summary, "Get the standing orders")
  )
  .add(
    HttpApiEndpoint.put("putPolicy", "/automations/policies")
      .setPayload(PolicyBody)
      .addSuccess(PolicyJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Replace the standing orders")
      .annotate(OpenApi.Description, `At most ${MAX_STANDING_ORDERS} characters; runs starting from now see them.`)
  )
  .add(
    HttpApiEndpoint.get("getModels", "/automations/models")
      .addSuccess(ModelChoiceJson)
      .annotate(OpenApi.Summary, "Get the model labels")
  )
  .add(
    HttpApiEndpoint.put("putModels", "/automations/models")
      .setPayload(ModelChoiceBody)
      .addSuccess(ModelChoiceJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Choose the model labels")
      .annotate(
        OpenApi.Description,
        `A primary label and at most ${MAX_FAILOVER} failover labels, none twice. When the operator configured a label map, each must be one of its labels; with a single provider, a label is the model name sent to it. A call moves on to the next label after a timeout, a network error, HTTP 401/403/404/408/409/425/429/5xx or a malformed answer, never after a context-length error. 400 when the platform has no language model.`
      )
  )
  .add(
    HttpApiEndpoint.get("listToolProfiles", "/automations/tool-profiles")
      .setUrlParams(PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE))
      .addSuccess(PageJson(ToolProfileJson, "ToolProfilePage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List tool profiles")
  )
  .add(
    HttpApiEndpoint.post("putToolProfile", "/automations/tool-profiles")
      .setPayload(ToolProfileBody)
      .addSuccess(ToolProfileJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Create or replace a tool profile")
      .annotate(
        OpenApi.Description,
        `Creates the profile with this name, or replaces the lists of the one that has it. Each list holds at most ${MAX_PROFILE_ENTRIES} known skill ids. A step whose skill its profile denies is refused with a 403 \`skill_denied\` when the workflow is written; a profile changed afterwards fails the step when the run reaches it.`
      )
  )
  .add(
    HttpApiEndpoint.get("listMemory", "/automations/memory")
      .setUrlParams(MemoryParams)
      .addSuccess(PageJson(MemoryEntryJson, "MemoryPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Read memory")
      .annotate(
        OpenApi.Description,
        "Entries newest first, those whose key starts with `prefix`, or the one with `key` (a page of one or none). Each entry returned is audited as a read."
      )
  )
  .add(
    HttpApiEndpoint.put("putMemory", "/automations/memory")
      .setPayload(MemoryBody)
      .addSuccess(MemoryEntryJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Write a memory entry")
      .annotate(
        OpenApi.Description,
        `Stores \`value\` (any JSON, at most ${MAX_VALUE_BYTES / 1024} KiB) under \`key\`, replacing what the key held; audited as a write.`
      )
  )
  .add(
    HttpApiEndpoint.get("listMemoryAudit", "/automations/memory/audit")
      .setUrlParams(MemoryAuditParams)
      .addSuccess(PageJson(MemoryAuditJson, "MemoryAuditPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Memory audit trail")
      .annotate(OpenApi.Description, "Every read and write of memory, newest first, optionally of one key.")
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations governance")
  .annotate(
    OpenApi.Description,
    "Standing orders, model labels, tool profiles and audited memory (API key, scope automations:manage)."
  ) {}
