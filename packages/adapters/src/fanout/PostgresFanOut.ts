import { FanOut, checkMessage } from "@servicekit/core/internal"
import { Duration, Effect, Layer } from "effect"
import pg from "pg"
import { type DatabaseUnavailable, postgresUnavailable } from "../kysely/DatabaseUnavailable.js"
import { makeTopicHub } from "./TopicHub.js"

/**
 * Fan-out over Postgres LISTEN/NOTIFY: one listening connection per process, topics as quoted
 * channel names. A dropped connection is reopened (every topic listened to again) and
 * `reconnects` tells subscribers to read what they missed meanwhile.
 */
export const layerPostgresFanOut = (options: {
  readonly url: string
  readonly reconnectDelay?: Duration.DurationInput
}): Layer.Layer<FanOut, DatabaseUnavailable> =>
  Layer.scoped(
    FanOut,
    Effect.gen(function* () {
      const publisher = new pg.Pool({ connectionString: options.url, max: 2 })
      publisher.on("error", () => {})
      let listener: pg.Client | undefined
      let closed = false
      // One statement at a time on the listening connection, in the order the hub asks for them.
      let queued: Promise<unknown> = Promise.resolve()
      const onListener = (sql: string) => {
        const next = queued.then(() => listener?.query(sql))
        queued = next.catch(() => {})
        return next
      }
      const hub = makeTopicHub({
        listen: (topic) => onListener(`LISTEN "${topic}"`),
        unlisten: (topic) => onListener(`UNLISTEN "${topic}"`)
      })
      const connect = async (again = false): Promise<void> => {
        const client = new pg.Client({ connectionString: options.url })
        client.on("notification", (message) => hub.deliver(message.channel, message.payload ?? ""))
        client.on("error", () => {})
        client.on("end", () => {
          if (listener === client) listener = undefined
          if (!closed)
            setTimeout(
              () => void connect(true).catch(() => {}),
              Duration.toMillis(Duration.decode(options.reconnectDelay ?? "1 second"))
            )
        })
        await client.connect()
        for (const topic of hub.topics()) await client.query(`LISTEN "${topic}"`)
        listener = client
        if (again) hub.reconnected()
      }
      const stop = async () => {
        closed = true
        await listener?.end().catch(() => {})
        await publisher.end()
      }
      // A first connection that fails is a start-up error, explained; nothing keeps reconnecting.
      const firstConnect = Effect.tryPromise({
        try: () => connect(),
        catch: (cause) => postgresUnavailable(options.url, cause)
      }).pipe(Effect.tapError(() => Effect.promise(stop)))
      yield* Effect.acquireRelease(firstConnect, () => Effect.promise(stop))
      return FanOut.of({
        publish: (topic, message) =>
          Effect.suspend(() => {
            checkMessage(topic, message)
            return Effect.asVoid(Effect.promise(() => publisher.query("SELECT pg_notify($1, $2)", [topic, message])))
          }),
        subscribe: hub.subscribe,
        reconnects: hub.reconnects
      })
    })
  )
