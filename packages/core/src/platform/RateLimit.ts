import { Context, type Effect } from "effect"

export interface RateLimitResult {
  readonly allowed: boolean
  readonly limit: number
  readonly remaining: number
  /** Unix time (seconds) at which the current window ends. */
  readonly resetAt: number
}

/**
 * Fixed-window counters. `hit` counts one request against `key` in the window
 * containing `nowMs` and tells whether it fits under `limit`.
 */
export class RateLimitStore extends Context.Tag("@servicekit/core/RateLimitStore")<
  RateLimitStore,
  {
    readonly hit: (key: string, limit: number, windowMs: number, nowMs: number) => Effect.Effect<RateLimitResult>
  }
>() {}

/** Window arithmetic shared by every store so they agree to the millisecond. */
export const windowOf = (windowMs: number, nowMs: number) => {
  const start = Math.floor(nowMs / windowMs) * windowMs
  return { start, end: start + windowMs }
}

export const resultOf = (count: number, limit: number, windowEndMs: number): RateLimitResult => ({
  allowed: count <= limit,
  limit,
  remaining: Math.max(0, limit - count),
  resetAt: Math.ceil(windowEndMs / 1000)
})
