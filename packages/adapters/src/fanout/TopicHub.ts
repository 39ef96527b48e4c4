import { checkMessage } from "@servicekit/core"
import { Effect, PubSub, type Scope, Stream } from "effect"

/**
 * The local half of a shared fan-out: one PubSub per topic this process listens to. `listen` and
 * `unlisten` are called when a topic gets its first subscriber and loses its last.
 */
export const makeTopicHub = (options: {
  readonly listen: (topic: string) => Promise<unknown>
  readonly unlisten: (topic: string) => Promise<unknown>
}) => {
  const topics = new Map<string, { readonly hub: PubSub.PubSub<string>; subscribers: number }>()

  /** Delivers a message that arrived from the shared channel. */
  const deliver = (topic: string, message: string) => {
    const entry = topics.get(topic)
    if (entry !== undefined) Effect.runSync(PubSub.publish(entry.hub, message))
  }

  const subscribe = (topic: string): Effect.Effect<Stream.Stream<string>, never, Scope.Scope> =>
    Effect.acquireRelease(
      Effect.suspend(() => {
        checkMessage(topic, "")
        const existing = topics.get(topic)
        if (existing !== undefined) {
          existing.subscribers++
          return Effect.succeed(existing.hub)
        }
        const entry = { hub: Effect.runSync(PubSub.unbounded<string>()), subscribers: 1 }
        topics.set(topic, entry)
        return Effect.as(
          Effect.promise(() => options.listen(topic)),
          entry.hub
        )
      }),
      () =>
        Effect.suspend(() => {
          const entry = topics.get(topic)
          if (entry === undefined || --entry.subscribers > 0) return Effect.void
          topics.delete(topic)
          return Effect.zipRight(
            PubSub.shutdown(entry.hub),
            Effect.promise(() => options.unlisten(topic).catch(() => {}))
          )
        })
    ).pipe(Effect.flatMap((hub) => Effect.map(PubSub.subscribe(hub), (queue) => Stream.fromQueue(queue))))

  return { deliver, subscribe, topics: () => [...topics.keys()] }
}
