import { FanOut } from "@servicekit/core/internal"
import { fanOutConformance } from "@servicekit/conformance"
import { Context, Effect, Exit, Fiber, Layer, Option, Scope, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { layerPostgresFanOut } from "../src/index.js"
import { postgresUrl } from "./services.js"
import { runSql, temporaryDatabase } from "./temporaryPostgres.js"

fanOutConformance("Postgres LISTEN/NOTIFY", () => layerPostgresFanOut({ url: postgresUrl }), { shared: true })

describe("Postgres fan-out after its listening connection drops", () => {
  it("listens again and tells subscribers to catch up", async () => {
    const scope = Effect.runSync(Scope.make())
    try {
      const url = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
      const fanOut = await Effect.runPromise(
        Scope.extend(
          Effect.map(Layer.build(layerPostgresFanOut({ url, reconnectDelay: "100 millis" })), Context.get(FanOut)),
          scope
        )
      )
      const topic = `drop.${globalThis.crypto.randomUUID().slice(0, 8)}`
      const [messages, reconnects] = await Effect.runPromise(
        Scope.extend(Effect.all([fanOut.subscribe(topic), fanOut.reconnects]), scope)
      )
      const told = Effect.runFork(Stream.runHead(reconnects))
      // The listening connection of this database alone: its last statement was a LISTEN.
      const database = new URL(url).pathname.slice(1)
      await runSql(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and query like 'LISTEN%'`
      )
      await Effect.runPromise(Effect.timeout(Fiber.join(told), "10 seconds"))
      // Listening again by then: a message published now arrives.
      await Effect.runPromise(fanOut.publish(topic, "after"))
      const first = await Effect.runPromise(Effect.timeout(Stream.runHead(messages), "10 seconds"))
      expect(Option.getOrThrow(first)).toBe("after")
    } finally {
      await Effect.runPromise(Scope.close(scope, Exit.void))
    }
  }, 30_000)
})
