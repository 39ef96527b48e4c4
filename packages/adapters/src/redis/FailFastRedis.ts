import { Effect, type Scope } from "effect"
import { Redis } from "ioredis"
import { redactUrl } from "../Urls.js"

/**
 * How long ioredis waits before each reconnect attempt: growing to at most 500 ms (its default
 * goes to 2 s), so that service resumes within half a second of Redis answering again.
 */
export const RECONNECT_STRATEGY = (attempt: number) => Math.min(attempt * 50, 500)

/**
 * A Redis connection for work done while serving requests. Commands fail at once while it is
 * disconnected instead of queueing for a reconnect, so a caller falls back (allows the request,
 * keeps the job in the database, drops a best-effort message) without waiting. It opens even when
 * Redis is down, says so once naming the URL and what that means, and ioredis keeps reconnecting
 * in the background. `autoPipelining` sends the commands issued in one event-loop turn in one write
 * (for many small commands of concurrent requests). Closed with the scope.
 */
export const connectFailFast = (
  url: string,
  options: { readonly whileDown: string; readonly commandTimeoutMs: number; readonly autoPipelining?: boolean }
): Effect.Effect<Redis, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const redis = new Redis(url, {
        lazyConnect: true,
        enableOfflineQueue: false,
        retryStrategy: RECONNECT_STRATEGY,
        commandTimeout: options.commandTimeoutMs,
        enableAutoPipelining: options.autoPipelining ?? false
      })
      // Outages surface as failed commands, which callers log once per outage; without a
      // listener ioredis would print every reconnect attempt as an unhandled error.
      redis.on("error", () => {})
      const answering = await redis.connect().then(
        () => true,
        () => false
      )
      return { redis, answering }
    }).pipe(
      Effect.tap(({ answering }) =>
        answering ? Effect.void : Effect.logWarning(`Redis at ${redactUrl(url)} does not answer; ${options.whileDown}`)
      ),
      Effect.map(({ redis }) => redis)
    ),
    (redis) => Effect.promise(() => redis.quit().catch(() => redis.disconnect()))
  )

/**
 * Logs an outage when it starts and when it ends, not on every call it affects. Callers report
 * each call's outcome; `answeringAtStart` false when the start itself already said it is down.
 */
export const makeOutageLog = (messages: {
  readonly down: (error: unknown) => string
  readonly up: string
  readonly answeringAtStart: boolean
}) => {
  let answering = messages.answeringAtStart
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
