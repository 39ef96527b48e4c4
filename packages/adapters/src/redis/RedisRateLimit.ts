import { RateLimitStore, resultOf, windowOf } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Redis } from "ioredis"
import { connectFailFast, makeOutageLog } from "./FailFastRedis.js"

// INCR and the first hit's PEXPIRE in one atomic round trip. The key lives one full window
// from its first hit, so it outlasts its window even when hosts' clocks disagree slightly.
const HIT_SCRIPT = `
local count = redis.call("INCR", KEYS[1])
if count == 1 then redis.call("PEXPIRE", KEYS[1], ARGV[1]) end
return count`

type RateLimitClient = Redis & {
  readonly servicekitRateLimitHit: (key: string, ttlMs: number) => Promise<number>
}

/**
 * The store over `redis`, its keys under `prefix`; `outage` logs an outage of a client the
 * process's outage log does not watch.
 */
const make = (redis: Redis, prefix: string, outage?: ReturnType<typeof makeOutageLog>) => {
  // defineCommand sends EVALSHA and falls back to EVAL once after a SCRIPT FLUSH or restart.
  redis.defineCommand("servicekitRateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT })
  const client = redis as RateLimitClient
  return RateLimitStore.of({
    hit: (key, limit, windowMs, nowMs) => {
      const { end, start } = windowOf(windowMs, nowMs)
      return Effect.tryPromise(() => client.servicekitRateLimitHit(`${prefix}:rl:${key}:${start}`, windowMs)).pipe(
        Effect.flatMap((count) => Effect.as(outage?.answered ?? Effect.void, resultOf(count, limit, end))),
        // Fail open: a rate limiter protects the API, so a Redis outage must not take the API
        // down with it. The request is allowed.
        Effect.catchAll((error) => Effect.as(outage?.failed(error.error) ?? Effect.void, resultOf(0, limit, end)))
      )
    }
  })
}

/**
 * Fixed-window rate-limit counters in Redis, shared by every host process. Given a `url`
 * the layer owns its connection (it builds even when Redis is down, and quits on release);
 * given a `client` it leaves that client open and keeps its options: give it
 * `enableOfflineQueue: false` and a `commandTimeout` so an outage fails open at once. `prefix`
 * (default `servicekit`) keeps a deployment's counters apart from another's on the same Redis, as
 * the job queue's prefix keeps its queues.
 */
export const layerRedisRateLimit = (
  options: ({ readonly url: string } | { readonly client: Redis }) & { readonly prefix?: string | undefined }
): Layer.Layer<RateLimitStore> =>
  "client" in options
    ? Layer.sync(RateLimitStore, () =>
        make(
          options.client,
          options.prefix ?? "servicekit",
          makeOutageLog({
            down: (error) => `Rate limit store unavailable; allowing requests until it answers: ${String(error)}`,
            up: "Rate limit store answering again; limits apply."
          })
        )
      )
    : Layer.scoped(
        RateLimitStore,
        Effect.map(
          connectFailFast(options.url, { commandTimeoutMs: 500, autoPipelining: true }),
          (redis) => make(redis, options.prefix ?? "servicekit")
        )
      )
