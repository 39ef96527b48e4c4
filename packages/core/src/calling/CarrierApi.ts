import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Context, Schema } from "effect"
import { Timestamp, Uuid, UuidText, withReason } from "../http/Schemas.js"
import { PlatformAdminAuth, PlatformAdminRoutes } from "../http/Security.js"
import { TenantNotFound, Unauthenticated, ValidationFailed } from "../platform/Errors.js"
import { CarrierReportsOff, HostedNumberNotFound, HostedNumberTaken, UnknownCarrierNumber } from "./CallingErrors.js"
import { HOSTED_NUMBER } from "./HostedNumbers.js"
import { TWILIO_SIGNATURE_HEADER } from "./TwilioCallStatus.js"

/** Where Twilio posts its call status callbacks, under the mount path. */
export const TWILIO_CALLS_PATH = "/carriers/twilio/calls"

const TwilioForm = HttpApiSchema.withEncoding(
  Schema.Record({ key: Schema.String, value: Schema.String }),
  { kind: "UrlParams" }
).annotations({ description: "Twilio's call status callback fields, form-encoded, as Twilio sends them (each once)." })

export const CarrierReportJson = Schema.Struct({
  recorded: Schema.Boolean.annotations({
    description: "true when the report ended a call (it is in the tenant's call log); false for a step before the end."
  }),
  callId: Schema.NullOr(UuidText).annotations({ description: "The call record's id, when recorded." })
}).annotations({ identifier: "CarrierReport" })

/** The platform carrier's reports of the calls it carries: signed by the carrier, never by a tenant's key. */
export class CarrierReportsApi extends HttpApiGroup.make("carrierReports")
  .add(
    HttpApiEndpoint.post("twilioCallStatus", TWILIO_CALLS_PATH)
      .setHeaders(
        Schema.Struct({
          [TWILIO_SIGNATURE_HEADER]: Schema.optional(Schema.String).annotations({
            description: "Twilio's signature of the request (base64 HMAC-SHA1 with the account's auth token)."
          })
        })
      )
      .setPayload(TwilioForm)
      .addSuccess(CarrierReportJson)
      .addError(ValidationFailed)
      .addError(UnknownCarrierNumber)
      .addError(CarrierReportsOff)
      .addError(Unauthenticated)
      .annotate(OpenApi.Summary, "Twilio's call status callback")
      .annotate(
        OpenApi.Description,
        `Set as the status callback of hosted SIP's calls at Twilio (\`<publicUrl><mountPath>${TWILIO_CALLS_PATH}\`). Enabled by SERVICEKIT_TWILIO_AUTH_TOKEN; without it, 404 carrier_reports_off. A request without Twilio's valid \`X-Twilio-Signature\` of this URL is a 401 invalid_carrier_signature and stores nothing. A final status (completed, busy, no-answer, failed, canceled) becomes a call record of the tenant holding the callee's number (a call in) or the caller's (a call out), under the same id as the softphone relay's record of the same SIP Call-ID (\`SipCallId\`), so a call reported by both, or reported again, is one record; an earlier status is acknowledged and not stored. Numbers no tenant holds are a 404 unknown_carrier_number.`
      )
  )
  .annotate(OpenApi.Title, "Carrier reports")
  .annotate(
    OpenApi.Description,
    "Platform routes the hosted SIP carrier calls, authenticated by its signature: not tenant API routes, not tenant webhooks."
  ) {}

const NumberPath = Schema.Struct({
  tenantId: Uuid,
  number: withReason(
    Schema.String.pipe(Schema.pattern(HOSTED_NUMBER)),
    "must be an E.164 number (+ and up to 15 digits) or a SIP user name of up to 64 letters, digits, . _ ~ -"
  )
})

export const HostedNumberJson = Schema.Struct({
  number: Schema.String.annotations({ description: "An E.164 number or a SIP user name, as the carrier prints it." }),
  assignedAt: Timestamp
}).annotations({ identifier: "HostedNumber" })

/** The platform admin's side of hosted SIP: which of the carrier's numbers route to which tenant. */
export class HostedNumbersAdminApi extends HttpApiGroup.make("hostedNumbersAdmin")
  .add(
    HttpApiEndpoint.get("listHostedNumbers", "/admin/tenants/:tenantId/hosted-numbers")
      .setPath(Schema.Struct({ tenantId: Uuid }))
      .addSuccess(Schema.Struct({ data: Schema.Array(HostedNumberJson) }))
      .addError(TenantNotFound)
      .annotate(OpenApi.Summary, "List a tenant's hosted numbers")
  )
  .add(
    HttpApiEndpoint.put("assignHostedNumber", "/admin/tenants/:tenantId/hosted-numbers/:number")
      .setPath(NumberPath)
      .addSuccess(HostedNumberJson)
      .addError(ValidationFailed)
      .addError(TenantNotFound)
      .addError(HostedNumberTaken)
      .annotate(OpenApi.Summary, "Route one of the carrier's numbers to a tenant")
      .annotate(
        OpenApi.Description,
        "The carrier's reports of calls to or from the number are recorded in the tenant's call log. A number routes to one tenant at most (409 hosted_number_taken); assigning it again to the same tenant changes nothing. Write `+` as `%2B` in the path."
      )
  )
  .add(
    HttpApiEndpoint.del("releaseHostedNumber", "/admin/tenants/:tenantId/hosted-numbers/:number")
      .setPath(NumberPath)
      .addSuccess(HttpApiSchema.Empty(204))
      .addError(ValidationFailed)
      .addError(HostedNumberNotFound)
      .annotate(OpenApi.Summary, "Take a hosted number from a tenant")
  )
  .middleware(PlatformAdminAuth)
  .annotateContext(Context.make(PlatformAdminRoutes, true))
  .annotate(OpenApi.Title, "Hosted SIP numbers")
  .annotate(
    OpenApi.Description,
    "Which of the platform carrier's numbers belong to which tenant (platform admin token). The carrier's call reports are attributed by them."
  ) {}
