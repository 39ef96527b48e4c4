import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Integer, Timestamp, withReason, withoutNul } from "../http/Schemas.js"
import { DashboardAuth } from "../http/Security.js"
import { PermissionDenied, TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import { SipTransport } from "./Sip.js"
import { SipConflict, SipTrunkNotFound } from "./CallingErrors.js"

export const SipTrunkJson = Schema.Struct({
  host: Schema.String,
  username: Schema.String,
  port: Schema.Number,
  transport: SipTransport,
  updatedAt: Timestamp
}).annotations({ identifier: "SipTrunk", description: "The own trunk; its password is never shown." })

export const HostedSipJson = Schema.Struct({
  optedIn: Schema.Boolean,
  optedInAt: Schema.NullOr(Timestamp),
  platform: Schema.Struct({ ready: Schema.Boolean, domain: Schema.NullOr(Schema.String) })
}).annotations({ identifier: "HostedSip" })

const RegisterBody = Schema.Struct({
  host: withReason(withoutNul(Schema.String.pipe(Schema.maxLength(253))), "must be a host name or an IP address"),
  username: withReason(withoutNul(Schema.String), "must be a string"),
  password: Schema.optional(withReason(withoutNul(Schema.String), "must be a string")),
  port: withReason(Integer.pipe(Schema.between(1, 65535)), "must be a whole number from 1 to 65535"),
  transport: withReason(SipTransport, "must be udp, tcp or tls")
})

/** The Business Calling dashboard's SIP setup: the tenant comes from the dashboard token. */
export class SipDashboardApi extends HttpApiGroup.make("sipDashboard")
  .add(
    HttpApiEndpoint.post("registerTrunk", "/sip/register")
      .setPayload(RegisterBody)
      .addSuccess(SipTrunkJson)
      .addError(ValidationFailed)
      .addError(SipConflict)
      .annotate(OpenApi.Summary, "Register or update the own SIP trunk")
      .annotate(
        OpenApi.Description,
        "The password is needed for a new trunk and kept when left out of an update; it is encrypted at rest and never shown. Tenant admin."
      )
  )
  .add(
    HttpApiEndpoint.get("getTrunkStatus", "/sip/status")
      .addSuccess(Schema.NullOr(SipTrunkJson))
      .annotate(OpenApi.Summary, "The own SIP trunk, or null")
  )
  .add(
    HttpApiEndpoint.del("removeTrunk", "/sip")
      .addSuccess(SipTrunkJson)
      .addError(SipTrunkNotFound)
      .annotate(OpenApi.Summary, "Remove the own SIP trunk (tenant admin)")
  )
  .add(
    HttpApiEndpoint.get("getHostedSip", "/sip/our-sip")
      .addSuccess(HostedSipJson)
      .annotate(OpenApi.Summary, "Hosted SIP: the tenant's opt-in and the platform's readiness")
  )
  .add(
    HttpApiEndpoint.post("optInHostedSip", "/sip/our-sip/opt-in")
      .addSuccess(HostedSipJson)
      .addError(SipConflict)
      .addError(PermissionDenied)
      .addError(TenantNotFound)
      .annotate(OpenApi.Summary, "Opt into hosted SIP (tenant admin; needs the voice entitlement and no own trunk)")
  )
  .add(
    HttpApiEndpoint.post("optOutHostedSip", "/sip/our-sip/opt-out")
      .addSuccess(HostedSipJson)
      .annotate(OpenApi.Summary, "Opt out of hosted SIP (tenant admin)")
  )
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Business Calling SIP (dashboard)")
  .annotate(
    OpenApi.Description,
    "The own SIP trunk or hosted SIP, never both. Dashboard token: changes need a tenant admin, reading does not."
  ) {}
