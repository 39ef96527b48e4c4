import { checkMessage } from "@servicekit/core/internal"
import { Effect, PubSub, type Scope, Stream } from "effect"

/**
 * The local half of a shared fan-out: one PubSub per topic this process listens to. `listen` and
 * `unlisten` are called when a topic gets its first subscriber and loses its last. `reconnected`
 * tells every `reconnects` subscriber that the shared channel is back after a break.
 */
export const makeTopicHub = (options: {
  readonly listen: (topic: string) => Promise<unknown>
  readonly unlisten: (topic: string) => Promise<unknown>
}) => {
  type Entry = { readonly hub: PubSub.PubSub<string>; readonly listening: Promise<unknown>; subscribers: number }
  const topics = new Map<string, Entry>()
  const breaks = Effect.runSync(PubSub.unbounded<void>())

  /** Delivers a message that arrived from the shared channel. */
  const deliver = (topic: string, message: string) => {
    const entry = topics.get(topic)
    if (entry !== undefined) Effect.runSync(PubSub.publish(entry.hub, message))
  }

  // listen and unlisten are called in the order topics gain and lose subscribers (the shared
  // connection runs them in that order), and every subscriber waits until its topic is listened to.
  const subscribe = (topic: string): Effect.Effect<Stream.Stream<string>, never, Scope.Scope> =>
    Effect.acquireRelease(
      Effect.suspend(() => {
        checkMessage(topic, "")
        let entry = topics.get(topic)
        if (entry === undefined) {
          // A LISTEN that fails is retried when the connection is reopened; meanwhile messages are missed, as the port allows.
          const listening = options.listen(topic).catch(() => {})
          entry = { hub: Effect.runSync(PubSub.unbounded<string>()), listening, subscribers: 0 }
          topics.set(topic, entry)
        }
        entry.subscribers++
        const { hub, listening } = entry
        return Effect.as(
          Effect.promise(() => listening),
          hub
        )
      }),
      () =>
        Effect.suspend(() => {
          const entry = topics.get(topic)
          if (entry === undefined || --entry.subscribers > 0) return Effect.void
          topics.delete(topic)
          const unlistened = options.unlisten(topic).catch(() => {})
          return Effect.zipRight(
            PubSub.shutdown(entry.hub),
            Effect.promise(() => unlistened)
          )
        })
    ).pipe(Effect.flatMap((hub) => Effect.map(PubSub.subscribe(hub), (queue) => Stream.fromQueue(queue))))

  const reconnected = () => void Effect.runSync(PubSub.publish(breaks, undefined))
  const reconnects = Effect.map(PubSub.subscribe(breaks), (queue) => Stream.fromQueue(queue))

  return { deliver, subscribe, reconnected, reconnects, topics: () => [...topics.keys()] }
}
