import { FanOut, checkMessage } from "@servicekit/core"
import { Effect, Layer, Runtime } from "effect"
import { Redis } from "ioredis"
import { RECONNECT_STRATEGY, connectFailFast, makeOutageLog } from "../redis/FailFastRedis.js"
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
        whileDown: "live updates reach this process's subscribers only until it does.",
        commandTimeoutMs: 1_000,
        // The messages that many requests publish after their commits in one turn go in one write.
        autoPipelining: true
      })
      const outage = makeOutageLog({
        down: (error) => `Redis does not take fan-out messages (${String(error)}); keeping them until it does.`,
        up: "Redis takes fan-out messages again.",
        answeringAtStart: publisher.status === "ready"
      })
      // Subscriptions queue while disconnected and are sent on reconnect, so none is lost.
      // The first attempt is awaited, so a subscription made right after the start is in place.
      const subscriber = yield* Effect.acquireRelease(
        Effect.promise(async () => {
          const client = new Redis(options.url, {
            lazyConnect: true,
            maxRetriesPerRequest: null,
            retryStrategy: RECONNECT_STRATEGY
          })
          client.on("error", () => {})
          await client.connect().catch(() => {})
          return client
        }),
        (client) => Effect.promise(() => client.quit().catch(() => client.disconnect()))
      )
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
          Effect.zipRight(outage.answered),
          Effect.catchAll((error) =>
            Effect.zipRight(
              Effect.sync(() => {
                if (unsent.push([topic, message]) > MAX_UNSENT) unsent.shift()
              }),
              outage.failed(error)
            )
          )
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
