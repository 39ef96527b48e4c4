import type { HealthCheck } from "@servicekit/core"
import { Effect, type Scope } from "effect"
import { Redis } from "ioredis"

/**
 * Readiness of Redis at `url`: a PING on a connection of its own, which fails at once rather than
 * queueing while Redis is away (so a probe never waits on a reconnect loop).
 */
export const redisHealthCheck = (url: string): Effect.Effect<HealthCheck, never, Scope.Scope> =>
  Effect.map(
    Effect.acquireRelease(
      Effect.sync(() => {
        const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 })
        redis.on("error", () => {})
        return redis
      }),
      (redis) => Effect.sync(() => redis.disconnect())
    ),
    (redis) => ({
      name: "redis",
      check: Effect.tryPromise(async () => {
        if (redis.status === "wait" || redis.status === "end") await redis.connect()
        await redis.ping()
      }).pipe(
        // The outage log says when Redis goes and returns; a probe every few seconds adds nothing.
        Effect.tapError((error) => Effect.logDebug("readiness: Redis does not answer", String(error.cause))),
        Effect.mapError(() => "unreachable")
      )
    })
  )
