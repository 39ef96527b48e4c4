import { HttpApi, type HttpApiMiddleware } from "@effect/platform"
import { Cause, Effect, Exit, FiberRef, FiberRefs, Option, Runtime } from "effect"
import { constantTimeEqual } from "../platform/Crypto.js"
import { unauthenticated } from "../platform/Errors.js"
import { compileAllowlist } from "../platform/IpAllowlist.js"
import { httpRequestDuration, httpRequests, label, rateLimitRejections } from "../platform/Metrics.js"
import { RateLimiter, rateLimited, setRateLimitHeaders } from "../platform/RateLimiter.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { ApiError } from "./ApiError.js"
import { clientAddress } from "./ClientAddress.js"
import { makeCors } from "./Cors.js"
import type { Document } from "./Documents.js"
import { errorBody, errorView, internalError } from "./Failure.js"
import type { Handler } from "./Implement.js"
import { makeRouteNotFound } from "./NotFound.js"
import { renderPrometheus } from "./Prometheus.js"
import {
  CurrentRequest,
  DEFAULT_MAX_BODY_BYTES,
  type IncomingRequest,
  type RequestState,
  bearerToken,
  firstHeader
} from "./RequestContext.js"
import { RequestObserver } from "./RequestObserver.js"
import type { Draft, OutgoingResponse } from "./Response.js"
import { type EndpointDescription, type Refusal, type Route, compileRoute } from "./Route.js"
import type { EndpointGuard } from "./Security.js"

