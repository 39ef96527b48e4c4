import { Effect, Layer } from "effect"
import { RateLimitStore, resultOf, windowOf } from "../platform/RateLimit.js"

/** In-process fixed-window counters (one process only). */
export const layerMemoryRateLimit: Layer.Layer<RateLimitStore> = Layer.sync(RateLimitStore, () => {
  const windows = new Map<string, { start: number; end: number; count: number }>()
  let sweepAt = 0
  return RateLimitStore.of({
    hit: (key, limit, windowMs, nowMs) =>
      Effect.sync(() => {
        const { end, start } = windowOf(windowMs, nowMs)
        if (nowMs >= sweepAt) {
          // Drop finished windows now and then so idle keys do not accumulate. Each window
          // keeps its own end: keys under other rules may use other window sizes.
          for (const [k, w] of windows) if (w.end <= nowMs) windows.delete(k)
          sweepAt = nowMs + windowMs
        }
        const current = windows.get(key)
        const window = current !== undefined && current.start === start ? current : { start, end, count: 0 }
        window.count++
        windows.set(key, window)
        return resultOf(window.count, limit, end)
      })
  })
})
