import type { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware } from "@effect/platform"
import { type Cause, Context, Effect, Exit, FiberRef, FiberRefs, Option, Runtime, Schema } from "effect"
import { ApiError, badRequest } from "../platform/Errors.js"
import { compileAllowlist } from "../platform/IpAllowlist.js"
import { RateLimiter, rateLimited, setRateLimitHeaders } from "../platform/RateLimiter.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { clientAddress } from "./ClientAddress.js"
import type { Document } from "./Documents.js"
import { errorBody, toApiError } from "./Failure.js"
import { jsonWriter } from "./JsonWriter.js"
import { CurrentRequest, type RequestState, firstHeader } from "./RequestContext.js"

/** A request as every host hands it over (node:http, Bun, web-standard). */
export interface IncomingRequest {
  readonly method: string
  /** Path and query, e.g. `/api/v1/voice/calls?limit=20`. */
  readonly url: string
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  readonly remoteAddress: string | undefined
  /** The raw body; hosts read it once and cache it (it is also what HMAC checks verify). */
  readonly body: () => Promise<string>
}

export interface OutgoingResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

type Endpoints<G> = HttpApiGroup.HttpApiGroup.Endpoints<G>

/** What a handler receives: the decoded path, query and body of its endpoint. */
export type EndpointInput<E extends HttpApiEndpoint.HttpApiEndpoint.Any> = Omit<
  HttpApiEndpoint.HttpApiEndpoint.Request<E>,
  "request"
>

/**
 * One handler per endpoint of a group, typed by the group's contract. Requirements are
 * left open: the group's middleware provides the caller, the layer everything else.
 */
export type GroupHandlers<G extends HttpApiGroup.HttpApiGroup.Any> = {
  readonly [Name in HttpApiEndpoint.HttpApiEndpoint.Name<Endpoints<G>>]: (
    input: EndpointInput<HttpApiEndpoint.HttpApiEndpoint.WithName<Endpoints<G>, Name>>
  ) => Effect.Effect<
    HttpApiEndpoint.HttpApiEndpoint.Success<HttpApiEndpoint.HttpApiEndpoint.WithName<Endpoints<G>, Name>>,
    ApiError,
    unknown
  >
}

export interface GroupImplementation {
  readonly group: HttpApiGroup.HttpApiGroup.AnyWithProps
  readonly handlers: Readonly<Record<string, (input: any) => Effect.Effect<unknown, ApiError, any>>>
}

/** Pairs a group of the contract with its handlers. */
export const implement = <G extends HttpApiGroup.HttpApiGroup.Any>(
  group: G,
  handlers: GroupHandlers<G>
): GroupImplementation => ({ group: group as unknown as HttpApiGroup.HttpApiGroup.AnyWithProps, handlers: handlers as any })

interface Route {
  readonly method: string
  readonly segments: ReadonlyArray<string>
  readonly run: (params: Record<string, string>, query: URLSearchParams, request: IncomingRequest) => Effect.Effect<string, unknown>
}

/** A response whose headers the engine completes (request id, rate limit) before handing it over. */
interface Draft {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
}

const json = (status: number, body: string): Draft => ({ status, headers: { "content-type": "application/json" }, body })

/** Query parameters as the schemas expect them: a repeated key becomes an array. */
const queryRecord = (query: URLSearchParams): Record<string, string | Array<string>> => {
  const out: Record<string, string | Array<string>> = {}
  for (const [key, value] of query) {
    const previous = out[key]
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value]
  }
  return out
}

const readJson = (request: IncomingRequest) =>
  Effect.flatMap(
    Effect.tryPromise({
      try: () => request.body(),
      catch: () => new ApiError({ status: 413, code: "body_too_large", message: "The request body is too large." })
    }),
    (text) =>
      text.length === 0
        ? Effect.succeed(undefined)
        : Effect.try({
            try: () => JSON.parse(text) as unknown,
            catch: () => badRequest("invalid_body", "The request body is not valid JSON.")
          })
  )

/**
 * Middleware of a group (API key or dashboard token): its implementation, found in
 * the context once, runs before the handler and provides what it establishes.
 */
