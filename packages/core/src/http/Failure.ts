import { HttpApiError, HttpServerResponse } from "@effect/platform"
import { Cause } from "effect"
import { ApiError } from "../platform/Errors.js"

const isTagged = (u: unknown, tag: string): boolean =>
  typeof u === "object" && u !== null && (u as { _tag?: unknown })._tag === tag

/** Maps whatever a request failed with to the ApiError the client sees. */
export const toApiError = (cause: Cause.Cause<unknown>): ApiError => {
  // Failures and defects alike: the platform reports unreadable bodies as either.
  {
    const error = Cause.squash(cause)
    if (error instanceof ApiError) return error
    if (error instanceof HttpApiError.HttpApiDecodeError) {
      // One reason per field: the first issue is the one the field's schema names.
      const byField = new Map<string, string>()
      for (const issue of error.issues) {
        const field = issue.path.map(String).join(".") || "body"
        if (!byField.has(field)) byField.set(field, issue.message)
      }
      const details = [...byField].map(([field, reason]) => ({ field, reason }))
      return new ApiError({
        status: 400,
        code: "validation_failed",
        message: `Invalid request: ${details.map((d) => `${d.field} ${d.reason}`).join("; ")}`,
        details
      })
    }
    if (isTagged(error, "RouteNotFound")) {
      return new ApiError({ status: 404, code: "route_not_found", message: "No such route." })
    }
    if (isTagged(error, "RequestError")) {
      return new ApiError({ status: 400, code: "invalid_body", message: "The request body could not be read as JSON." })
    }
  }
  return new ApiError({ status: 500, code: "internal_error", message: "Something went wrong on our side." })
}

export const errorResponse = (error: ApiError, requestId: string) =>
  HttpServerResponse.unsafeJson(
    {
      error: {
        type: error.type,
        code: error.code,
        message: error.message,
        requestId,
        ...(error.details === undefined ? {} : { details: error.details })
      }
    },
    { status: error.status, headers: error.headers }
  )
