import { Context, FiberRef } from "effect"
import type { RateLimitResult } from "../platform/RateLimit.js"

/** Per-request facts shared between the lifecycle middleware and endpoint middleware. */
export interface RequestState {
  readonly requestId: string
  readonly clientIp: string | undefined
  /** Set by whichever limiter counted this request last; rendered as X-RateLimit-* headers. */
  rateLimit: RateLimitResult | undefined
}

export const CurrentRequest = FiberRef.unsafeMake<RequestState>({
  requestId: "",
  clientIp: undefined,
  rateLimit: undefined
})

/**
 * The socket address of the client, for hosts that cannot put it on the request
 * (web-standard handlers): pass it in the handler's context.
 */
export class SocketAddress extends Context.Tag("@servicekit/core/SocketAddress")<SocketAddress, string>() {}
