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

/** The `error.type` family of the common error body, by status. */
export const errorType = (status: number): string =>
  typeByStatus[status] ?? (status >= 500 ? "internal" : "invalid_request")

const typeByStatus: Record<number, string> = {
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
    type: Schema.String,
    code: Schema.String,
    message: Schema.String,
    requestId: Schema.String,
    details: Schema.optional(Schema.Array(ErrorDetail))
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
  HttpApiSchema.annotations({ status: 400, description: "The request is invalid; details name the fields." })
) {}

export const invalidField = (field: string, reason: string) =>
  new ValidationFailed({ message: `Invalid ${field}: ${reason}`, details: [{ field, reason }] })

/** Missing, malformed, unknown or revoked credentials; `code` says which. */
export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()(
  "Unauthenticated",
  { code: Schema.String, message: Schema.String },
  HttpApiSchema.annotations({ status: 401, description: "Missing, malformed, unknown or revoked credentials." })
) {}

export const unauthenticated = (code: string, message: string) =>
  withoutStack(() => new Unauthenticated({ code, message }))

/** Valid credentials that are not allowed here; `code` says why. */
export class PermissionDenied extends Schema.TaggedError<PermissionDenied>()(
  "PermissionDenied",
  { code: Schema.String, message: Schema.String },
  HttpApiSchema.annotations({
    status: 403,
    description:
      "The credentials are valid but not allowed here: product_not_entitled, wrong_product, missing_scope, ip_not_allowed, key_expired, tenant_mismatch or admin_required."
  })
) {}

export const permissionDenied = (code: string, message: string) =>
  withoutStack(() => new PermissionDenied({ code, message }))

/** A rate limit is exhausted until `retryAfterSeconds` have passed. */
export class RateLimited extends Schema.TaggedError<RateLimited>()(
  "RateLimited",
  { message: Schema.String, retryAfterSeconds: Schema.Int },
  HttpApiSchema.annotations({ status: 429, description: "Too many requests; see Retry-After." })
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
  HttpApiSchema.annotations({ status: 404 })
) {}

export class ApiKeyNotFound extends Schema.TaggedError<ApiKeyNotFound>()(
  "ApiKeyNotFound",
  { message: message("No such API key.") },
  HttpApiSchema.annotations({ status: 404 })
) {}

/** A planned feature that is not available yet. */
export class NotAvailable extends Schema.TaggedError<NotAvailable>()(
  "NotAvailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 501, description: "Planned, not available yet." })
) {}
