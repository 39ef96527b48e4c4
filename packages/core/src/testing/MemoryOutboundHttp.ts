import { Duration, Effect, Either, Layer } from "effect"
import {
  MAX_RESPONSE_BYTES,
  OutboundBusy,
  type OutboundError,
  OutboundFailed,
  OutboundHttp,
  type OutboundRequest,
  type OutboundResponse,
  checkOutboundUrl,
  destinationOf
} from "../platform/OutboundHttp.js"
import { type Release, makeDestinationShares } from "../platform/DestinationShares.js"

/** How the memory target answers a request; headers and body default to none. */
export interface MemoryOutboundAnswer {
  readonly status: number
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly body?: string | undefined
}

export interface MemoryOutboundHttpOptions {
  /** Allow http and private or loopback targets, as SERVICEKIT_OUTBOUND_ALLOW_PRIVATE does; false by default. */
  readonly allowPrivate?: boolean | undefined
  /** Requests in flight to one destination (origin) at once, as the real client's connections; 16 by default. */
  readonly connections?: number | undefined
  /** Answers each request that passes the guard; 200 with an empty body by default. */
  readonly respond?: ((request: OutboundRequest) => Effect.Effect<MemoryOutboundAnswer, OutboundFailed>) | undefined
}

/** An outbound HTTP client in memory: hand `client` to the code under test, then read `requests`. */
export interface MemoryOutboundHttp {
  readonly client: OutboundHttp["Type"]
  /** Every request `post` was given, oldest first, including those the guard refused (which never reach `respond`). */
  readonly requests: ReadonlyArray<OutboundRequest>
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** The body as the real client keeps it: its first MAX_RESPONSE_BYTES, decoded as UTF-8. */
const capped = (body: string) => decoder.decode(encoder.encode(body).subarray(0, MAX_RESPONSE_BYTES))

const makeClient = (options: MemoryOutboundHttpOptions): MemoryOutboundHttp => {
  const requests: Array<OutboundRequest> = []
  const respond = options.respond ?? (() => Effect.succeed<MemoryOutboundAnswer>({ status: 200 }))
  // The real client's gate: each destination's connections, and waits given up once none comes back.
  const shares = makeDestinationShares(options.connections ?? 16)
  /** The exchange once a connection is free, or OutboundBusy when none came back within the request's wait. */
  const withConnection = <A>(request: OutboundRequest, url: URL, exchange: Effect.Effect<A, OutboundError>) => {
    const waitMs = Duration.toMillis(Duration.decode(request.connectionWait ?? request.timeout))
    const take = Effect.async<Release | undefined>((resume, signal) => {
      shares.take(destinationOf(url), waitMs, signal).then((release) => resume(Effect.succeed(release)))
    })
    return Effect.uninterruptibleMask((restore) =>
      Effect.flatMap(restore(Effect.timed(take)), ([waited, release]) =>
        release === undefined
          ? Effect.fail(
              new OutboundBusy({
                message: `No connection to ${url.host} came free within ${Duration.format(waited)}.`,
                waitedMs: Duration.toMillis(waited)
              })
            )
          : Effect.ensuring(restore(exchange), Effect.sync(release))
      )
    )
  }
  const post: OutboundHttp["Type"]["post"] = (request) =>
    Effect.suspend((): Effect.Effect<OutboundResponse, OutboundError> => {
      requests.push(request)
      const checked = checkOutboundUrl(request.url, options.allowPrivate ?? false)
      if (Either.isLeft(checked)) return Effect.fail(checked.left)
      return withConnection(request, checked.right, respond(request).pipe(
        Effect.timeoutFail({
          duration: request.timeout,
          onTimeout: () =>
            new OutboundFailed({
              reason: "timeout",
              message: `No answer within ${Duration.format(Duration.decode(request.timeout))}.`,
              durationMs: Duration.toMillis(Duration.decode(request.timeout))
            })
        }),
        Effect.timed,
        Effect.map(
          ([duration, answer]): OutboundResponse => ({
            status: answer.status,
            headers: Object.fromEntries(
              Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])
            ),
            body: capped(answer.body ?? ""),
            durationMs: Duration.toMillis(duration)
          })
        )
      ))
    })
  const client: OutboundHttp["Type"] = {
    post,
    postAll: (all) => Effect.forEach(all, (request) => Effect.either(post(request)), { concurrency: "unbounded" })
  }
  return { client, requests }
}

/** Clients made here, so that a test can find the memory client behind the tag. */
const clients = new WeakMap<OutboundHttp["Type"], MemoryOutboundHttp>()

/** A fresh memory client that has been given nothing yet. */
export const makeMemoryOutboundHttp = (options: MemoryOutboundHttpOptions = {}): Effect.Effect<MemoryOutboundHttp> =>
  Effect.sync(() => {
    const memory = makeClient(options)
    clients.set(memory.client, memory)
    return memory
  })

/** OutboundHttp in memory; `memoryOutboundHttp` finds its `requests`. */
export const layerMemoryOutboundHttp = (options: MemoryOutboundHttpOptions = {}): Layer.Layer<OutboundHttp> =>
  Layer.effect(
    OutboundHttp,
    Effect.map(makeMemoryOutboundHttp(options), (memory) => memory.client)
  )

/** The memory client provided as OutboundHttp (by layerMemoryOutboundHttp); dies if it is another client. */
export const memoryOutboundHttp: Effect.Effect<MemoryOutboundHttp, never, OutboundHttp> = Effect.flatMap(
  OutboundHttp,
  (client) => {
    const memory = clients.get(client)
    return memory === undefined
      ? Effect.dieMessage(`${OutboundHttp.key} is not a memory client.`)
      : Effect.succeed(memory)
  }
)
