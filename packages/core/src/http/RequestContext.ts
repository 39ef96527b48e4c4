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
