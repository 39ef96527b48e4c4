import { Context, Effect, FiberRef } from "effect"
import type { RateLimitResult } from "../platform/RateLimit.js"
import { ApiError } from "./ApiError.js"
import type { WebSocketHandler } from "./WebSocketHost.js"

/** Lower-case header names; a repeated header may arrive as an array. */
export type RequestHeaders = Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

/** A request as every host hands it over (node:http, Bun, web-standard). */
export interface IncomingRequest {
  readonly method: string
  /** Path and query, e.g. `/api/v1/voice/calls?limit=20`. */
  readonly url: string
  readonly headers: RequestHeaders
  readonly remoteAddress: string | undefined
  /**
   * Reads the raw body; the engine calls it at most once. Rejects when the body is larger than
   * `maxBytes` (before buffering more than that), or with `bodyConsumed`.
   */
  readonly body: (maxBytes: number) => Promise<Uint8Array>
  /** Fires when the client goes away before the response is complete. Hosts may create it lazily. */
  readonly signal?: AbortSignal | undefined
  /**
   * Present on hosts that can upgrade this request to a WebSocket: registers the handler, and
   * the host completes the upgrade when the response is a 101.
   */
  readonly upgrade?: ((handler: WebSocketHandler) => void) | undefined
}

/** Per-request facts shared between the engine, endpoint middleware and handlers. */
export interface RequestState {
  readonly requestId: string
  readonly clientIp: string | undefined
  readonly headers: RequestHeaders
  readonly request: IncomingRequest | undefined
  /** The matched route: its path pattern, and the statuses its contract declares for typed failures. */
  route: { readonly path: string; readonly statusOf: (error: unknown) => number | undefined } | undefined
  /** Set by whichever limiter counted this request last; rendered as X-RateLimit-* headers. */
  rateLimit: RateLimitResult | undefined
  /** The limit that refused this request, if one did. */
  limitedBy: "ip" | "key" | "visitor" | undefined
  /** The tenant, once a key or dashboard token was verified. */
  tenantId: string | undefined
  /** The most bytes the body may have: `DEFAULT_MAX_BODY_BYTES`, or what the route declares (`MaxBodyBytes`). */
  maxBodyBytes: number
  /** The raw body, once read. */
  bytes: Promise<Uint8Array> | undefined
  text: Promise<string> | undefined
}

export const CurrentRequest = FiberRef.unsafeMake<RequestState>({
  requestId: "",
  clientIp: undefined,
  headers: {},
  request: undefined,
  route: undefined,
  rateLimit: undefined,
  limitedBy: undefined,
  tenantId: undefined,
  maxBodyBytes: 0,
  bytes: undefined,
  text: undefined
})

/** A header's first value. */
export const firstHeader = (headers: RequestHeaders, name: string): string | undefined => {
  const value = headers[name]
  return typeof value === "string" ? value : value?.[0]
}

/**
 * A query parameter of a request URL, undefined when absent or empty: how WebSocket clients, which
 * cannot always set headers, pass a credential.
 */
export const queryParameter = (url: string | undefined, name: string): string | undefined => {
  const query = url?.split("?", 2)[1]
  return query === undefined ? undefined : new URLSearchParams(query).get(name) || undefined
}

const BEARER = /^Bearer(?: +(\S*))? *$/i

/**
 * The credential of the Authorization header: undefined when the header is absent,
 * null when it uses a scheme other than Bearer, else the (possibly empty) token.
 */
export const bearerToken = (headers: RequestHeaders): string | null | undefined => {
  const authorization = firstHeader(headers, "authorization")
  if (authorization === undefined || authorization.length === 0) return undefined
  const match = BEARER.exec(authorization)
  return match === null ? null : (match[1] ?? "")
}

/** What a request body may hold unless its route declares more (`MaxBodyBytes`). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/** An endpoint's own body limit, in bytes, above the default: an upload's. */
export class MaxBodyBytes extends Context.Tag("@servicekit/core/MaxBodyBytes")<MaxBodyBytes, number>() {}

const tooLarge = () => new ApiError({ status: 413, code: "body_too_large", message: "The request body is too large." })
const decoder = new TextDecoder()

/**
 * The body was read before ServiceKit saw it, by a body parser mounted in front that left no
 * parsed value ServiceKit can use. A bug in the embedding: answered 500 and logged, rather than
 * a request that waits forever for bytes that will never come.
 */
export const bodyConsumed = (by: string): ApiError =>
  new ApiError({
    status: 500,
    code: "body_consumed",
    message: `The request body was read before it reached ServiceKit (${by}). Mount ServiceKit before any body parser.`
  })

/** A host rejects with an ApiError of its own (bodyConsumed); anything else means the body was too large. */
const readFailure = (error: unknown): ApiError => (error instanceof ApiError ? error : tooLarge())

const body = (state: RequestState) =>
  (state.bytes ??= state.request?.body(state.maxBodyBytes) ?? Promise.resolve(new Uint8Array(0)))

/** The raw body as bytes, read once per request and cached (HMAC checks verify exactly these bytes). */
export const readBytes = (state: RequestState): Effect.Effect<Uint8Array, ApiError> =>
  Effect.tryPromise({ try: () => body(state), catch: readFailure })

/** The raw body as UTF-8 text, decoded once per request and cached. */
export const readText = (state: RequestState): Effect.Effect<string, ApiError> =>
  Effect.tryPromise({
    try: () => (state.text ??= body(state).then((bytes) => decoder.decode(bytes))),
    catch: readFailure
  })

/** What a handler can read of its request beyond the decoded path, query, headers and payload. */
export const ServerRequest = {
  /** Request headers, lower-case names. */
  headers: Effect.map(FiberRef.get(CurrentRequest), (state) => state.headers),
  /** The raw body as sent. */
  bytes: Effect.flatMap(FiberRef.get(CurrentRequest), readBytes),
  /** The raw body as UTF-8 text, exactly as sent. */
  text: Effect.flatMap(FiberRef.get(CurrentRequest), readText),
  /** The client address (after trusted proxies), if known. */
  clientAddress: Effect.map(FiberRef.get(CurrentRequest), (state) => state.clientIp),
  /** The request id of the X-Request-ID header. */
  requestId: Effect.map(FiberRef.get(CurrentRequest), (state) => state.requestId),
  /** Fires when the client goes away; never fires when the host cannot tell. */
  signal: Effect.map(FiberRef.get(CurrentRequest), (state) => state.request?.signal ?? neverAborted)
}

const neverAborted = new AbortController().signal
