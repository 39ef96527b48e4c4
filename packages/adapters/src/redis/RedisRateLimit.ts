import { RateLimitStore, resultOf, windowOf } from "@servicekit/core"
import { Effect, Layer } from "effect"
import { Redis } from "ioredis"
import { redactUrl } from "../Urls.js"

// INCR and the first hit's PEXPIRE in one atomic round trip. The key lives one full window
// from its first hit, so it outlasts its window even when hosts' clocks disagree slightly.
const HIT_SCRIPT = `
local count = redis.call("INCR", KEYS[1])
if count == 1 then redis.call("PEXPIRE", KEYS[1], ARGV[1]) end
return count`

type RateLimitClient = Redis & {
  readonly servicekitRateLimitHit: (key: string, ttlMs: number) => Promise<number>
}

const make = (redis: Redis, answeringAtStart = true) => {
  // defineCommand sends EVALSHA and falls back to EVAL once after a SCRIPT FLUSH or restart.
  redis.defineCommand("servicekitRateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT })
  const client = redis as RateLimitClient
  // An outage is logged when it starts and when it ends, not on every request it affects.
  let answering = answeringAtStart
  return RateLimitStore.of({
    hit: (key, limit, windowMs, nowMs) => {
      const { end, start } = windowOf(windowMs, nowMs)
      return Effect.tryPromise(() => client.servicekitRateLimitHit(`servicekit:rl:${key}:${start}`, windowMs)).pipe(
        Effect.flatMap((count) => {
          const result = resultOf(count, limit, end)
          if (answering) return Effect.succeed(result)
          answering = true
          return Effect.as(Effect.logInfo("Rate limit store answering again; limits apply."), result)
        }),
        // Fail open: a rate limiter protects the API, so a Redis outage must not take the API
        // down with it. The request is allowed.
        Effect.catchAll((error) => {
          const allowed = resultOf(0, limit, end)
          if (!answering) return Effect.succeed(allowed)
          answering = false
          return Effect.as(
            Effect.logWarning(
              `Rate limit store unavailable; allowing requests until it answers: ${String(error.error)}`
            ),
            allowed
          )
        })
      )
    }
  })
}

// Owned clients fail fast instead of queueing commands while disconnected, so requests never
// wait on a reconnect: with the fail-open policy above they pass straight through. A Redis that
// is down at start is an outage like any other: the store starts, says so once, and ioredis keeps
// reconnecting in the background.
const connect = (url: string) =>
  Effect.promise(async () => {
    const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, commandTimeout: 500 })
    // Connection errors surface as failed commands, which the store logs once per outage;
    // without a listener ioredis would print every reconnect attempt as an unhandled error.
    redis.on("error", () => {})
    const answering = await redis.connect().then(
      () => true,
      () => false
    )
    return { redis, answering }
  }).pipe(
    Effect.tap(({ answering }) =>
      answering
        ? Effect.void
        : Effect.logWarning(`Redis at ${redactUrl(url)} does not answer; rate limits allow every request until it does.`)
    )
  )

const disconnect = (redis: Redis) => Effect.promise(() => redis.quit().catch(() => redis.disconnect()))

/**
 * Fixed-window rate-limit counters in Redis, shared by every host process. Given a `url`
 * the layer owns its connection (it builds even when Redis is down, and quits on release);
 * given a `client` it leaves that client open and keeps its options: give it
 * `enableOfflineQueue: false` and a `commandTimeout` so an outage fails open at once.
 */
export const layerRedisRateLimit = (
  options: { readonly url: string } | { readonly client: Redis }
): Layer.Layer<RateLimitStore> =>
  "client" in options
    ? Layer.sync(RateLimitStore, () => make(options.client))
    : Layer.scoped(
        RateLimitStore,
        Effect.map(
          Effect.acquireRelease(connect(options.url), ({ redis }) => disconnect(redis)),
          ({ answering, redis }) => make(redis, answering)
        )
      )
