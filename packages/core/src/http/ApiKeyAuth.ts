import { Clock, Context, Effect, FiberRef, Schema } from "effect"
import { ApiKeyService } from "../platform/ApiKeyService.js"
import { ForbiddenError, RateLimitedError, UnauthorizedError, unauthorized } from "../platform/Errors.js"
import type { Environment, KeyProduct } from "../platform/Products.js"
import { RateLimiter, rateLimited } from "../platform/RateLimiter.js"
import { CurrentRequest, type RequestState, firstHeader } from "./RequestContext.js"

/** Who is calling a public endpoint, as established by API-key authentication. */
export class ApiCaller extends Context.Tag("@servicekit/core/ApiCaller")<
  ApiCaller,
  {
    readonly tenantId: string
    readonly keyId: string
    readonly product: KeyProduct
    readonly environment: Environment
  }
>() {}

export const ApiKeyFailure = Schema.Union(UnauthorizedError, ForbiddenError, RateLimitedError)

const BEARER = /^Bearer(?: +(\S*))? *$/i

/** The key from `Authorization: Bearer` or `X-API-Key`; fails when Authorization uses another scheme. */
export const presentedKey = (state: RequestState) => {
  const authorization = firstHeader(state.headers, "authorization")
  if (authorization !== undefined && authorization.length > 0) {
    const match = BEARER.exec(authorization)
    if (match === null) {
      return Effect.fail(unauthorized("malformed_credentials", "The Authorization header must use the Bearer scheme."))
    }
    return Effect.succeed(match[1] ?? "")
  }
  return Effect.succeed(firstHeader(state.headers, "x-api-key")?.trim())
}

/**
 * Endpoint middleware for a public route of `product` that needs `scope`:
 * authenticate, count against the key's rate limit, then authorize.
 */
export const makeApiKeyAuth = (product: KeyProduct, scope: string) =>
  Effect.gen(function* () {
    const keys = yield* ApiKeyService
    const limiter = yield* RateLimiter
    return Effect.gen(function* () {
      const state = yield* FiberRef.get(CurrentRequest)
      const verified = yield* keys.verify(yield* presentedKey(state), state.clientIp)
      const limit = yield* limiter.forKey(verified.key.id)
      state.rateLimit = limit
      if (!limit.allowed) return yield* rateLimited(limit, yield* Clock.currentTimeMillis)
      yield* keys.authorize(verified, product, scope)
      return {
        tenantId: verified.tenant.id,
        keyId: verified.key.id,
        product: verified.key.product,
        environment: verified.key.environment
      }
    })
  })
