import { FiberRef } from "effect"
import type { RateLimitResult } from "../platform/RateLimit.js"

/** Per-request facts shared between the engine and endpoint middleware. */
export interface RequestState {
  readonly requestId: string
  readonly clientIp: string | undefined
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  /** Set by whichever limiter counted this request last; rendered as X-RateLimit-* headers. */
  rateLimit: RateLimitResult | undefined
}

export const CurrentRequest = FiberRef.unsafeMake<RequestState>({
  requestId: "",
  clientIp: undefined,
  headers: {},
  rateLimit: undefined
})

/** A header's first value. */
export const firstHeader = (headers: RequestState["headers"], name: string): string | undefined => {
  const value = headers[name]
  return typeof value === "string" ? value : value?.[0]
}

const BEARER = /^Bearer(?: +(\S*))? *$/i

/**
 * The credential of the Authorization header: undefined when the header is absent,
 * null when it uses a scheme other than Bearer, else the (possibly empty) token.
 */
export const bearerToken = (headers: RequestState["headers"]): string | null | undefined => {
  const authorization = firstHeader(headers, "authorization")
  if (authorization === undefined || authorization.length === 0) return undefined
  const match = BEARER.exec(authorization)
  return match === null ? null : (match[1] ?? "")
}