const middlewareOf = (middlewares: ReadonlySet<HttpApiMiddleware.TagClassAny>, context: Context.Context<never>) => {
  const guards = [...middlewares].map((tag) => ({
    implementation: Context.unsafeGet(context, tag as any) as Effect.Effect<unknown, unknown>,
    provides: (tag as { provides?: Context.Tag<any, any> }).provides
  }))
  // The request's fiber runs nothing after the handler, so what a middleware provides is added
  // to its context for good: restoring it (Effect.provideService) would cost more than the route.
  return (effect: Effect.Effect<string, unknown, any>) =>
    guards.reduce(
      (inner, { implementation, provides }) =>
        provides === undefined
          ? Effect.zipRight(implementation, inner)
          : Effect.flatMap(implementation, (value) =>
              Effect.zipRight(
                FiberRef.update(FiberRef.currentContext, (current) => Context.add(current, provides, value)),
                inner
              )
            ),
      effect
    )
}

const syncDecoder = (schema: Option.Option<Schema.Schema.Any>) =>
  Option.isSome(schema) ? Schema.decodeUnknownEither(schema.value as Schema.Schema<any, unknown>) : undefined

const compileRoute = (
  endpoint: HttpApiEndpoint.HttpApiEndpoint.AnyWithProps,
  middlewares: ReadonlySet<HttpApiMiddleware.TagClassAny>,
  handler: (input: any) => Effect.Effect<unknown, ApiError, any>,
  context: Context.Context<never>
): Route => {
  const decodePath = syncDecoder(endpoint.pathSchema)
  const decodeQuery = syncDecoder(endpoint.urlParamsSchema)
  const decodeBody = syncDecoder(endpoint.payloadSchema)
  const write = jsonWriter(endpoint.successSchema)
  const guarded = middlewareOf(middlewares, context)
  // Path and query are decoded synchronously, the body once read; this runs on every request.
  const run = (params: Record<string, string>, query: URLSearchParams, request: IncomingRequest) => {
    const input: Record<string, unknown> = {}
    if (decodePath !== undefined) {
      const path = decodePath(params)
      if (path._tag === "Left") return Effect.fail(path.left)
      input.path = path.right
    }
    if (decodeQuery !== undefined) {
      const urlParams = decodeQuery(queryRecord(query))
      if (urlParams._tag === "Left") return Effect.fail(urlParams.left)
      input.urlParams = urlParams.right
    }
    const handled: Effect.Effect<unknown, unknown, any> =
      decodeBody === undefined
        ? handler(input)
        : Effect.flatMap(readJson(request), (body): Effect.Effect<unknown, unknown, any> => {
            const payload = decodeBody(body)
            if (payload._tag === "Left") return Effect.fail(payload.left)
            input.payload = payload.right
            return handler(input)
          })
    return Effect.map(handled, write)
  }
  return {
    method: endpoint.method,
    segments: endpoint.path.split("/").filter((s) => s.length > 0),
    // Handlers and middleware close over their services; the middleware runs first and provides the caller.
    run: (params, query, request) => guarded(Effect.suspend(() => run(params, query, request))) as Effect.Effect<string, unknown>
  }
}

/** A malformed escape stays as sent, so the parameter's schema rejects it with a 400. */
const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const match = (route: Route, parts: ReadonlyArray<string>): Record<string, string> | undefined => {
  if (route.segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i]
    if (segment.charCodeAt(0) === 58 /* : */) params[segment.slice(1)] = decodeSegment(parts[i])
    else if (segment !== parts[i]) return undefined
  }
  return params
}

const INBOUND_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export interface Engine {
  readonly dispatch: (request: IncomingRequest) => Promise<OutgoingResponse>
}

/**
 * Serves the HttpApi contract directly: routes, validation and OpenAPI come from the
 * HttpApi definitions; each request runs as one small Effect program. This keeps
 * per-request overhead to a fraction of HttpApiBuilder on a platform HTTP server.
 */