/** The contract asks for something the engine does not serve; the message lists every endpoint and feature. */
export class EngineRefusal extends Error {
  override readonly name = "EngineRefusal"
  constructor(readonly refusals: ReadonlyArray<Refusal>) {
    super(`The HTTP engine cannot serve:\n${refusals.map((r) => `  ${r.endpoint}: ${r.reason}`).join("\n")}`)
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

const encoder = new TextEncoder()
const byteLength = (text: string) => encoder.encode(text).byteLength

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

const INBOUND_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

const noStatus = () => undefined

const methodNotAllowed = (allowed: ReadonlyArray<string>) =>
  new ApiError({
    status: 405,
    code: "method_not_allowed",
    message: `This route answers ${allowed.join(", ")}.`,
    headers: { allow: allowed.join(", ") }
  })

/**
 * The path as routing, the IP limits and authentication all see it: empty and "." segments
 * dropped, ".." resolved. One form for all three, so that `//api/v1//voice` cannot route
 * while slipping past a limit keyed on `/api/v1/`.
 */
const normalisePath = (raw: string): string => {
  if (!raw.includes("//") && !raw.includes("/.")) return raw
  const kept: Array<string> = []
  for (const segment of raw.split("/")) {
    if (segment === "" || segment === ".") continue
    if (segment === "..") kept.pop()
    else kept.push(segment)
  }
  return `/${kept.join("/")}${raw.endsWith("/") && kept.length > 0 ? "/" : ""}`
}

export interface Engine {
  readonly dispatch: (request: IncomingRequest) => Promise<OutgoingResponse>
}

/**
 * Serves the HttpApi contract directly: routes, validation and OpenAPI come from the HttpApi
 * definitions; each request runs as one small Effect program. This keeps per-request overhead
 * to a fraction of HttpApiBuilder on a platform HTTP server. Every endpoint is compiled at
 * start; one the engine cannot serve stops the start with an `EngineRefusal`.
 */
export const makeEngine = (options: {
  readonly api: HttpApi.HttpApi.AnyWithProps
  /** Handlers by group identifier. */
  readonly handlers: ReadonlyMap<string, Readonly<Record<string, Handler>>>
  /** Middleware compiled per endpoint (authentication); other middleware tags are looked up in the context. */
  readonly guards: ReadonlyMap<HttpApiMiddleware.TagClassAny, EndpointGuard>
  /** Fixed documents (OpenAPI, docs page, console) by path. */
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
    const cors = makeCors(settings.corsOrigins)
    const observer = Option.getOrUndefined(yield* Effect.serviceOption(RequestObserver))
    const metrics = settings.metrics
    const metricsPath = `${settings.mountPath}/metrics`
    const clock = yield* Effect.clock
    const timed = observer !== undefined || metrics.enabled

    const routes: Array<Route> = []
    const refusals: Array<Refusal> = []
    const served = new Set<string>()
    HttpApi.reflect(options.api, {
      onGroup: () => {},
      onEndpoint: ({ endpoint, errors, group, mergedAnnotations, middleware, payloads, successes }) => {
        const name = `${group.identifier}.${endpoint.name}`
        const handler = options.handlers.get(group.identifier)?.[endpoint.name]
        if (handler === undefined) {
          refusals.push({ endpoint: name, reason: "has no handler" })
          return
        }
        served.add(group.identifier)
        const description: EndpointDescription = {
          name,
          endpoint: endpoint as unknown as EndpointDescription["endpoint"],
          annotations: mergedAnnotations,
          middleware,
          payloads,
          successes,
          errors
        }
        const compiled = compileRoute(description, handler, options.guards, context, runtime)
        if (Array.isArray(compiled)) refusals.push(...compiled)
        else routes.push(compiled as Route)
      }
    })
    for (const group of options.handlers.keys()) {
      if (!served.has(group)) refusals.push({ endpoint: group, reason: "has handlers but is not part of the API" })
    }
    if (options.api.middlewares.size > 0)
      refusals.push({ endpoint: "api", reason: "API-level middleware is not served" })
    if (refusals.length > 0) return yield* Effect.die(new EngineRefusal(refusals))

    const documentParts = [...options.documents.keys()].map((path) => path.split("/").filter((s) => s.length > 0))
    const routeNotFound = makeRouteNotFound(
      settings.mountPath,
      (parts) =>
        options.documents.has(`/${parts.join("/")}`) || routes.some((route) => match(route, parts) !== undefined),
      Math.max(...routes.map((route) => route.segments.length), ...documentParts.map((parts) => parts.length))
    )

    /** The document or route for the path; a 405 naming the methods the path answers, or a 404. */
    const answer = (
      request: IncomingRequest,
      path: string,
      query: URLSearchParams,
      state: RequestState
    ): Effect.Effect<Draft, unknown> => {
      // HEAD is GET without the body (RFC 9110 §9.3.2); the body is dropped as the response leaves.
      const method = request.method === "HEAD" ? "GET" : request.method
      if (metrics.enabled && path === metricsPath && method === "GET") return metricsResponse(request)
      const document = options.documents.get(path)
      if (method === "GET" && document !== undefined) {
        return Effect.succeed({
          status: 200,
          headers: { "content-type": document.contentType, ...document.headers },
          body: document.body
        })
      }
      const parts = path.split("/").filter((s) => s.length > 0)
      for (const route of routes) {
        if (route.method !== method) continue
        const params = match(route, parts)
        if (params !== undefined) {
          state.route = route
          return route.run(params, query, state)
        }
      }
      const allowed = new Set(document === undefined ? [] : ["GET"])
      for (const route of routes) if (match(route, parts) !== undefined) allowed.add(route.method)
      if (allowed.size === 0) return Effect.fail(routeNotFound(path, parts))
      if (allowed.has("GET")) allowed.add("HEAD")
      // A CORS preflight from a listed origin: answered before authentication, which browsers do not send with it.
      if (
        method === "OPTIONS" &&
        cors.allows(firstHeader(request.headers, "origin")) &&
        firstHeader(request.headers, "access-control-request-method") !== undefined
      ) {
        return Effect.succeed({ status: 204, headers: cors.preflight([...allowed]), body: undefined })
      }
      return Effect.fail(methodNotAllowed([...allowed]))
    }

    /** The metrics in Prometheus text; behind the bearer token when one is configured. */
    const metricsResponse = (request: IncomingRequest): Effect.Effect<Draft, unknown> => {
      const token = metrics.bearerToken
      if (token !== undefined && !constantTimeEqual(bearerToken(request.headers) ?? "", token)) {
        return Effect.fail(unauthenticated("invalid_credentials", "The metrics endpoint needs its bearer token."))
      }
      return Effect.succeed({
        status: 200,
        headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" },
        body: renderPrometheus()
      })
    }

    /** Counts the request in the metrics and tells the observer; only when either is on. */
    const record = (request: IncomingRequest, path: string, state: RequestState, status: number, startedNs: bigint) => {
      const durationMs = Number(clock.unsafeCurrentTimeNanos() - startedNs) / 1e6
      const route = state.route?.path
      if (metrics.enabled) {
        // Unmatched paths and unknown methods share one label each, so that scanning cannot grow the series.
        const routeLabel = label("route", route ?? "unmatched")
        const methodLabel = label("method", KNOWN_METHODS.has(request.method) ? request.method : "other")
        httpRequests.unsafeUpdate(1, [methodLabel, routeLabel, label("status", String(status))])
        httpRequestDuration.unsafeUpdate(durationMs / 1000, [methodLabel, routeLabel])
        if (state.limitedBy !== undefined) rateLimitRejections.unsafeUpdate(1, [label("limit", state.limitedBy)])
      }
      observer?.observe({
        method: request.method,
        route,
        path,
        status,
        durationMs,
        requestId: state.requestId,
        tenantId: state.tenantId,
        clientIp: state.clientIp
      })
    }

    // Plain flatMaps rather than a generator: this wraps every request.
    const respond = (request: IncomingRequest, path: string, query: URLSearchParams, state: RequestState) => {
      if (!path.startsWith(publicPrefix)) return answer(request, path, query, state)
      return Effect.flatMap(limiter.forIp(path.slice(settings.mountPath.length), state.clientIp), (ipLimit) => {
        if (ipLimit === undefined) return answer(request, path, query, state)
        state.rateLimit = ipLimit
        if (!ipLimit.allowed) {
          state.limitedBy = "ip"
          return rateLimited(ipLimit)
        }
        return answer(request, path, query, state)
      })
    }

    const failed = (cause: Cause.Cause<unknown>, state: RequestState): Draft => {
      let view = internalError
      try {
        view = errorView(Cause.squash(cause), state.route?.statusOf ?? noStatus)
      } catch {
        // A failure while describing a failure is a bug of its own; the client still gets a 500.
      }
      if (view.status === 500) {
        runFork(Effect.annotateLogs(Effect.logError("request failed", cause), "requestId", state.requestId))
      }
      const response: Draft = {
        status: view.status,
        headers: { "content-type": "application/json" },
        body: errorBody(view, state.requestId)
      }
      if (view.headers !== undefined) Object.assign(response.headers, view.headers)
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
        request,
        route: undefined,
        rateLimit: undefined,
        limitedBy: undefined,
        tenantId: undefined,
        maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
        bytes: undefined,
        text: undefined
      }
      const queryAt = request.url.indexOf("?")
      const path = normalisePath(queryAt === -1 ? request.url : request.url.slice(0, queryAt))
      const query = new URLSearchParams(queryAt === -1 ? "" : request.url.slice(queryAt + 1))
      const startedNs = timed ? clock.unsafeCurrentTimeNanos() : 0n
      const finish = (response: Draft): OutgoingResponse => {
        if (timed) {
          try {
            record(request, path, state, response.status, startedNs)
          } catch {
            // An observer that throws must not keep the response from its client.
          }
        }
        response.headers["x-request-id"] = requestId
        if (state.rateLimit !== undefined) setRateLimitHeaders(response.headers, state.rateLimit)
        if (cors.enabled) {
          const origin = firstHeader(request.headers, "origin")
          if (cors.allows(origin)) cors.decorate(response.headers, origin)
        }
        if (request.method !== "HEAD" || response.body === undefined) return response
        // HEAD: the GET's headers, its length included when known, and no body.
        const { body } = response
        if (body instanceof ReadableStream) body.cancel().catch(() => {})
        else response.headers["content-length"] = String(typeof body === "string" ? byteLength(body) : body.byteLength)
        return { ...response, body: undefined }
      }
      return new Promise((resolve) => {
        // Each request has a fiber of its own, started with the request's state in place.
        // Its failure becomes the response (`failed`), so Effect does not log it as unhandled: such a
        // log line (at debug) would carry the schema's report, with the values the client sent.
        const fiber = runFork(respond(request, path, query, state), {
          updateRefs: (refs, fiberId) =>
            FiberRefs.updateAs(FiberRefs.updateAs(refs, { fiberId, fiberRef: CurrentRequest, value: state }), {
              fiberId,
              fiberRef: FiberRef.unhandledErrorLogLevel,
              value: Option.none()
            })
        })
        fiber.addObserver((exit) => resolve(finish(Exit.isSuccess(exit) ? exit.value : failed(exit.cause, state))))
      })
    }

    return { dispatch } satisfies Engine
  })
