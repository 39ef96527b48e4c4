import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

/**
 * Domain errors. Each is a `Schema.TaggedError` that carries its HTTP status as an annotation,
 * so an endpoint that declares it (`addError(CallNotFound)`) answers with that status and the
 * common error body: `code` is the error's `code` field when it has one, else its tag in
 * snake_case (`CallNotFound` → `call_not_found`); `message`, `details` and `headers` come from
 * the fields and getters of the same names.
 */

export const ErrorDetail = Schema.Struct({ field: Schema.String, reason: Schema.String })
export type ErrorDetail = typeof ErrorDetail.Type

/** The `error.type` families of the common error body. */
export const ErrorType = Schema.Literal(
  "invalid_request",
  "authentication",
  "permission",
  "not_found",
  "conflict",
  "rate_limit",
  "not_available",
  "upstream",
  "unavailable",
  "internal"
)
export type ErrorType = typeof ErrorType.Type

/** The `error.type` family of the common error body, by status. */
export const errorType = (status: number): ErrorType =>
  typeByStatus[status] ?? (status >= 500 ? "internal" : "invalid_request")

const typeByStatus: Record<number, ErrorType> = {
  400: "invalid_request",
  401: "authentication",
  403: "permission",
  404: "not_found",
  405: "invalid_request",
  409: "conflict",
  413: "invalid_request",
  422: "invalid_request",
  429: "rate_limit",
  501: "not_available",
  502: "upstream",
  503: "unavailable"
}

/** The wire shape of every error response. */
export const ErrorBody = Schema.Struct({
  error: Schema.Struct({
    type: ErrorType.annotations({ description: "The family of the error, by status." }),
    code: Schema.String.annotations({
      description: "Machine-readable reason, e.g. `validation_failed`, `invalid_key`."
    }),
    message: Schema.String.annotations({ description: "A sentence for people; may change." }),
    requestId: Schema.String.annotations({ description: "Equals the `X-Request-ID` header." }),
    details: Schema.optional(Schema.Array(ErrorDetail)).annotations({
      description: "For validation failures: one entry per field, at most 20."
    })
  })
}).annotations({ identifier: "ErrorBody", description: "The common error body." })

/**
 * Builds a client error without capturing a stack trace: such an error answers a client, it is
 * not a bug to trace, and capturing a stack costs about 5 µs on paths (401, 429) that abusive
 * clients hit hardest.
 */
export const withoutStack = <A>(make: () => A): A => {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit
  }
}

const message = (fallback: string) => Schema.optionalWith(Schema.String, { default: () => fallback })

/** Input that fails a business rule, one detail per field. */
export class ValidationFailed extends Schema.TaggedError<ValidationFailed>()(
  "ValidationFailed",
  { message: Schema.String, details: Schema.Array(ErrorDetail) },
  HttpApiSchema.annotations({
    status: 400,
    description:
      "A field breaks a rule beyond its shape, e.g. an unknown scope (`validation_failed`); `details` name the fields."
  })
) {}

export const invalidField = (field: string, reason: string) =>
  new ValidationFailed({ message: `Invalid ${field}: ${reason}`, details: [{ field, reason }] })

/** Why credentials were refused (401): the codes a client can branch on, listed in the contract. */
export const UnauthenticatedCode = Schema.Literal(
  "missing_credentials",
  "malformed_credentials",
  "malformed_key",
  "invalid_key",
  "key_revoked",
  "api_key_not_accepted",
  "invalid_credentials",
  "invalid_token",
  "token_expired",
  "invalid_admin_token",
  "invalid_automation_token",
  "invalid_visitor_token",
  "invalid_device_secret",
  "invalid_channel_secret",
  "invalid_carrier_signature",
  "pairing_code_invalid",
  "pairing_code_used",
  "pairing_code_expired"
)
export type UnauthenticatedCode = typeof UnauthenticatedCode.Type

/** Missing, malformed, unknown or revoked credentials; `code` says which. */
export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()(
  "Unauthenticated",
  { code: UnauthenticatedCode, message: Schema.String },
  HttpApiSchema.annotations({
    status: 401,
    description:
      "Missing, malformed, unknown or revoked credentials, an expired dashboard token, or a wrong visitor token, device secret, channel secret, carrier signature or pairing code; `code` says which."
  })
) {}

export const unauthenticated = (code: UnauthenticatedCode, message: string) =>
  withoutStack(() => new Unauthenticated({ code, message }))

/** Why valid credentials are not allowed here (403). */
export const PermissionDeniedCode = Schema.Literal(
  "product_not_entitled",
  "wrong_product",
  "missing_scope",
  "ip_not_allowed",
  "key_expired",
  "tenant_mismatch",
  "admin_required",
  "skill_denied",
  "tenant_suspended",
  "tenant_deleted",
  "sending_paused"
)
export type PermissionDeniedCode = typeof PermissionDeniedCode.Type

/** Valid credentials that are not allowed here; `code` says why. */
export class PermissionDenied extends Schema.TaggedError<PermissionDenied>()(
  "PermissionDenied",
  { code: PermissionDeniedCode, message: Schema.String },
  HttpApiSchema.annotations({
    status: 403,
    description:
      "The credentials are valid but not allowed here (a product the tenant is not entitled to, a key of another product or without the scope, an address off the key's allowlist, an expired key, another tenant, a member where an admin is needed, a skill the policy denies, a tenant the platform suspended or deleted, mail of a tenant whose sending is paused); `code` says which."
  })
) {}

export const permissionDenied = (code: PermissionDeniedCode, message: string) =>
  withoutStack(() => new PermissionDenied({ code, message }))

/** A credential of a tenant that no longer exists (a dashboard token signed before it was deleted). */
export const tenantDeleted = () =>
  permissionDenied("tenant_deleted", "The tenant was deleted; nothing of it is left to reach.")

/** Every credential of a suspended tenant gets this, whatever it asks. */
export const tenantSuspended = () =>
  permissionDenied(
    "tenant_suspended",
    "The tenant is suspended by the platform; its keys and links work again once it is resumed."
  )

/** A rate limit is exhausted until `retryAfterSeconds` have passed. */
export class RateLimited extends Schema.TaggedError<RateLimited>()(
  "RateLimited",
  { message: Schema.String, retryAfterSeconds: Schema.Int },
  HttpApiSchema.annotations({
    status: 429,
    description: "Too many requests (`rate_limited`) from this API key, visitor token or client address; see `Retry-After`."
  })
) {
  get headers() {
    return { "retry-after": String(this.retryAfterSeconds) }
  }
}

export const rateLimitedError = (limit: number, retryAfterSeconds: number) =>
  withoutStack(
    () =>
      new RateLimited({
        message: `Rate limit of ${limit} requests exceeded; retry after the window resets.`,
        retryAfterSeconds
      })
  )

export class TenantNotFound extends Schema.TaggedError<TenantNotFound>()(
  "TenantNotFound",
  { message: message("No such tenant.") },
  HttpApiSchema.annotations({ status: 404, description: "No such tenant (`tenant_not_found`)." })
) {}

export class ApiKeyNotFound extends Schema.TaggedError<ApiKeyNotFound>()(
  "ApiKeyNotFound",
  { message: message("No such API key.") },
  HttpApiSchema.annotations({ status: 404, description: "No such API key in this tenant (`api_key_not_found`)." })
) {}

/** A planned feature that is not available yet. */
export class NotAvailable extends Schema.TaggedError<NotAvailable>()(
  "NotAvailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 501, description: "Planned, not available yet (`not_available`)." })
) {}
