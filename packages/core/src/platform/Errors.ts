import { HttpApiSchema } from "@effect/platform"
import { Data, Schema } from "effect"

/** The `error.type` families of the common error body. */
export type ErrorType =
  | "invalid_request"
  | "authentication"
  | "permission"
  | "not_found"
  | "rate_limit"
  | "not_available"
  | "internal"

export interface ErrorDetail {
  readonly field: string
  readonly reason: string
}

const typeByStatus: Record<number, ErrorType> = {
  400: "invalid_request",
  401: "authentication",
  403: "permission",
  404: "not_found",
  413: "invalid_request",
  429: "rate_limit",
  501: "not_available"
}

const ApiErrorBase = Data.TaggedError("ApiError")<{
  readonly status: number
  readonly code: string
  readonly message: string
  readonly details?: ReadonlyArray<ErrorDetail> | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}>

/**
 * Every failure that reaches a client. Rendered as
 * `{ "error": { type, code, message, requestId, details? } }` by the HTTP layer.
 */
export class ApiError extends ApiErrorBase {
  constructor(props: ConstructorParameters<typeof ApiErrorBase>[0]) {
    // An ApiError answers the client; it is not a bug to trace. Capturing a stack costs about
    // 5 µs, on paths (401, 429) that abusive clients hit hardest.
    const stackTraceLimit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    super(props)
    Error.stackTraceLimit = stackTraceLimit
  }

  get type(): ErrorType {
    return typeByStatus[this.status] ?? "internal"
  }
}

export const badRequest = (code: string, message: string, details?: ReadonlyArray<ErrorDetail>) =>
  new ApiError({ status: 400, code, message, details })
export const unauthorized = (code: string, message: string) => new ApiError({ status: 401, code, message })
export const forbidden = (code: string, message: string) => new ApiError({ status: 403, code, message })
export const notFound = (code: string, message: string) => new ApiError({ status: 404, code, message })
export const notAvailable = (message: string) => new ApiError({ status: 501, code: "not_available", message })
export const invalidField = (field: string, reason: string) =>
  badRequest("validation_failed", `Invalid ${field}: ${reason}`, [{ field, reason }])

/** The wire shape of every error response. */
export const ErrorBody = Schema.Struct({
  error: Schema.Struct({
    type: Schema.String,
    code: Schema.String,
    message: Schema.String,
    requestId: Schema.String,
    details: Schema.optional(Schema.Array(Schema.Struct({ field: Schema.String, reason: Schema.String })))
  })
}).annotations({ identifier: "ErrorBody" })

/**
 * Documents an `ApiError` of one status in OpenAPI. Responses are rendered by the
 * HTTP layer (which knows the request id), so encoding only needs to be total.
 */
const errorSchema = (status: number, identifier: string, description: string) =>
  Schema.transform(
    ErrorBody,
    Schema.declare((u: unknown): u is ApiError => u instanceof ApiError && u.status === status),
    {
      strict: true,
      decode: ({ error }) =>
        new ApiError({ status, code: error.code, message: error.message, details: error.details }),
      encode: (e) => ({
        error: { type: e.type, code: e.code, message: e.message, requestId: "", details: e.details }
      })
    }
  ).annotations(HttpApiSchema.annotations({ status, identifier, description }))

export const BadRequestError = errorSchema(400, "BadRequest", "The request is invalid; details name the fields.")
export const UnauthorizedError = errorSchema(401, "Unauthorized", "Missing, malformed, unknown or revoked credentials.")
export const ForbiddenError = errorSchema(
  403,
  "Forbidden",
  "The credentials are valid but not allowed here: product_not_entitled, wrong_product, missing_scope, ip_not_allowed or key_expired."
)
export const NotFoundError = errorSchema(404, "NotFound", "No such resource for this tenant.")
export const RateLimitedError = errorSchema(429, "RateLimited", "Too many requests; see Retry-After.")
export const NotAvailableError = errorSchema(501, "NotAvailable", "Planned, not available yet.")
