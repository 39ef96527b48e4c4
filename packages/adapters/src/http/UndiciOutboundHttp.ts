import { type LookupAddress, lookup as systemLookup } from "node:dns"
import type { LookupFunction } from "node:net"
import {
  MAX_RESPONSE_BYTES,
  type OutboundAnswer,
  OutboundBusy,
  OutboundFailed,
  OutboundHttp,
  OutboundRefused,
  type OutboundRequest,
  checkOutboundUrl,
  destinationOf,
  isPublicAddress,
  makeDestinationShares
} from "@servicekit/core/internal"
import { Duration, Effect, Either, Layer } from "effect"
// The package's file, not the bare name: Bun answers `undici` with a built-in stand-in whose Agent
// cannot send requests, while this path is the real client on Node and Bun alike.
import { Agent, type Dispatcher } from "undici/index.js"

export interface UndiciOutboundHttpOptions {
  /** Allow http and private or loopback targets (SERVICEKIT_OUTBOUND_ALLOW_PRIVATE); false by default. */
  readonly allowPrivate?: boolean
  /** Connections per origin (requests in flight to it at once); 16 by default. */
  readonly connections?: number
  /** Resolves a host name to its addresses; the system resolver (getaddrinfo) by default. For tests. */
  readonly lookup?: (hostname: string) => Promise<ReadonlyArray<LookupAddress>>
}

const DEFAULT_CONNECTIONS = 16

/** What the connect-time guard throws, so that its refusal is told apart from a network failure. */
class AddressRefusedError extends Error {}

const systemResolve = (hostname: string) =>
  new Promise<ReadonlyArray<LookupAddress>>((resolve, reject) =>
    systemLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)))
  )

/**
 * The lookup every connection makes (IP literals skip it; the URL check covers those): all of a
 * name's addresses must be public, so a name cannot point inward, even one re-pointed after the
 * URL was checked (DNS rebinding), as the address checked is the address connected to.
 */
const guardedLookup =
  (resolve: (hostname: string) => Promise<ReadonlyArray<LookupAddress>>, allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = found.filter((each) => !options.family || each.family === options.family)
        if (addresses.length === 0) {
          return callback(Object.assign(new Error(`${hostname} does not resolve.`), { code: "ENOTFOUND" }), "", 0)
        }
        if (!allowPrivate && !addresses.every((each) => isPublicAddress(each.address))) {
          return callback(new AddressRefusedError(`${hostname} resolves to an address that is not public.`), "", 0)
        }
        // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), for one otherwise.
        if (options.all) return (callback as (error: null, addresses: Array<LookupAddress>) => void)(null, addresses)
        callback(null, addresses[0].address, addresses[0].family)
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0)
    )
  }

/** The refusal behind an error, which undici may hand back as it is or as the cause of its own. */
const refusalOf = (error: unknown): AddressRefusedError | undefined => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof AddressRefusedError) return current
  }
  return undefined
}

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"])

const failureOf = (error: unknown, durationMs: number): OutboundRefused | OutboundFailed => {
  const refusal = refusalOf(error)
  if (refusal !== undefined) return new OutboundRefused({ reason: "address", message: refusal.message })
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  return typeof code === "string" && TIMEOUT_CODES.has(code)
    ? new OutboundFailed({ reason: "timeout", message, durationMs })
    : new OutboundFailed({ reason: "network", message: message || "The connection failed.", durationMs })
}

/** The reason a request's own deadline aborts it with, told apart from a cancelled batch. */
const DEADLINE = Symbol("deadline")

/** Reads at most MAX_RESPONSE_BYTES, then destroys the body, which drops the connection instead of draining it. */
const readCapped = async (body: Dispatcher.ResponseData["body"]): Promise<string> => {
  const chunks: Array<Uint8Array> = []
  let size = 0
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    if (size + chunk.byteLength > MAX_RESPONSE_BYTES) {
      chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size))
      size = MAX_RESPONSE_BYTES
      body.destroy()
      break
    }
    chunks.push(chunk)
    size += chunk.byteLength
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** The longest a timer can run; anything longer is as good as no limit. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** A duration in whole milliseconds for a timer, Infinity for none. */
const timerMs = (duration: Duration.Duration) =>
  Duration.isFinite(duration) && Duration.toMillis(duration) <= MAX_TIMER_MS
    ? Math.max(1, Math.ceil(Duration.toMillis(duration)))
    : Number.POSITIVE_INFINITY

