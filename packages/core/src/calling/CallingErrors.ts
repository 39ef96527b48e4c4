import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { ErrorDetail } from "../platform/Errors.js"

export class CallNotFound extends Schema.TaggedError<CallNotFound>()(
  "CallNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such call." }) },
  HttpApiSchema.annotations({ status: 404, description: "No call with this id in this account (`call_not_found`)." })
) {}

/** A list cursor that is not a call of the tenant. */
export class InvalidCursor extends Schema.TaggedError<InvalidCursor>()(
  "InvalidCursor",
  {
    message: Schema.optionalWith(Schema.String, { default: () => "The cursor does not match a call of this account." }),
    details: Schema.optionalWith(Schema.Array(ErrorDetail), {
      default: () => [{ field: "cursor", reason: "unknown cursor" }]
    })
  },
  HttpApiSchema.annotations({
    status: 400,
    description: "The cursor is not a call of this account (`invalid_cursor`)."
  })
) {}

/** A call record handed over for ingestion that fails validation; details name the record and field. */
export class InvalidCall extends Schema.TaggedError<InvalidCall>()(
  "InvalidCall",
  { message: Schema.String, details: Schema.Array(ErrorDetail) },
  HttpApiSchema.annotations({ status: 400, description: "A call record fails validation (`invalid_call`)." })
) {}

/** The tenant has no own SIP trunk. */
export class SipTrunkNotFound extends Schema.TaggedError<SipTrunkNotFound>()(
  "SipTrunkNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No own SIP trunk is registered." }) },
  HttpApiSchema.annotations({ status: 404, description: "No own SIP trunk is registered (`sip_trunk_not_found`)." })
) {}

/** Own trunk and hosted SIP exclude each other; hosted SIP needs the platform's carrier. */
export class SipConflict extends Schema.TaggedError<SipConflict>()(
  "SipConflict",
  { code: Schema.Literal("hosted_sip_active", "own_trunk_active", "hosted_sip_not_ready"), message: Schema.String },
  HttpApiSchema.annotations({
    status: 409,
    description:
      "`hosted_sip_active`: opt out of hosted SIP before registering a trunk; `own_trunk_active`: remove the own trunk before opting in; `hosted_sip_not_ready`: the platform offers no hosted SIP yet."
  })
) {}

/** The softphone has no trunk to reach: none configured, or its address is not usable. */
export class SoftphoneUnavailable extends Schema.TaggedError<SoftphoneUnavailable>()(
  "SoftphoneUnavailable",
  {
    code: Schema.Literal("sip_not_configured", "sip_trunk_unresolvable", "sip_trunk_address_refused"),
    message: Schema.String
  },
  HttpApiSchema.annotations({
    status: 409,
    description:
      "`sip_not_configured`: register an own trunk or opt into hosted SIP first; `sip_trunk_unresolvable`: the trunk's host name does not resolve; `sip_trunk_address_refused`: the trunk's address is private, loopback or otherwise not public."
  })
) {}

/** The number is not one of the tenant's hosted numbers. */
export class HostedNumberNotFound extends Schema.TaggedError<HostedNumberNotFound>()(
  "HostedNumberNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "The tenant holds no such hosted number." }) },
  HttpApiSchema.annotations({ status: 404, description: "The tenant holds no such number (`hosted_number_not_found`)." })
) {}

/** A number routes to one tenant at most. */
export class HostedNumberTaken extends Schema.TaggedError<HostedNumberTaken>()(
  "HostedNumberTaken",
  {
    message: Schema.optionalWith(Schema.String, { default: () => "Another tenant holds this number: release it there first." })
  },
  HttpApiSchema.annotations({ status: 409, description: "Another tenant holds the number (`hosted_number_taken`)." })
) {}

/** The platform has not configured the carrier's credentials. */
export class CarrierReportsOff extends Schema.TaggedError<CarrierReportsOff>()(
  "CarrierReportsOff",
  { message: Schema.String },
  HttpApiSchema.annotations({
    status: 404,
    description: "The carrier's reports are not enabled on this platform (`carrier_reports_off`)."
  })
) {}

/** A carrier report whose numbers route to no tenant. */
export class UnknownCarrierNumber extends Schema.TaggedError<UnknownCarrierNumber>()(
  "UnknownCarrierNumber",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "Neither number of the call is a hosted number of a tenant."
    })
  },
  HttpApiSchema.annotations({
    status: 404,
    description: "Neither the caller's nor the callee's number is hosted for a tenant (`unknown_carrier_number`); nothing is stored."
  })
) {}
