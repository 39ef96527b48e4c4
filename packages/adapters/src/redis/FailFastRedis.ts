import { Effect, type Scope } from "effect"
import type { Redis } from "ioredis"
import { openRedis } from "./WatchedRedis.js"

/**
 * A Redis connection for work done while serving requests. Commands fail at once while it is
 * disconnected instead of queueing for a reconnect, so a caller falls back (allows the request,
 * keeps the job in the database, keeps a message for later) without waiting. It opens even when
 * Redis is down (the outage log says so once) and ioredis keeps reconnecting in the background.
 * `autoPipelining` sends the commands issued in one event-loop turn in one write (for many small
 * commands of concurrent requests). Closed with the scope.
 */
export const connectFailFast = (
  url: string,
  options: { readonly commandTimeoutMs: number; readonly autoPipelining?: boolean }
): Effect.Effect<Redis, never, Scope.Scope> =>
  Effect.tap(
    openRedis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs,
      enableAutoPipelining: options.autoPipelining ?? false
    }),
    (redis) => Effect.promise(() => redis.connect().catch(() => {}))
  )

/**
 * Logs an outage of a Redis client ServiceKit does not own (an embedder's) when it starts and
 * when it ends, not on every call it affects: callers report each call's outcome.
 */
export const makeOutageLog = (messages: { readonly down: (error: unknown) => string; readonly up: string }) => {
  let answering = true
  return {
    answered: Effect.suspend(() => {
      if (answering) return Effect.void
      answering = true
      return Effect.logInfo(messages.up)
    }),
    failed: (error: unknown) =>
      Effect.suspend(() => {
        if (!answering) return Effect.void
        answering = false
        return Effect.logWarning(messages.down(error))
      })
  }
}