const headersOf = (headers: Dispatcher.ResponseData["headers"]): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name.toLowerCase(), Array.isArray(value) ? value.join(", ") : value]]
    )
  )

/**
 * OutboundHttp on one undici Agent (keep-alive connections per origin), closed with the layer.
 * Every connection resolves its host through the guard; redirects are answers, not followed.
 */
export const layerUndiciOutboundHttp = (options: UndiciOutboundHttpOptions = {}): Layer.Layer<OutboundHttp> =>
  Layer.scoped(
    OutboundHttp,
    Effect.gen(function* () {
      const allowPrivate = options.allowPrivate ?? false
      const connections = options.connections ?? DEFAULT_CONNECTIONS
      // The agent never queues: a request reaches it only holding one of its origin's shares.
      const shares = makeDestinationShares(connections)
      const agent = yield* Effect.acquireRelease(
        Effect.sync(
          () =>
            new Agent({
              connections,
              connect: { lookup: guardedLookup(options.lookup ?? systemResolve, allowPrivate) }
            })
        ),
        // destroy, not close: a request still running when the layer goes has been given up on.
        (agent) => Effect.promise(() => agent.destroy().catch(() => undefined))
      )
      /** One request from the guard to its end, never rejecting; `controller` gives it up. */
      const exchange = async (request: OutboundRequest, controller: AbortController): Promise<OutboundAnswer> => {
        const checked = checkOutboundUrl(request.url, allowPrivate)
        if (Either.isLeft(checked)) return Either.left(checked.left)
        const url = checked.right
        const timeout = Duration.decode(request.timeout)
        const waitMs = timerMs(
          request.connectionWait === undefined ? timeout : Duration.decode(request.connectionWait)
        )
        const waitStarted = performance.now()
        const release = await shares.take(destinationOf(url), waitMs, controller.signal)
        if (release === undefined) {
          const waitedMs = performance.now() - waitStarted
          return Either.left(
            controller.signal.aborted
              ? new OutboundFailed({ reason: "network", message: "The request was given up.", durationMs: 0 })
              : new OutboundBusy({
                  message: `No connection to ${url.host} came free within ${Math.round(waitedMs)} ms.`,
                  waitedMs
                })
          )
        }
        const timeoutMs = timerMs(timeout)
        // undici reads 0 as "no limit", as an infinite Duration means.
        const silenceMs = Number.isFinite(timeoutMs) ? timeoutMs : 0
        const started = performance.now()
        // The deadline covers the whole exchange; undici's own timeouts only bound each silence.
        const deadline = Number.isFinite(timeoutMs) ? setTimeout(() => controller.abort(DEADLINE), timeoutMs) : undefined
        try {
          const response = await agent.request({
            origin: url.origin,
            path: `${url.pathname}${url.search}`,
            method: "POST",
            headers: request.headers,
            body: request.body,
            signal: controller.signal,
            headersTimeout: silenceMs,
            bodyTimeout: silenceMs
          })
          const body = await readCapped(response.body)
          return Either.right({
            status: response.statusCode,
            headers: headersOf(response.headers),
            body,
            durationMs: performance.now() - started
          })
        } catch (error) {
          const durationMs = performance.now() - started
          return Either.left(
            controller.signal.reason === DEADLINE
              ? new OutboundFailed({
                  reason: "timeout",
                  message: `No complete answer within ${Duration.format(timeout)}.`,
                  durationMs
                })
              : failureOf(error, durationMs)
          )
        } finally {
          clearTimeout(deadline)
          release()
        }
      }
      // One promise for the whole batch: no fiber per request.
      const postAll: OutboundHttp["Type"]["postAll"] = (requests) =>
        Effect.promise((interrupted) => {
          const controllers = requests.map(() => new AbortController())
          // One listener for the batch: an AbortSignal warns past ten.
          interrupted.addEventListener("abort", () => controllers.forEach((controller) => controller.abort()))
          return Promise.all(requests.map((request, i) => exchange(request, controllers[i]!)))
        })
      const post: OutboundHttp["Type"]["post"] = (request) => Effect.flatMap(postAll([request]), ([answer]) => answer)
      return { post, postAll }
    })
  )
