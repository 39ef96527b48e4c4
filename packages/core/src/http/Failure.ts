import { HttpApiSchema } from "@effect/platform"
import { ParseResult, Predicate, SchemaAST as AST } from "effect"
import { type ErrorDetail, errorType } from "../platform/Errors.js"
import { issueDetails } from "../platform/ParseIssues.js"
import { ApiError } from "./ApiError.js"

/** What the common error body says about a failure. */
export interface ErrorView {
  readonly status: number
  readonly code: string
  readonly message: string
  readonly details?: ReadonlyArray<ErrorDetail> | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/** `CallNotFound` → `call_not_found`: the code of an error without a `code` field. */
export const snakeCase = (tag: string) => tag.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()

/** The status a domain error's class declares (`HttpApiSchema.annotations({ status })`), if any. */
const declaredStatus = (error: object): number | undefined => {
  const ast = (error.constructor as { ast?: AST.AST }).ast
  if (ast === undefined) return undefined
  const status = HttpApiSchema.getStatusErrorAST(ast)
  return status === 500 ? undefined : status
}

/**
 * Code, message and details of a domain error: its `code` field or its tag in snake_case, its
 * message, its `details` and `headers`. Used by the HTTP layer and the CLI alike.
 */
export const describeError = (error: unknown): Omit<ErrorView, "status"> | undefined => {
  if (!Predicate.hasProperty(error, "_tag") || typeof error._tag !== "string") return undefined
  const fields = error as { code?: unknown; message?: unknown; details?: unknown; headers?: unknown }
  return {
    code: typeof fields.code === "string" ? fields.code : snakeCase(error._tag),
    message: typeof fields.message === "string" && fields.message.length > 0 ? fields.message : "The request failed.",
    details: Array.isArray(fields.details) ? (fields.details as ReadonlyArray<ErrorDetail>) : undefined,
    headers: Predicate.isRecord(fields.headers) ? (fields.headers as Record<string, string>) : undefined
  }
}

export const internalError: ErrorView = {
  status: 500,
  code: "internal_error",
  message: "Something went wrong on our side."
}

/**
 * Maps what a request failed with to what the client sees. `statusOf` gives the status the
 * endpoint's contract declares for a typed error; undefined means the error is not part of the
 * contract, which is a bug (answered 500).
 */
export const errorView = (error: unknown, statusOf: (error: unknown) => number | undefined): ErrorView => {
  if (error instanceof ApiError) return error
  if (ParseResult.isParseError(error)) {
    const details = issueDetails(error)
    return {
      status: 400,
      code: "validation_failed",
      message: `Invalid request: ${details.map((d) => `${d.field} ${d.reason}`).join("; ")}`,
      details
    }
  }
  const described = describeError(error)
  if (described === undefined) return internalError
  const status = statusOf(error) ?? declaredStatus(error as object)
  return status === undefined ? internalError : { status, ...described }
}

/** The common error body. */
export const errorBody = (error: ErrorView, requestId: string): string =>
  JSON.stringify({
    error: {
      type: errorType(error.status),
      code: error.code,
      message: error.message,
      requestId,
      ...(error.details === undefined ? {} : { details: error.details })
    }
  })
