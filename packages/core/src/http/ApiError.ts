import { Data } from "effect"
import type { ErrorDetail } from "../platform/Errors.js"

const ApiErrorBase = Data.TaggedError("ApiError")<{
  readonly status: number
  readonly code: string
  readonly message: string
  readonly details?: ReadonlyArray<ErrorDetail> | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}>

/**
 * A failure the HTTP layer itself answers (no such route, a body that is not JSON or too
 * large, a request that fails its schema), rendered in the common error body. Services fail
 * with their domain errors instead (platform/Errors.ts).
 */
export class ApiError extends ApiErrorBase {
  constructor(props: ConstructorParameters<typeof ApiErrorBase>[0]) {
    // Not a bug to trace: skip the stack, as platform/Errors.ts `withoutStack` does.
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    super(props)
    Error.stackTraceLimit = limit
  }
}
