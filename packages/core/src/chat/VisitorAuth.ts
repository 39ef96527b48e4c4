import { HttpApiMiddleware } from "@effect/platform"
import { Clock, Context, Effect, FiberRef, Layer, Option, Schema } from "effect"
import { CurrentRequest, type RequestState, bearerToken } from "../http/RequestContext.js"
import { SecretCrypto } from "../platform/Crypto.js"
import { PermissionDenied, RateLimited, Unauthenticated, unauthenticated } from "../platform/Errors.js"
import type { RateLimitResult } from "../platform/RateLimit.js"
import { RateLimiter, rateLimited } from "../platform/RateLimiter.js"
import { TenantStanding } from "../platform/TenantStanding.js"
import type { VisitorToken } from "./Chat.js"
import { VisitorTokenRepository } from "./ChatRepositories.js"

/** `svt_` and 40 base62 characters. */
export const VISITOR_TOKEN = /^svt_[0-9A-Za-z]{40}$/

/** The visitor behind a request to the hosted chat's API: the conversation its token opens. */
export class VisitorSession extends Context.Tag("@servicekit/core/VisitorSession")<VisitorSession, VisitorToken>() {}

/**
 * The visitor token as `Authorization: Bearer svt_...`, and nothing else: API keys and dashboard
 * tokens open no visitor's conversation. Visitors are rate limited per client address (before the
 * token is looked at, which also slows guessing) and per token. A suspended tenant's links get 403
 * `tenant_suspended`: the page says the chat is unavailable, and the link works again once resumed.
 */
export class VisitorAuth extends HttpApiMiddleware.Tag<VisitorAuth>()("@servicekit/core/VisitorAuth", {
  failure: Schema.Union(Unauthenticated, PermissionDenied, RateLimited),
  provides: VisitorSession
}) {}

/** Counts the request against `limit`; refuses it with the 429 when the limit is spent. */
export const admitted = (state: RequestState, limit: RateLimitResult, limitedBy: "ip" | "visitor") => {
  state.rateLimit = limit
  if (limit.allowed) return Effect.void
  state.limitedBy = limitedBy
  return rateLimited(limit)
}

export const layerVisitorAuth: Layer.Layer<
  VisitorAuth,
  never,
  VisitorTokenRepository | SecretCrypto | RateLimiter | TenantStanding
> = Layer.effect(
  VisitorAuth,
  Effect.gen(function* () {
    const tokens = yield* VisitorTokenRepository
    const crypto = yield* SecretCrypto
    const limiter = yield* RateLimiter
    const standing = yield* TenantStanding
    const refused = () =>
      Effect.fail(
        unauthenticated("invalid_visitor_token", "The chat link is not valid or has expired; ask for a new one.")
      )
    const visitor = (
      state: RequestState
    ): Effect.Effect<VisitorToken, Unauthenticated | PermissionDenied | RateLimited> => {
      const token = bearerToken(state.headers)
      if (token === undefined || token === null || token.length === 0) {
        return Effect.fail(
          unauthenticated("missing_credentials", "Send the visitor token as 'Authorization: Bearer <token>'.")
        )
      }
      if (!VISITOR_TOKEN.test(token)) return refused()
      // Stored as a digest: the lookup by digest compares no secret byte by byte.
      return Effect.flatMap(crypto.sha256Hex(token), (digest) =>
        Effect.flatMap(Effect.zip(tokens.find(digest), Clock.currentTimeMillis), ([found, now]): Effect.Effect<
          VisitorToken,
          Unauthenticated | PermissionDenied | RateLimited
        > => {
          if (Option.isNone(found) || found.value.expiresAt.getTime() <= now) return refused()
          state.tenantId = found.value.tenantId
          return Effect.as(
            Effect.zipRight(
              Effect.flatMap(limiter.forVisitor(digest), (limit) => admitted(state, limit, "visitor")),
              standing.check(found.value.tenantId)
            ),
            found.value
          )
        })
      )
    }
    return Effect.flatMap(FiberRef.get(CurrentRequest), (state) =>
      Effect.zipRight(
        Effect.flatMap(limiter.forVisitorAddress(state.clientIp), (limit) => admitted(state, limit, "ip")),
        visitor(state)
      )
    )
  })
)
