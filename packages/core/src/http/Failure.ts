import { Cause, ParseResult } from "effect"
import { ApiError } from "../platform/Errors.js"

/** Flattens a schema failure into one reason per field: the first issue is the one the field's schema names. */
export const parseErrorDetails = (error: ParseResult.ParseError) => {
  const byField = new Map<string, string>()
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const field = issue.path.map(String).join(".") || "body"
    if (!byField.has(field)) byField.set(field, issue.message)
  }
  return [...byField].map(([field, reason]) => ({ field, reason }))
}

/** Maps whatever a request failed with to the ApiError the client sees. */
export const toApiError = (cause: Cause.Cause<unknown>): ApiError => {
  const error = Cause.squash(cause)
  if (error instanceof ApiError) return error
  if (ParseResult.isParseError(error)) {
    const details = parseErrorDetails(error)
    return new ApiError({
      status: 400,
      code: "validation_failed",
      message: `Invalid request: ${details.map((d) => `${d.field} ${d.reason}`).join("; ")}`,
      details
    })
  }
  return new ApiError({ status: 500, code: "internal_error", message: "Something went wrong on our side." })
}

/** The common error body. */
export const errorBody = (error: ApiError, requestId: string): string =>
  JSON.stringify({
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      requestId,
      ...(error.details === undefined ? {} : { details: error.details })
    }
  })
