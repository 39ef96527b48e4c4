import { Effect, type Scope } from "effect"
import { Redis, type RedisOptions } from "ioredis"
import { dependencyOutages } from "../DependencyOutages.js"

/**
 * How long ioredis waits before each reconnect attempt: growing to at most 500 ms (its default
 * goes to 2 s), so that service resumes within half a second of Redis answering again.
 */
export const RECONNECT_STRATEGY = (attempt: number) => Math.min(attempt * 50, 500)

/**
 * An ioredis client to `url` that tells the process's Redis outage log when it loses Redis (or
 * cannot reach it at its first attempt) and when it has it again, and is closed with the scope.
 * Its own error events go nowhere else: ioredis would print every failed reconnect attempt.
 */
export const openRedis = (url: string, options: RedisOptions = {}): Effect.Effect<Redis, never, Scope.Scope> =>
  Effect.flatMap(dependencyOutages("redis", url), (report) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        const client = new Redis(url, { retryStrategy: RECONNECT_STRATEGY, ...options })
        let ready = false
        let lastError: unknown = "connection closed"
        client.on("error", (error) => void (lastError = error))
        // A first attempt that fails says so; later failed attempts are the same outage.
        client.once("error", (error) => {
          if (!ready) report.down(error)
        })
        client.on("ready", () => {
          ready = true
          // The next outage's reason is its own, not the last failed attempt of this one.
          lastError = "connection closed"
          report.up()
        })
        client.on("close", () => {
          if (ready && client.status !== "end") report.down(lastError)
          ready = false
        })
        return client
      }),
      (client) =>
        Effect.promise(async () => {
          // Closing is not an outage.
          client.removeAllListeners("close")
          if (client.status === "ready") await client.quit().catch(() => client.disconnect())
          else client.disconnect()
        })
    )
  )
