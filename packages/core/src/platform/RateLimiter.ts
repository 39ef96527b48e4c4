import { Clock, Context, Effect, Layer } from "effect"
import { type RateLimited, rateLimitedError } from "./Errors.js"
import { RateLimitStore, type RateLimitResult } from "./RateLimit.js"
import { ServiceKitSettings } from "./Settings.js"

/** Applies the configured limits: per API key, and per client IP by path prefix. */
export class RateLimiter extends Context.Tag("@servicekit/core/RateLimiter")<
  RateLimiter,
  {
    readonly forKey: (keyId: string) => Effect.Effect<RateLimitResult>
    /** The most specific IP rule matching `path` (relative to the mount path), if any. */
    readonly forIp: (path: string, ip: string | undefined) => Effect.Effect<RateLimitResult | undefined>
    /** A tenant's exports (or another costly action): `settings.exportRateLimit` per tenant. */
    readonly forExport: (tenantId: string) => Effect.Effect<RateLimitResult>
    /** A hosted chat visitor, by the digest of its token. */
    readonly forVisitor: (tokenDigest: string) => Effect.Effect<RateLimitResult>
    /** The hosted chat's visitor routes, by client address (counted before the token is checked). */
    readonly forVisitorAddress: (ip: string | undefined) => Effect.Effect<RateLimitResult>
    /** Conversations opened through the chat widget, by client address. */
    readonly forWidgetStart: (ip: string | undefined) => Effect.Effect<RateLimitResult>
  }
>() {
  static readonly layer = Layer.effect(
    RateLimiter,
    Effect.gen(function* () {
      const store = yield* RateLimitStore
      const settings = yield* ServiceKitSettings
      const ipRules = [...settings.ipRateLimits].sort((a, b) => b.pathPrefix.length - a.pathPrefix.length)
      const { limit, windowMs } = settings.keyRateLimit
      const { perToken, perAddress, startsPerAddress } = settings.visitorRateLimits
      const hit = (bucket: string, rule: { readonly limit: number; readonly windowMs: number }) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => store.hit(bucket, rule.limit, rule.windowMs, now))
      return {
        forKey: (keyId) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) => store.hit(`key:${keyId}`, limit, windowMs, now)),
        forExport: (tenantId) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) =>
            store.hit(`export:${tenantId}`, settings.exportRateLimit.limit, settings.exportRateLimit.windowMs, now)
          ),
        forVisitor: (tokenDigest) => hit(`visitor:${tokenDigest}`, perToken),
        forVisitorAddress: (ip) => hit(`visitor-ip:${ip ?? "unknown"}`, perAddress),
        forWidgetStart: (ip) => hit(`widget-start:${ip ?? "unknown"}`, startsPerAddress),
        forIp: (path, ip) => {
          const rule = ipRules.find((candidate) => path.startsWith(candidate.pathPrefix))
          if (rule === undefined) return Effect.succeed(undefined)
          return Effect.flatMap(Clock.currentTimeMillis, (now) =>
            store.hit(`ip:${rule.pathPrefix}:${ip ?? "unknown"}`, rule.limit, rule.windowMs, now)
          )
        }
      }
    })
  )
}

/** Fails with the 429 for an exhausted limit, its Retry-After counted from now. */
export const rateLimited = (result: RateLimitResult): Effect.Effect<never, RateLimited> =>
  Effect.flatMap(Clock.currentTimeMillis, (nowMs) =>
    Effect.fail(rateLimitedError(result.limit, Math.max(1, result.resetAt - Math.floor(nowMs / 1000))))
  )

export const setRateLimitHeaders = (
  headers: Record<string, string | ReadonlyArray<string>>,
  result: RateLimitResult
): void => {
  headers["x-ratelimit-limit"] = String(result.limit)
  headers["x-ratelimit-remaining"] = String(result.remaining)
  headers["x-ratelimit-reset"] = String(result.resetAt)
}
