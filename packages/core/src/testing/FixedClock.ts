import { Clock, Duration, Effect, Layer } from "effect"

/** A clock that stands still until told otherwise: pins "now" for services under test. */
export interface FixedClock {
  readonly layer: Layer.Layer<never>
  readonly set: (ms: number | Date) => void
  readonly advance: (ms: number) => void
  readonly now: () => number
}

export const makeFixedClock = (start: number | Date): FixedClock => {
  let now = typeof start === "number" ? start : start.getTime()
  const clock: Clock.Clock = {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: () => now,
    currentTimeMillis: Effect.sync(() => now),
    unsafeCurrentTimeNanos: () => BigInt(now) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
    // Sleeping advances this clock instead of waiting, so timeouts in code under test fire at once.
    sleep: (duration) => Effect.sync(() => void (now += Duration.toMillis(duration)))
  }
  return {
    layer: Layer.setClock(clock),
    set: (ms) => void (now = typeof ms === "number" ? ms : ms.getTime()),
    advance: (ms) => void (now += ms),
    now: () => now
  }
}
