import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Context, Schema } from "effect"
import { Integer, Timestamp, Uuid, UuidText, withReason } from "../http/Schemas.js"
import { ApiKeyOrDashboardAuth, PlatformAdminAuth, PlatformAdminRoutes, RequiredScope } from "../http/Security.js"
import { PermissionDenied, TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import { REPUTATION_STATUSES } from "./Reputation.js"
import { ReputationFigures } from "./ReputationEvents.js"

export const REPUTATION_SCOPE = "reputation:read"

const Rates = Schema.Struct({
  warning: Schema.Number.annotations({ description: "Past this fraction the account is warned (`sending.warning`)." }),
  pause: Schema.Number.annotations({ description: "Past this fraction its sending is paused (`sending.paused`)." })
})

export const ReputationJson = Schema.Struct({
  status: Schema.Literal(...REPUTATION_STATUSES).annotations({
    description:
      "good; warning: a rate passed the warning threshold (mail goes on); paused: a rate passed the pause threshold: until the platform resumes it, sends are refused (403 `sending_paused`) and queued mail fails for good instead of leaving."
  }),
  cause: Schema.NullOr(Schema.Literal("bounces", "complaints")).annotations({
    description: "The rate that put the account out of good standing; null in good standing."
  }),
  since: Schema.NullOr(Timestamp).annotations({ description: "Since when it stands so; null in good standing." }),
  ...ReputationFigures,
  thresholds: Schema.Struct({
    bounceRate: Rates,
    complaintRate: Rates,
    minimumSends: Integer.annotations({ description: "Fewer messages sent in the window are not judged." })
  })
}).annotations({ identifier: "SendingReputation" })

/** A tenant's own sending reputation: by an API key with reputation:read or a dashboard token. */
export class ReputationApi extends HttpApiGroup.make("reputation")
  .add(
    HttpApiEndpoint.get("getReputation", "/transactional/reputation")
      .addSuccess(ReputationJson)
      .annotate(OpenApi.Summary, "The account's sending reputation")
      .annotate(
        OpenApi.Description,
        "Hard bounces and spam complaints per message sent over a rolling window, and where they stand against the platform's thresholds. Test-mode mail does not count. A warning or a pause is also sent as the `sending.warning` and `sending.paused` events."
      )
  )
  .addError(PermissionDenied)
  .middleware(ApiKeyOrDashboardAuth)
  .annotate(RequiredScope, REPUTATION_SCOPE)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Sending reputation")
  .annotate(
    OpenApi.Description,
    "How the account's mail is received: bounce and complaint rates, and whether its sending is paused (API key with reputation:read, or a dashboard token)."
  ) {}

const TenantReputationJson = Schema.Struct({ tenantId: UuidText, ...ReputationJson.fields }).annotations({
  identifier: "TenantSendingReputation"
})

const TenantPath = Schema.Struct({ tenantId: Uuid })

/** The platform admin's side: which tenants are warned or paused, and resuming one. */
export class ReputationAdminApi extends HttpApiGroup.make("reputationAdmin")
  .add(
    HttpApiEndpoint.get("listReputations", "/admin/mail-reputation")
      .setUrlParams(
        Schema.Struct({
          status: Schema.optional(withReason(Schema.Literal("warning", "paused"), "must be warning or paused"))
        })
      )
      .addSuccess(Schema.Struct({ data: Schema.Array(TenantReputationJson) }))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Tenants out of good standing")
      .annotate(OpenApi.Description, "Tenants warned or paused (`status` narrows), most recent first, at most 1,000.")
  )
  .add(
    HttpApiEndpoint.get("getTenantReputation", "/admin/tenants/:tenantId/mail-reputation")
      .setPath(TenantPath)
      .addSuccess(TenantReputationJson)
      .addError(ValidationFailed)
      .addError(TenantNotFound)
      .annotate(OpenApi.Summary, "A tenant's sending reputation")
  )
  .add(
    HttpApiEndpoint.post("resumeTenantSending", "/admin/tenants/:tenantId/mail-reputation/resume")
      .setPath(TenantPath)
      .addSuccess(TenantReputationJson)
      .addError(ValidationFailed)
      .addError(TenantNotFound)
      .annotate(OpenApi.Summary, "Resume a tenant's paused sending")
      .annotate(
        OpenApi.Description,
        "Its mail is sent again and its rates start again from nothing (`sending.resumed` to its endpoints). A tenant not paused is answered as it stands, unchanged."
      )
  )
  .middleware(PlatformAdminAuth)
  .annotateContext(Context.make(PlatformAdminRoutes, true))
  .annotate(OpenApi.Title, "Sending reputation (platform)")
  .annotate(
    OpenApi.Description,
    "Tenants whose bounce or complaint rate passed the platform's thresholds, and resuming their sending (platform admin token)."
  ) {}
