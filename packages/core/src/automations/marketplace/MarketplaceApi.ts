import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  Integer,
  JsonObject,
  JsonObjectInput,
  PageLimit,
  Timestamp,
  withReason,
  withoutNul
} from "../../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../../platform/Errors.js"
import type { CatalogSchemas } from "../../platform/Products.js"
import { WorkflowJson, WorkflowName } from "../workflows/AutomationsApi.js"
import { PackChanged, PackNotFound, PackNotInstalled, PackVersionExists } from "../AutomationsErrors.js"
import { PACK_ID, VERSION } from "./Pack.js"
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./MarketplaceService.js"

const PackId = withReason(Schema.String.pipe(Schema.pattern(PACK_ID)), "must be a pack id such as acme.chat-followup")
const Version = withReason(Schema.String.pipe(Schema.pattern(VERSION)), "must be a version such as 1.0.0")
const Text = (max: number) =>
  withReason(withoutNul(Schema.String), `must be a string of at most ${max} characters`).pipe(
    Schema.maxLength(max, { message: () => `must be at most ${max} characters` })
  )

/** The marketplace's answers for a catalog: a pack's `requires` names the catalog's products. */
export const marketplaceSchemas = ({ Product }: CatalogSchemas) => {
  const MarketplacePackJson = Schema.Struct({
    packId: Schema.String,
    version: Schema.String.annotations({ description: "The latest version." }),
    versions: Schema.Array(Schema.String).annotations({ description: "Every version, newest first." }),
    name: Schema.String,
    description: Schema.NullOr(Schema.String),
    source: Schema.Literal("builtin", "account"),
    digest: Schema.String.annotations({ description: "SHA-256 of the latest version's content (canonical JSON)." }),
    skills: Schema.Array(Schema.String),
    requires: Schema.Array(Product).annotations({ description: "Products its skills need besides automations." }),
    approvals: Schema.Array(Schema.String).annotations({
      description: "Its skills that wait for an approval by default (a tool profile may change that)."
    }),
    parameters: JsonObject.annotations({ description: "Each parameter's schema, by name." }),
    templates: Schema.Array(Schema.Struct({ key: Schema.String, name: Schema.String, triggerType: Schema.String })),
    publishedAt: Schema.NullOr(Timestamp),
    installed: Schema.NullOr(
      Schema.Struct({ version: Schema.String, digest: Schema.String, installedAt: Timestamp, updatedAt: Timestamp })
    ).annotations({ description: "The account's installation, pinned to a version's content digest; null when none." })
  }).annotations({ identifier: "SkillPack" })

  const MarketplacePageJson = Schema.Struct({
    data: Schema.Array(MarketplacePackJson),
    meta: Schema.Struct({ limit: Integer, nextCursor: Schema.NullOr(Schema.String) })
  }).annotations({ identifier: "SkillPackPage" })

  const SdkJson = Schema.Struct({
    skills: Schema.Array(
      Schema.Struct({
        id: Schema.String,
        description: Schema.String,
        requires: Schema.Array(Product),
        approval: Schema.Boolean,
        inputSchema: Schema.Unknown
      })
    ),
    packFormat: Schema.Unknown.annotations({ description: "The pack format as JSON Schema." }),
    variables: Schema.Array(Schema.String),
    limits: Schema.Record({ key: Schema.String, value: Integer })
  }).annotations({ identifier: "SkillSdk" })
  return { MarketplacePackJson, MarketplacePageJson, SdkJson }
}

export type MarketplaceSchemas = ReturnType<typeof marketplaceSchemas>

export const ListParams = Schema.Struct({
  limit: Schema.optional(PageLimit(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)),
  cursor: Schema.optional(PackId.annotations({ description: "The previous page's `meta.nextCursor`." })),
  q: Schema.optional(Text(200).annotations({ description: "Words found in the pack's id, name or description." })),
  skill: Schema.optional(Text(200).annotations({ description: "Packs whose templates call this skill." })),
  source: Schema.optional(withReason(Schema.Literal("builtin", "account"), "must be builtin or account")),
  installed: Schema.optional(
    withReason(
      Schema.transform(Schema.Literal("true", "false"), Schema.Boolean, {
        strict: true,
        decode: (text) => text === "true",
        encode: (flag) => (flag ? "true" : "false")
      }),
      "must be true or false"
    )
  )
})

