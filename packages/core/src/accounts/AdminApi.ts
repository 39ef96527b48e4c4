import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Context, Schema } from "effect"
import { Integer, Timestamp, Uuid, UuidText, cappedList, withReason } from "../http/Schemas.js"
import { PlatformAdminAuth, PlatformAdminRoutes } from "../http/Security.js"
import { DashboardRole } from "../platform/DashboardAuth.js"
import { ApiKeyNotFound, TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import type { CatalogSchemas } from "../platform/Products.js"
import { MAX_RUNNING_RUNS, MAX_WEIGHT } from "../platform/Tenants.js"
import { MAX_SUSPENSION_REASON } from "../platform/TenantService.js"
import { TenantBeingDeleted, TenantDeletionNotFound } from "./AccountsErrors.js"
import type { KeySchemas } from "./DevelopersApi.js"

/** More than every product, so that a list naming each once always fits. */
const MAX_ENTITLEMENTS = 20

/** A tenant's share of background work (see platform/Tenants.ts). */
const Weight = withReason(
  Integer.pipe(Schema.between(1, MAX_WEIGHT)),
  `must be a whole number from 1 to ${MAX_WEIGHT}`
)

/** A tenant's cap on its running runs, or null for the platform's default. */
const MaxRunningRuns = withReason(
  Schema.NullOr(Integer.pipe(Schema.between(1, MAX_RUNNING_RUNS))),
  `must be a whole number from 1 to ${MAX_RUNNING_RUNS}, or null`
)

/** A tenant and the bodies that set its entitlements, naming the catalog's products. */
const tenantSchemas = ({ catalog, Product }: CatalogSchemas) => {
  const Entitlements = cappedList(
    Product,
    // Room for every product of a kit with more than the built-in ones.
    Math.max(MAX_ENTITLEMENTS, catalog.products.length),
    `must be an array of products: ${catalog.products.join(", ")}`,
    "products"
  )
  return {
    TenantJson: Schema.Struct({
      id: UuidText,
      name: Schema.String,
      entitlements: Schema.Array(Product),
      weight: Integer.annotations({
        description:
          "The tenant's share of background work, 1 to 100: a tenant of weight 3 takes three jobs for each one of a weight-1 tenant's while both have work."
      }),
      maxRunningRuns: Schema.NullOr(Integer).annotations({
        description:
          "How many of the tenant's runs may run at once, across every worker; null for the platform's default (SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT). Runs beyond it stay queued until one ends."
      }),
      suspension: Schema.NullOr(
        Schema.Struct({ at: Timestamp, reason: Schema.NullOr(Schema.String) }).annotations({
          identifier: "TenantSuspension"
        })
      ).annotations({
        description:
          "Set while the platform has the tenant suspended (POST .../suspend): every credential of the tenant gets 403 tenant_suspended and none of its background work starts. Null in good standing."
      }),
      createdAt: Timestamp
    }).annotations({ identifier: "Tenant" }),
    CreateTenantBody: Schema.Struct({
      name: withReason(Schema.String, "must be a string"),
      entitlements: Schema.optional(Entitlements),
      weight: Schema.optional(Weight),
      maxRunningRuns: Schema.optional(MaxRunningRuns)
    }),
    UpdateTenantBody: Schema.Struct({
      name: Schema.optional(withReason(Schema.String, "must be a string")),
      entitlements: Schema.optional(Entitlements),
      weight: Schema.optional(Weight),
      maxRunningRuns: Schema.optional(MaxRunningRuns)
    })
  }
}

const IssueTokenBody = Schema.Struct({
  sub: withReason(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)), "must be 1 to 200 characters"),
  role: withReason(DashboardRole, "must be admin or member"),
  // Twelve hours when left out; at most thirty days.
  expiresInSeconds: Schema.optional(
    withReason(Integer.pipe(Schema.between(60, 2_592_000)), "must be a whole number of seconds from 60 to 2592000")
  )
})

const IssuedToken = Schema.Struct({
  token: Schema.String.annotations({ description: "A dashboard token for the tenant's user. Shown once." }),
  expiresAt: Timestamp
}).annotations({ identifier: "IssuedDashboardToken" })

const TenantPath = Schema.Struct({ tenantId: Uuid })

const SuspendBody = Schema.Struct({
  reason: Schema.optional(
    withReason(
      Schema.NullOr(Schema.String.pipe(Schema.maxLength(MAX_SUSPENSION_REASON))),
      `must be a string of at most ${MAX_SUSPENSION_REASON} characters, or null`
    ).annotations({ description: "Why, for the platform's own records (an unpaid invoice, abuse): shown to no tenant." })
  )
})

const TenantDeletionJson = Schema.Struct({
  tenantId: UuidText,
  status: Schema.Literal("deleting", "deleted").annotations({
    description: "deleting: suspended, its rows going in the background; deleted: nothing of it is left."
  }),
  requestedAt: Timestamp,
  finishedAt: Schema.NullOr(Timestamp),
  deleted: Schema.Record({ key: Schema.String, value: Integer }).annotations({
    description: "Rows deleted so far, by kind (a table of the storage, e.g. chat_messages); kinds of which none was held are left out."
  })
}).annotations({ identifier: "TenantDeletion" })

