import { FanOut, checkMessage } from "@servicekit/core"
import { Effect, Layer } from "effect"
import { Redis } from "ioredis"
import { connectFailFast, makeOutageLog } from "../redis/FailFastRedis.js"
import { makeTopicHub } from "./TopicHub.js"

/**
 * Fan-out over Redis pub/sub, channels named `<prefix>:<topic>`; ioredis resubscribes after a
 * reconnect. While Redis is away, publishing drops the message (the port is best effort) and a
 * new subscription takes effect when it returns: neither waits.
 */
export const layerRedisFanOut = (options: { readonly url: string; readonly prefix?: string }): Layer.Layer<FanOut> =>
  Layer.scoped(
    FanOut,
    Effect.gen(function* () {
      const prefix = `${options.prefix ?? "servicekit"}:`
      const publisher = yield* connectFailFast(options.url, {
        whileDown: "live updates reach this process's subscribers only until it does.",
        commandTimeoutMs: 1_000,
        // The messages that many requests publish after their commits in one turn go in one write.
        autoPipelining: true
      })
      const outage = makeOutageLog({
        down: (error) => `Redis does not take fan-out messages (${String(error)}); dropping them until it does.`,
        up: "Redis takes fan-out messages again.",
        answeringAtStart: publisher.status === "ready"
      })
      // Subscriptions queue while disconnected and are sent on reconnect, so none is lost.
      // The first attempt is awaited, so a subscription made right after the start is in place.
      const subscriber = yield* Effect.acquireRelease(
        Effect.promise(async () => {
          const client = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: null })
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
      subscriber.on("message", (channel: string, message: string) => {
        if (channel.startsWith(prefix)) hub.deliver(channel.slice(prefix.length), message)
      })
      return FanOut.of({
        publish: (topic, message) =>
          Effect.suspend(() => {
            checkMessage(topic, message)
            return Effect.tryPromise({
              try: () => publisher.publish(prefix + topic, message),
              catch: (error) => error
            }).pipe(Effect.zipRight(outage.answered), Effect.catchAll(outage.failed))
          }),
        subscribe: hub.subscribe
      })
    })
  )