export const InstallBody = Schema.Struct({ packId: PackId, version: Schema.optional(Version) })

export const WorkflowBody = Schema.Struct({
  template: Schema.optional(Text(50)),
  name: Schema.optional(WorkflowName),
  active: Schema.optional(withReason(Schema.Boolean, "must be true or false")),
  parameters: Schema.optional(JsonObjectInput)
})

/** The skill marketplace and the skills SDK over API keys with automations:manage. */
export const marketplaceApi = ({ MarketplacePackJson, MarketplacePageJson, SdkJson }: MarketplaceSchemas) =>
  HttpApiGroup.make("automationSkills")
    .add(
      HttpApiEndpoint.get("listSkillPacks", "/automations/skills")
        .setUrlParams(ListParams)
        .addSuccess(MarketplacePageJson)
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List the marketplace's skill packs")
        .annotate(
          OpenApi.Description,
          `The platform's packs and the account's own, by pack id. Filters: \`q\`, \`skill\`, \`source\`, \`installed\`. Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`
        )
    )
    .add(
      HttpApiEndpoint.post("installSkillPack", "/automations/skills/install")
        .setPayload(InstallBody)
        .addSuccess(MarketplacePackJson)
        .addError(ValidationFailed)
        .addError(PackNotFound)
        .annotate(OpenApi.Summary, "Install a skill pack")
        .annotate(
          OpenApi.Description,
          "Installs a version (the latest by default), pinned to its content digest. Installing the same version again changes nothing; another version moves the pin."
        )
    )
    .add(
      HttpApiEndpoint.post("createWorkflowFromPack", "/automations/skills/:packId/workflow")
        .setPath(Schema.Struct({ packId: PackId }))
        .setPayload(WorkflowBody)
        .addSuccess(WorkflowJson)
        .addError(ValidationFailed)
        .addError(PermissionDenied)
        .addError(PackNotFound)
        .addError(PackNotInstalled)
        .addError(PackChanged)
        .annotate(OpenApi.Summary, "Make a workflow from an installed pack")
        .annotate(
          OpenApi.Description,
          "Fills the template's `{{params.<name>}}` with `parameters` (400 naming `parameters.<name>` when one is missing, unknown or invalid; defaults fill the rest) and creates an ordinary workflow, checked as any other: 403 `product_not_entitled` when a skill needs a product the account lacks. `template` names one of the pack's templates (needed when it has several); `name` defaults to the template's."
        )
    )
    .add(
      HttpApiEndpoint.get("getSkillSdk", "/automations/skills/sdk")
        .addSuccess(SdkJson)
        .annotate(OpenApi.Summary, "The skills a pack may use, and the pack format")
        .annotate(
          OpenApi.Description,
          "Every skill a pack may call on this platform, with its input as JSON Schema, the products it needs and whether it waits for an approval by default; the pack format as JSON Schema; the variables a template may use; the limits."
        )
    )
    .add(
      HttpApiEndpoint.post("publishSkillPack", "/automations/skills/sdk")
        .setPayload(
          JsonObjectInput.annotations({ description: "A pack in the format GET /automations/skills/sdk gives." })
        )
        .addSuccess(MarketplacePackJson)
        .addError(ValidationFailed)
        .addError(PackVersionExists)
        .annotate(OpenApi.Summary, "Validate and publish a skill pack")
        .annotate(
          OpenApi.Description,
          "A pack is data: workflow templates over the platform's skills and typed parameters, nothing to execute. Checked whole (size, format without unknown keys, parameter schemas, placeholders limited to parameters and run variables, every template as a workflow): a 400 lists each problem with its path. Publishing a version again with the same content changes nothing; with other content it is a 409 `pack_version_exists`."
        )
    )
    .middleware(ApiKeyAuth)
    .annotate(RequiredScope, "automations:manage")
    .prefix("/v1")
    .annotate(OpenApi.Title, "Automations skill marketplace")
    .annotate(
      OpenApi.Description,
      "Declarative skill packs: browse, install, publish, and make workflows from them (API key, scope automations:manage)."
    )
