import { layer } from "@effect/vitest"
import { Chunk, Context, Effect, Exit, Layer, Scope, Stream } from "effect"
import { expect } from "vitest"
import { FanOut, MAX_MESSAGE_BYTES } from "@servicekit/core/internal"

const freshTopic = () => `conformance.${globalThis.crypto.randomUUID().slice(0, 8)}`

/** The first `n` messages of a subscription, or a failure after 10 s. */
const take = (stream: Stream.Stream<string>, n: number) =>
  Stream.runCollect(Stream.take(stream, n)).pipe(
    Effect.map(Chunk.toReadonlyArray),
    Effect.timeoutFail({ duration: "10 seconds", onTimeout: () => new Error(`timed out waiting for ${n} messages`) }),
    Effect.orDie
  )

/** A second, independent instance: another process as far as a shared fan-out can tell. */
const another = (makeLayer: () => Layer.Layer<FanOut, unknown>) =>
  Effect.flatMap(Scope.make(), (scope) =>
    Effect.map(Layer.buildWithScope(Layer.orDie(makeLayer()), scope), (context) => ({
      fanOut: Context.get(context, FanOut),
      close: Scope.close(scope, Exit.void)
    }))
  )

/**
 * The fan-out's contract. `shared` adapters (Postgres, Redis) also deliver between instances, as
 * between processes; the memory fake serves one process only.
 */
export const fanOutConformance = (
  name: string,
  makeLayer: () => Layer.Layer<FanOut, unknown>,
  options: { readonly shared: boolean }
): void =>
  layer(makeLayer(), { excludeTestServices: true, timeout: "60 seconds" })(`fan-out conformance: ${name}`, (it) => {
    it.scoped("delivers what is published on a topic to its subscribers, in order, and nothing of other topics", () =>
      Effect.gen(function* () {
        const fanOut = yield* FanOut
        const [topic, other] = [freshTopic(), freshTopic()]
        const first = yield* fanOut.subscribe(topic)
        const second = yield* fanOut.subscribe(topic)
        yield* fanOut.publish(other, "elsewhere")
        for (const message of ["one", "two", "ünïcode ✓", ""]) yield* fanOut.publish(topic, message)
        expect(yield* take(first, 4)).toEqual(["one", "two", "ünïcode ✓", ""])
        expect(yield* take(second, 4)).toEqual(["one", "two", "ünïcode ✓", ""])
      })
    )

    it.scoped("ends a subscription with its scope; publishing on with no subscriber is fine", () =>
      Effect.gen(function* () {
        const fanOut = yield* FanOut
        const topic = freshTopic()
        const scope = yield* Scope.make()
        const stream = yield* Scope.extend(fanOut.subscribe(topic), scope)
        yield* Scope.close(scope, Exit.void)
        expect(Chunk.toReadonlyArray(yield* Stream.runCollect(stream))).toEqual([])
        yield* fanOut.publish(topic, "nobody listens")
        const again = yield* fanOut.subscribe(topic)
        yield* fanOut.publish(topic, "back")
        expect(yield* take(again, 1)).toEqual(["back"])
      })
    )

    it.effect("refuses a topic or message no adapter could carry", () =>
      Effect.gen(function* () {
        const fanOut = yield* FanOut
        for (const bad of [
          fanOut.publish("Upper Case", "x"),
          fanOut.publish(freshTopic(), "x".repeat(MAX_MESSAGE_BYTES + 1))
        ]) {
          const exit = yield* Effect.exit(bad)
          expect(Exit.isFailure(exit)).toBe(true)
        }
      })
    )

    if (options.shared) {
      it.scoped("delivers between instances, as between processes", () =>
        Effect.gen(function* () {
          const here = yield* FanOut
          const there = yield* Effect.acquireRelease(another(makeLayer), (instance) => instance.close)
          const topic = freshTopic()
          const received = yield* there.fanOut.subscribe(topic)
          for (const message of ["a", "b", "c"]) yield* here.publish(topic, message)
          expect(yield* take(received, 3)).toEqual(["a", "b", "c"])
        })
      )
    }
  })
