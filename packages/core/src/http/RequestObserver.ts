import { Context } from "effect"

/** What the engine tells about an answered request: never a key, a token, a query or a body. */
export interface AnsweredRequest {
  readonly method: string
  /** The matched route's pattern (`/api/v1/voice/calls/:id`); undefined when no route matched. */
  readonly route: string | undefined
  /** The normalised path, without the query. */
  readonly path: string
  readonly status: number
  readonly durationMs: number
  /** The id the client received in `X-Request-ID`. */
  readonly requestId: string
  /** Known once a key or dashboard token was verified. */
  readonly tenantId: string | undefined
  readonly clientIp: string | undefined
}

/**
 * Hears of every answered request, e.g. to write request logs. Optional: without one the engine
 * does no such work. `observe` runs on the request path, so it must be quick and must not throw.
 */
export class RequestObserver extends Context.Tag("@servicekit/core/RequestObserver")<
  RequestObserver,
  { readonly observe: (request: AnsweredRequest) => void }
>() {}
