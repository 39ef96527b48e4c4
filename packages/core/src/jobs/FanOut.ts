import { Context, Effect, Layer, PubSub, type Scope, Stream } from "effect"

const TOPIC = /^[a-z0-9][a-z0-9_.:-]{0,62}$/

/** A topic name: lowercase letters, digits and `_ . : -`, at most 63 characters (as a Postgres channel). */
export const isTopic = (topic: string) => TOPIC.test(topic)

/** Messages larger than this are refused (Postgres NOTIFY takes under 8,000 bytes). */
export const MAX_MESSAGE_BYTES = 7_000

/**
 * Realtime fan-out: what one process publishes on a topic, every subscriber of that topic in
 * every process receives. Best effort, for signals and live updates (waking workers, pushing a
 * new chat message to open pages): a subscriber that is not connected at the time misses the
 * message, so the truth always stays in storage. What a process publishes reaches its own
 * subscribers even while the shared channel is away; `reconnects` tells subscribers when to read
 * what they may have missed from other processes.
 */
export class FanOut extends Context.Tag("@servicekit/core/FanOut")<
  FanOut,
  {
    readonly publish: (topic: string, message: string) => Effect.Effect<void>
    /** The topic's messages from the moment this returns until the scope closes, in publishing order per publisher. */
    readonly subscribe: (topic: string) => Effect.Effect<Stream.Stream<string>, never, Scope.Scope>
    /**
     * One element each time this process's subscriptions are back in place after a break in which
     * other processes' messages may have been missed (a reconnect), from the moment this returns
     * until the scope closes: a subscriber then reads from storage what it may have missed.
     */
    readonly reconnects: Effect.Effect<Stream.Stream<void>, never, Scope.Scope>
  }
>() {
  /** In this process only: enough for one process (the embedded default) and for tests. */
  static readonly layerMemory: Layer.Layer<FanOut> = Layer.sync(FanOut, () => {
    const topics = new Map<string, PubSub.PubSub<string>>()
    const topicOf = (topic: string) => {
      let found = topics.get(topic)
      if (found === undefined) topics.set(topic, (found = Effect.runSync(PubSub.unbounded<string>())))
      return found
    }
    return {
      publish: (topic, message) =>
        Effect.asVoid(Effect.suspend(() => (checkMessage(topic, message), PubSub.publish(topicOf(topic), message)))),
      subscribe: (topic) =>
        Effect.suspend(
          () => (
            checkMessage(topic, ""),
            Effect.map(PubSub.subscribe(topicOf(topic)), (queue) => Stream.fromQueue(queue))
          )
        ),
      // Nothing to lose a connection to.
      reconnects: Effect.succeed(Stream.never)
    }
  })
}

/** Refuses a topic or message that no adapter could carry: a bug in the caller. */
export const checkMessage = (topic: string, message: string): void => {
  if (!isTopic(topic)) throw new Error(`Fan-out topic "${topic}" must match ${TOPIC}`)
  // A UTF-16 unit takes at most 3 bytes in UTF-8: only a long message needs encoding to be measured.
  if (message.length * 3 > MAX_MESSAGE_BYTES && new TextEncoder().encode(message).length > MAX_MESSAGE_BYTES) {
    throw new Error(`Fan-out messages are at most ${MAX_MESSAGE_BYTES} bytes; store larger data and publish its id`)
  }
}