export const makeEngine = (options: {
  readonly api: HttpApi.HttpApi.AnyWithProps
  readonly groups: ReadonlyArray<GroupImplementation>
  /** Fixed documents (OpenAPI, docs page) by path. */
  readonly documents: ReadonlyMap<string, Document>
}) =>
  Effect.gen(function* () {
    const settings = yield* ServiceKitSettings
    const limiter = yield* RateLimiter
    const context = yield* Effect.context<never>()
    const runtime = yield* Effect.runtime<never>()
    const runFork = Runtime.runFork(runtime)
    const publicPrefix = `${settings.mountPath}/v1/`
    const isTrusted = compileAllowlist(settings.trustedProxies)

    const routes: Array<Route> = []
    for (const implementation of options.groups) {
      // The api's copy of the group carries the mount prefix.
      const group = options.api.groups[implementation.group.identifier]
      const handlers = implementation.handlers
      for (const endpoint of Object.values(group.endpoints) as Array<HttpApiEndpoint.HttpApiEndpoint.AnyWithProps>) {
        const handler = handlers[endpoint.name]
        if (handler === undefined) throw new Error(`No handler for ${group.identifier}.${endpoint.name}`)
        routes.push(compileRoute(endpoint, group.middlewares, handler, context))
      }
    }

    /** The document or route for the path, or a 404. */
    const answer = (request: IncomingRequest, path: string, query: URLSearchParams): Effect.Effect<Draft, unknown> => {
      if (request.method === "GET") {
        const document = options.documents.get(path)
        if (document !== undefined) {
          return Effect.succeed({ status: 200, headers: { "content-type": document.contentType }, body: document.body })
        }
      }
      const parts = path.split("/").filter((s) => s.length > 0)
      for (const route of routes) {
        if (route.method !== request.method) continue
        const params = match(route, parts)
        if (params !== undefined) return Effect.map(route.run(params, query, request), (body) => json(200, body))
      }
      return Effect.fail(new ApiError({ status: 404, code: "route_not_found", message: "No such route." }))
    }

    // Plain flatMaps rather than a generator: this wraps every request.
    const respond = (request: IncomingRequest, path: string, query: URLSearchParams, state: RequestState) => {
      if (!path.startsWith(publicPrefix)) return answer(request, path, query)
      return Effect.flatMap(limiter.forIp(path.slice(settings.mountPath.length), state.clientIp), (ipLimit) => {
        if (ipLimit === undefined) return answer(request, path, query)
        state.rateLimit = ipLimit
        if (!ipLimit.allowed) return rateLimited(ipLimit)
        return answer(request, path, query)
      })
    }

    const failed = (cause: Cause.Cause<unknown>, requestId: string) => {
      const error = toApiError(cause)
      if (error.status === 500) runFork(Effect.logError("request failed", cause))
      const response = json(error.status, errorBody(error, requestId))
      if (error.headers !== undefined) Object.assign(response.headers, error.headers)
      return response
    }

    const dispatch = (request: IncomingRequest): Promise<OutgoingResponse> => {
      const inboundId = firstHeader(request.headers, "x-request-id")
      const requestId =
        inboundId !== undefined && INBOUND_REQUEST_ID.test(inboundId) ? inboundId : globalThis.crypto.randomUUID()
      const state: RequestState = {
        requestId,
        clientIp: clientAddress(request.remoteAddress, firstHeader(request.headers, "x-forwarded-for"), isTrusted),
        headers: request.headers,
        rateLimit: undefined
      }
      const queryAt = request.url.indexOf("?")
      const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt)
      const query = new URLSearchParams(queryAt === -1 ? "" : request.url.slice(queryAt + 1))
      const finish = (response: Draft): OutgoingResponse => {
        response.headers["x-request-id"] = requestId
        if (state.rateLimit !== undefined) setRateLimitHeaders(response.headers, state.rateLimit)
        return response
      }
      return new Promise((resolve) => {
        // Each request has a fiber of its own, started with the request's state in place.
        const fiber = runFork(respond(request, path, query, state), {
          updateRefs: (refs, fiberId) => FiberRefs.updateAs(refs, { fiberId, fiberRef: CurrentRequest, value: state })
        })
        fiber.addObserver((exit) =>
          resolve(finish(Exit.isSuccess(exit) ? exit.value : failed(exit.cause, requestId)))
        )
      })
    }

    return { dispatch } satisfies Engine
  })
