import { RunEngine } from "@servicekit/core/internal"
import { Clock, Effect } from "effect"
import type { Served } from "./hostileInput.js"

/** A clock `aheadMs` ahead of the real one. */
const clockAhead = (aheadMs: number): Clock.Clock => {
  const real = Clock.make()
  const millis = () => real.unsafeCurrentTimeMillis() + aheadMs
  return {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: millis,
    currentTimeMillis: Effect.sync(millis),
    unsafeCurrentTimeNanos: () => BigInt(millis()) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => BigInt(millis()) * 1_000_000n),
    sleep: (duration) => real.sleep(duration)
  }
}

/** Runs the kit's sweep of due waitpoints as it would run `aheadMs` from now; how many it acted on. */
export const sweepWaitpointsAt = (served: Pick<Served, "kit">, aheadMs: number) =>
  served.kit.runtime.runPromise(
    Effect.flatMap(RunEngine, (engine) => engine.sweepWaitpoints).pipe(Effect.withClock(clockAhead(aheadMs)))
  )
