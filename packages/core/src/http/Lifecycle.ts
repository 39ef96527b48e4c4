import { type HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Clock, Effect, Option } from "effect"
import { compileAllowlist, parseAddress } from "../platform/IpAllowlist.js"
import { RateLimiter, rateLimitHeaders, rateLimited } from "../platform/RateLimiter.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { errorResponse, toApiError } from "./Failure.js"
import { CurrentRequest, type RequestState, SocketAddress } from "./RequestContext.js"

const INBOUND_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The client address: the socket peer, or — when the peer is a trusted proxy —
 * the right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
export const clientAddress = (
  socket: string | undefined,
  forwardedFor: string | undefined,
  isTrusted: (ip: string) => boolean
): string | undefined => {
  if (socket === undefined || forwardedFor === undefined || !isTrusted(socket)) return socket
  const hops = forwardedFor.split(",").map((hop) => hop.trim()).filter((hop) => parseAddress(hop) !== undefined)
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(hops[i])) return hops[i]
  }
  return hops[0] ?? socket
}

/**
 * Wraps every request: assigns X-Request-ID, applies per-IP limits on public
 * routes, renders every failure in the common error body and adds
 * X-RateLimit-* headers to every public response.
 */
export const lifecycle = Effect.gen(function* () {
  const settings = yield* ServiceKitSettings
  const limiter = yield* RateLimiter
  const publicPrefix = `${settings.mountPath}/v1/`
  const isTrusted = compileAllowlist(settings.trustedProxies)

  return (app: HttpApp.Default): HttpApp.Default =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const inboundId = request.headers["x-request-id"]
      const requestId =
        inboundId !== undefined && INBOUND_REQUEST_ID.test(inboundId) ? inboundId : globalThis.crypto.randomUUID()
      const socket =
        Option.getOrUndefined(request.remoteAddress) ?? Option.getOrUndefined(yield* Effect.serviceOption(SocketAddress))
      const state: RequestState = {
        requestId,
        clientIp: clientAddress(socket, request.headers["x-forwarded-for"], isTrusted),
        rateLimit: undefined
      }
      const queryAt = request.url.indexOf("?")
      const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt)
      const isPublic = path.startsWith(publicPrefix)

      const run = Effect.gen(function* () {
        if (isPublic) {
          const ipLimit = yield* limiter.forIp(path.slice(settings.mountPath.length), state.clientIp)
          if (ipLimit !== undefined) {
            state.rateLimit = ipLimit
            if (!ipLimit.allowed) return yield* rateLimited(ipLimit, yield* Clock.currentTimeMillis)
          }
        }
        return yield* app
      })

      const response = yield* run.pipe(
        Effect.locally(CurrentRequest, state),
        Effect.catchAllCause((cause) => {
          if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
          const error = toApiError(cause)
          const logged = error.status === 500 ? Effect.logError("request failed", cause) : Effect.void
          return Effect.as(logged, errorResponse(error, requestId))
        })
      )
      const headers: Record<string, string> = { "x-request-id": requestId }
      return HttpServerResponse.setHeaders(
        response,
        isPublic && state.rateLimit !== undefined ? { ...headers, ...rateLimitHeaders(state.rateLimit) } : headers
      )
    })
})
