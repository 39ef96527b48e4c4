import { Context, Effect, FiberRef, Schema } from "effect"
import { ApiKeyService, type VerifiedKey } from "../platform/ApiKeyService.js"
import { type ApiError, ForbiddenError, RateLimitedError, UnauthorizedError, unauthorized } from "../platform/Errors.js"
import type { Environment, KeyProduct } from "../platform/Products.js"
import { RateLimiter, rateLimited } from "../platform/RateLimiter.js"
import { CurrentRequest, type RequestState, bearerToken, firstHeader } from "./RequestContext.js"

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

/** The key from `Authorization: Bearer` or `X-API-Key`; fails when Authorization uses another scheme. */
export const presentedKey = (state: RequestState): Effect.Effect<string | undefined, ApiError> => {
  const token = bearerToken(state.headers)
  if (token === null) {
    return Effect.fail(unauthorized("malformed_credentials", "The Authorization header must use the Bearer scheme."))
  }
  return Effect.succeed(token ?? firstHeader(state.headers, "x-api-key")?.trim())
}

/**
 * Endpoint middleware for a public route of `product` that needs `scope`:
 * authenticate, count against the key's rate limit, then authorize.
 */
export const makeApiKeyAuth = (product: KeyProduct, scope: string) =>
  Effect.gen(function* () {
    const keys = yield* ApiKeyService
    const limiter = yield* RateLimiter
    const admit = (state: RequestState, verified: VerifiedKey) =>
      Effect.flatMap(limiter.forKey(verified.key.id), (limit) => {
        state.rateLimit = limit
        if (!limit.allowed) return rateLimited(limit)
        return Effect.as(keys.authorize(verified, product, scope), {
          tenantId: verified.tenant.id,
          keyId: verified.key.id,
          product: verified.key.product,
          environment: verified.key.environment
        })
      })
    // Chained flatMaps rather than a generator: this runs on every public request.
    return Effect.flatMap(FiberRef.get(CurrentRequest), (state) =>
      presentedKey(state).pipe(
        Effect.flatMap((presented) => keys.verify(presented, state.clientIp)),
        Effect.flatMap((verified) => admit(state, verified))
      )
    )
  })
