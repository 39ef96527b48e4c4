/** What the engine keeps of a run beyond the API: its stored step results, agent turns and waitpoints. */
import { AgentTurnRepository, RunEngine, RunRepository, WaitpointRepository } from "@servicekit/core/internal"
import { Clock, Effect, Option } from "effect"
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

/** A run's agent step as stored: its result's output (the agent's state), its turn rows, and the run's open waitpoints. */
export const storedAgentStep = (served: Pick<Served, "kit">, tenantId: string, runId: string, stepIndex: number) =>
  served.kit.runtime.runPromise(
    Effect.gen(function* () {
      const run = Option.getOrThrow(yield* (yield* RunRepository).find(tenantId, runId))
      const turns = yield* (yield* AgentTurnRepository).list({ tenantId, runId, stepIndex, runAttempt: run.attempt })
      const waitpoints = yield* (yield* WaitpointRepository).waiting(tenantId, runId)
      return { output: run.results.find((result) => result.index === stepIndex)?.output as any, turns, waitpoints }
    })
  )
