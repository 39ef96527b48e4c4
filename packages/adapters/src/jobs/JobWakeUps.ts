import { FanOut } from "@servicekit/core/internal"
import { Effect, Queue, type Scope, Stream } from "effect"

/**
 * Wake-ups for a queue's workers, in every process sharing the fan-out: one per queue per turn of
 * the event loop, so that a burst of enqueues (many requests' commits, or one request's many jobs)
 * wakes the workers once, with one fan-out message.
 */
export const makeJobWakeUps = Effect.gen(function* () {
  const fanOut = yield* FanOut
  const layerScope = yield* Effect.scope
  const topicOf = (name: string) => `jobs:${name}`
  const waking = new Set<string>()
  const nextTurn = Effect.async<void>((resume) => void setImmediate(() => resume(Effect.void)))
  return {
    /** Wakes the queue's workers at the next turn of the event loop. */
    wake: (name: string): Effect.Effect<void> =>
      Effect.suspend(() => {
        if (waking.has(name)) return Effect.void
        waking.add(name)
        return Effect.asVoid(
          Effect.forkIn(
            nextTurn.pipe(
              Effect.zipRight(Effect.sync(() => waking.delete(name))),
              Effect.zipRight(fanOut.publish(topicOf(name), ""))
            ),
            layerScope
          )
        )
      }),
    /** The queue's wake-ups while the scope lasts, as a signal that keeps one (others may signal it too). */
    listen: (name: string): Effect.Effect<Queue.Queue<void>, never, Scope.Scope> =>
      Effect.gen(function* () {
        const signal = yield* Queue.sliding<void>(1)
        const wakeUps = yield* fanOut.subscribe(topicOf(name))
        yield* Effect.forkScoped(Stream.runForEach(wakeUps, () => Queue.offer(signal, undefined)))
        return signal
      })
  }
})
