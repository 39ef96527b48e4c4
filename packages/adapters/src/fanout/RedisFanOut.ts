import { FanOut, checkMessage } from "@servicekit/core"
import { Effect, Layer } from "effect"
import { Redis } from "ioredis"
import { makeTopicHub } from "./TopicHub.js"

/** Fan-out over Redis pub/sub, channels named `<prefix>:<topic>`; ioredis resubscribes after a reconnect. */
export const layerRedisFanOut = (options: { readonly url: string; readonly prefix?: string }): Layer.Layer<FanOut> =>
  Layer.scoped(
    FanOut,
    Effect.gen(function* () {
      const prefix = `${options.prefix ?? "servicekit"}:`
      const [publisher, subscriber] = yield* Effect.acquireRelease(
        Effect.sync(() => [new Redis(options.url), new Redis(options.url)] as const),
        (clients) =>
          Effect.promise(() => Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect()))))
      )
      publisher.on("error", () => {})
      subscriber.on("error", () => {})
      const hub = makeTopicHub({
        listen: (topic) => subscriber.subscribe(prefix + topic),
        unlisten: (topic) => subscriber.unsubscribe(prefix + topic)
      })
      subscriber.on("message", (channel: string, message: string) => {
        if (channel.startsWith(prefix)) hub.deliver(channel.slice(prefix.length), message)
      })
      return FanOut.of({
        publish: (topic, message) =>
          Effect.suspend(() => {
            checkMessage(topic, message)
            return Effect.asVoid(Effect.promise(() => publisher.publish(prefix + topic, message)))
          }),
        subscribe: hub.subscribe
      })
    })
  )
