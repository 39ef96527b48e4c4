import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Context, Schema } from "effect"
import { Integer, Timestamp, Uuid, withReason } from "../http/Schemas.js"
import { ApiKeyOrDashboardAuth, PlatformAdminAuth, PlatformAdminRoutes, RequiredScope } from "../http/Security.js"
import { MAX_RETENTION_DAYS, RETENTION_KIND } from "../module/Retention.js"
import { PermissionDenied, TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import { RetentionKindNotFound } from "./RetentionErrors.js"

export const RETENTION_SCOPE = "retention:manage"

const Days = Schema.NullOr(Integer)

export const RetentionPeriodJson = Schema.Struct({
  kind: Schema.String.annotations({ description: "The kind of data, `module.data`, e.g. `webhooks.deliveries`." }),
  description: Schema.String.annotations({ description: "What is kept, and from when its days count." }),
  product: Schema.NullOr(Schema.String).annotations({ description: "The product it belongs to; null: the account's own." }),
  defaultDays: Days.annotations({ description: "ServiceKit's default; null: kept until a period is set." }),
  minimumDays: Integer.annotations({
    description: "The fewest days it may be kept, where a readout reads that far back (1 for most kinds)."
  }),
  platformDays: Days.annotations({
    description: "The platform's period (its setting, else the default); null: the platform keeps it."
  }),
  tenantDays: Days.annotations({ description: "The account's own period; null: it follows the platform's." }),
  days: Days.annotations({
    description: "What is pruned after, in days: the shorter of the platform's and the account's; null: kept."
  }),
  updatedAt: Schema.NullOr(Timestamp).annotations({ description: "When the account last set its period; null: never." })
}).annotations({ identifier: "RetentionPeriod" })

const Kind = withReason(
  Schema.String.pipe(Schema.maxLength(100), Schema.pattern(RETENTION_KIND)),
  "must be a kind such as webhooks.deliveries"
)
const KindPath = Schema.Struct({ kind: Kind })

const ChooseBody = Schema.Struct({
  days: withReason(
    Schema.NullOr(Integer.pipe(Schema.between(1, MAX_RETENTION_DAYS))),
    `must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or null`
  ).annotations({ description: "Days to keep the data after it last changed; null: the platform's period again." })
})

const RetentionPeriods = Schema.Struct({ data: Schema.Array(RetentionPeriodJson) }).annotations({ identifier: "RetentionPeriods" })

/** How long the account's data is kept: by an API key with retention:manage or a dashboard token (admins change it). */
export class RetentionApi extends HttpApiGroup.make("retention")
  .add(
    HttpApiEndpoint.get("listRetention", "/retention")
      .addSuccess(RetentionPeriods)
      .annotate(OpenApi.Summary, "List retention periods")
      .annotate(
        OpenApi.Description,
        "Each kind of data the account's products keep for a period, with ServiceKit's default, the platform's period and the account's own. Data is pruned, in the background within the hour, once it is `days` old."
      )
  )
  .add(
    HttpApiEndpoint.put("setRetention", "/retention/:kind")
      .setPath(KindPath)
      .setPayload(ChooseBody)
      .addSuccess(RetentionPeriodJson)
      .addError(ValidationFailed)
      .addError(RetentionKindNotFound)
      .annotate(OpenApi.Summary, "Set a retention period")
      .annotate(
        OpenApi.Description,
        "Sets how many days the account keeps a kind of data, or with `days: null` follows the platform's period again. An account may keep less than the platform does, never more (400 naming the platform's days), and no less than the kind's `minimumDays`; where the platform keeps a kind, any period from that minimum. What is older than the new period is pruned at the next hourly sweep, and cannot be recovered."
      )
  )
  .addError(PermissionDenied)
  .middleware(ApiKeyOrDashboardAuth)
  .annotate(RequiredScope, RETENTION_SCOPE)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Retention")
  .annotate(
    OpenApi.Description,
    "How long the account's data is kept before it is pruned, kind by kind, within the platform's periods (API key with retention:manage, or a dashboard token; changes need a tenant admin)."
  ) {}

/** A tenant's periods as the platform admin reads and sets them (the admin token), for support and plans. */
export class RetentionAdminApi extends HttpApiGroup.make("retentionAdmin")
  .add(
    HttpApiEndpoint.get("getTenantRetention", "/admin/tenants/:tenantId/retention")
      .setPath(Schema.Struct({ tenantId: Uuid }))
      .addSuccess(RetentionPeriods)
      .addError(TenantNotFound)
      .annotate(OpenApi.Summary, "List a tenant's retention periods")
      .annotate(OpenApi.Description, "What `GET /v1/retention` answers the tenant: each kind its products keep, with every period.")
  )
  .add(
    HttpApiEndpoint.put("setTenantRetention", "/admin/tenants/:tenantId/retention/:kind")
      .setPath(Schema.Struct({ tenantId: Uuid, kind: Kind }))
      .setPayload(ChooseBody)
      .addSuccess(RetentionPeriodJson)
      .addError(ValidationFailed)
      .addError(TenantNotFound)
      .addError(RetentionKindNotFound)
      .annotate(OpenApi.Summary, "Set a tenant's retention period")
      .annotate(
        OpenApi.Description,
        "Sets the tenant's own period for a kind as the tenant would (`PUT /v1/retention/{kind}`), within the platform's period and from the kind's minimum; `days: null` follows the platform's period again."
      )
  )
  .middleware(PlatformAdminAuth)
  .annotateContext(Context.make(PlatformAdminRoutes, true))
  .annotate(OpenApi.Title, "Retention administration")
  .annotate(
    OpenApi.Description,
    "Each tenant's retention periods, read and set by the platform (the platform admin token, SERVICEKIT_ADMIN_TOKEN; these routes exist only while it is set)."
  ) {}