/** The platform admin's routes, naming the catalog's products, with the key schemas the developers routes use. */
export const adminApi = (products: CatalogSchemas, { ApiKeyJson, CreateApiKeyBody, CreatedApiKeyJson }: KeySchemas) => {
  const { TenantJson, CreateTenantBody, UpdateTenantBody } = tenantSchemas(products)
  return HttpApiGroup.make("platformAdmin")
    .add(
      HttpApiEndpoint.post("createTenant", "/admin/tenants")
        .setPayload(CreateTenantBody)
        .addSuccess(TenantJson)
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "Create a tenant")
    )
    .add(
      HttpApiEndpoint.get("listTenants", "/admin/tenants")
        .addSuccess(Schema.Struct({ data: Schema.Array(TenantJson) }))
        .annotate(OpenApi.Summary, "List every tenant, oldest first")
    )
    .add(
      HttpApiEndpoint.get("getTenant", "/admin/tenants/:tenantId")
        .setPath(TenantPath)
        .addSuccess(TenantJson)
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "Get a tenant")
    )
    .add(
      HttpApiEndpoint.patch("updateTenant", "/admin/tenants/:tenantId")
        .setPath(TenantPath)
        .setPayload(UpdateTenantBody)
        .addSuccess(TenantJson)
        .addError(ValidationFailed)
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "Rename a tenant, replace its entitlements, or set its weight or its cap on running runs")
    )
    .add(
      HttpApiEndpoint.post("suspendTenant", "/admin/tenants/:tenantId/suspend")
        .setPath(TenantPath)
        .setPayload(SuspendBody)
        .addSuccess(TenantJson)
        .addError(ValidationFailed)
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "Suspend a tenant")
        .annotate(
          OpenApi.Description,
          "Every key, dashboard token, chat link, node device and hook token of the tenant gets 403 tenant_suspended, and none of its runs, sends, deliveries or node commands starts; nothing is lost. At once in the process that answers, within ten seconds in every other. A suspended tenant stays as it is."
        )
    )
    .add(
      HttpApiEndpoint.post("resumeTenant", "/admin/tenants/:tenantId/resume")
        .setPath(TenantPath)
        .addSuccess(TenantJson)
        .addError(TenantNotFound)
        .addError(TenantBeingDeleted)
        .annotate(OpenApi.Summary, "Resume a suspended tenant")
        .annotate(
          OpenApi.Description,
          "Its credentials work again and its background work carries on where it stood. A tenant in good standing stays as it is."
        )
    )
    .add(
      HttpApiEndpoint.del("deleteTenant", "/admin/tenants/:tenantId")
        .setPath(TenantPath)
        .addSuccess(TenantDeletionJson)
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "Delete a tenant and everything it holds, irreversibly")
        .annotate(
          OpenApi.Description,
          "Irreversible. The tenant is suspended at once (403 tenant_suspended, then tenant_deleted once gone) and cannot be resumed; every row of it in every module's storage, its queued jobs included, is deleted in the background, in batches that never hold up another tenant's work; its own record goes last. Answers how the deletion stands; asked again, the same deletion. Follow it with GET .../deletion."
        )
    )
    .add(
      HttpApiEndpoint.get("getTenantDeletion", "/admin/tenants/:tenantId/deletion")
        .setPath(TenantPath)
        .addSuccess(TenantDeletionJson)
        .addError(TenantDeletionNotFound)
        .annotate(OpenApi.Summary, "How a tenant's deletion stands, with what it deleted")
        .annotate(OpenApi.Description, "Kept after the tenant is gone: the platform's record of what was deleted, and when.")
    )
    .add(
      HttpApiEndpoint.get("exportTenant", "/admin/tenants/:tenantId/export")
        .setPath(TenantPath)
        .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/gzip" }))
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "Export everything a tenant holds as one archive")
        .annotate(
          OpenApi.Description,
          "A gzip-compressed tar, streamed as it is read, that any system unpacks: README.txt, manifest.json (the format, the tenant), records/KIND/N.jsonl (every row of every table of the tenant, one JSON object a line), files/ (its stored files) and, last, complete.json (the counts): an archive without complete.json was cut short. Rows are read page by page while the tenant works on; suspend it first for an archive no write lands in the middle of."
        )
    )
    .add(
      HttpApiEndpoint.get("listTenantApiKeys", "/admin/tenants/:tenantId/api-keys")
        .setPath(TenantPath)
        .addSuccess(Schema.Struct({ data: Schema.Array(ApiKeyJson) }))
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "List a tenant's API keys")
    )
    .add(
      HttpApiEndpoint.post("createTenantApiKey", "/admin/tenants/:tenantId/api-keys")
        .setPath(TenantPath)
        .setPayload(CreateApiKeyBody)
        .addSuccess(CreatedApiKeyJson)
        .addError(ValidationFailed)
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "Create an API key for a tenant")
    )
    .add(
      HttpApiEndpoint.del("revokeTenantApiKey", "/admin/tenants/:tenantId/api-keys/:id")
        .setPath(Schema.Struct({ tenantId: Uuid, id: Uuid }))
        .addSuccess(ApiKeyJson)
        .addError(ApiKeyNotFound)
        .annotate(OpenApi.Summary, "Revoke a tenant's API key")
    )
    .add(
      HttpApiEndpoint.post("issueDashboardToken", "/admin/tenants/:tenantId/dashboard-tokens")
        .setPath(TenantPath)
        .setPayload(IssueTokenBody)
        .addSuccess(IssuedToken)
        .addError(ValidationFailed)
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "Mint a dashboard token for a tenant's user")
    )
    .middleware(PlatformAdminAuth)
    .annotateContext(Context.make(PlatformAdminRoutes, true))
    .annotate(OpenApi.Title, "Platform administration")
    .annotate(
      OpenApi.Description,
      "Tenants, their entitlements and keys, across the platform. The platform admin token (SERVICEKIT_ADMIN_TOKEN); these routes exist only while it is set."
    )
}
