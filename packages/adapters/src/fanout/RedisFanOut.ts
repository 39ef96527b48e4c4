import { FanOut, checkMessage } from "@servicekit/core/internal"
import { Effect, Layer, Runtime } from "effect"
import { connectFailFast } from "../redis/FailFastRedis.js"
import { openRedis } from "../redis/WatchedRedis.js"
import { makeTopicHub } from "./TopicHub.js"

/** Messages that could not reach Redis, kept to publish when it answers again; the oldest go first. */
const MAX_UNSENT = 1_000

// A message on the wire names the process that published it, so that process skips its own copy
// (it delivered it to its subscribers when it published). Messages without it are another's.
const MARK = "\u0001"
const wrap = (origin: string, message: string) => `${MARK}${origin}${MARK}${message}`
const unwrap = (raw: string): { readonly origin: string | undefined; readonly message: string } => {
  const end = raw.startsWith(MARK) ? raw.indexOf(MARK, 1) : -1
  return end < 0 ? { origin: undefined, message: raw } : { origin: raw.slice(1, end), message: raw.slice(end + 1) }
}

/**
 * Fan-out over Redis pub/sub, channels named `<prefix>:<topic>`. What this process publishes
 * reaches its own subscribers at once, Redis or not. While Redis is away, publishing does not wait:
 * the messages are kept (the last MAX_UNSENT) and published when it answers again, and once the
 * subscriptions are back in place `reconnects` tells subscribers to read what they missed.
 */
export const layerRedisFanOut = (options: { readonly url: string; readonly prefix?: string }): Layer.Layer<FanOut> =>
  Layer.scoped(
    FanOut,
    Effect.gen(function* () {
      const prefix = `${options.prefix ?? "servicekit"}:`
      const origin = globalThis.crypto.randomUUID()
      const publisher = yield* connectFailFast(options.url, {
        commandTimeoutMs: 1_000,
        // The messages that many requests publish after their commits in one turn go in one write.
        autoPipelining: true
      })
      // Subscriptions queue while disconnected and are sent on reconnect, so none is lost.
      // The first attempt is awaited, so a subscription made right after the start is in place.
      const subscriber = yield* openRedis(options.url, { lazyConnect: true, maxRetriesPerRequest: null })
      yield* Effect.promise(() => subscriber.connect().catch(() => {}))
      const hub = makeTopicHub({
        listen: (topic) => {
          const subscribed = subscriber.subscribe(prefix + topic)
          if (subscriber.status === "ready") return subscribed
          subscribed.catch(() => {})
          return Promise.resolve()
        },
        unlisten: (topic) => subscriber.unsubscribe(prefix + topic)
      })
      subscriber.on("message", (channel: string, raw: string) => {
        if (!channel.startsWith(prefix)) return
        const { origin: from, message } = unwrap(raw)
        if (from !== origin) hub.deliver(channel.slice(prefix.length), message)
      })
      // Every ready after the first attempt is a reconnect. ioredis resubscribes right after
      // "ready"; a SUBSCRIBE sent after its own answers after them, so the subscriptions are in
      // place when subscribers are told to catch up.
      subscriber.on("ready", () =>
        setImmediate(() => {
          const channels = hub.topics().map((topic) => prefix + topic)
          const resubscribed = channels.length === 0 ? Promise.resolve() : subscriber.subscribe(...channels)
          resubscribed.then(hub.reconnected, () => {})
        })
      )

      let unsent: Array<readonly [string, string]> = []
      const send = (topic: string, message: string) =>
        Effect.tryPromise({
          try: () => publisher.publish(prefix + topic, wrap(origin, message)),
          catch: (error) => error
        }).pipe(
          // The outage log has said Redis is away; the message waits for it.
          Effect.catchAll(() =>
            Effect.sync(() => {
              if (unsent.push([topic, message]) > MAX_UNSENT) unsent.shift()
            })
          ),
          Effect.asVoid
        )
      const runFork = Runtime.runFork(yield* Effect.runtime<never>())
      publisher.on("ready", () => {
        const waiting = unsent
        unsent = []
        runFork(Effect.forEach(waiting, ([topic, message]) => send(topic, message), { discard: true }))
      })
      return FanOut.of({
        publish: (topic, message) =>
          Effect.suspend(() => {
            checkMessage(topic, message)
            hub.deliver(topic, message)
            return send(topic, message)
          }),
        subscribe: hub.subscribe,
        reconnects: hub.reconnects
      })
    })
  )
