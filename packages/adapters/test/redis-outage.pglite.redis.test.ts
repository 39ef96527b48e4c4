import { setTimeout as sleep } from "node:timers/promises"
import { FanOut, JobQueue, defineQueue } from "@servicekit/core/internal"
import { Effect, Exit, HashMap, Layer, Logger, ManagedRuntime, Scope, Stream } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { layerBullMqJobQueue, layerPglite, layerRedisFanOut } from "../src/index.js"
import { privateRedis } from "./privateRedis.js"

/** Everything the runtime logs, as `LEVEL message key=value...`. */
const capture = () => {
  const lines: Array<string> = []
  const layer = Logger.replace(
    Logger.defaultLogger,
    Logger.make(({ annotations, logLevel, message }) => {
      const fields = [...HashMap.toEntries(annotations)].sort(([a], [b]) => a.localeCompare(b))
      lines.push(
        [logLevel.label, ...(Array.isArray(message) ? message : [message]), ...fields.map(([k, v]) => `${k}=${v}`)].join(" ")
      )
    })
  )
  return { lines, layer }
}

const eventually = async (what: string, check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await sleep(100)
  expect(check(), what).toBe(true)
}

describe("BullMQ job queue while Redis is away", () => {
  const redis = privateRedis({ password: "hunter2" })
  afterEach(() => redis.stop())

  const start = (log: Layer.Layer<never>) =>
    ManagedRuntime.make(
      layerBullMqJobQueue({ url: redis.url, pollInterval: "200 millis" }).pipe(
        Layer.provideMerge(Layer.merge(layerPglite({ dataDir: undefined }), FanOut.layerMemory)),
        Layer.provide(log)
      )
    )

  const worker = (runtime: ManagedRuntime.ManagedRuntime<JobQueue, unknown>, queue: ReturnType<typeof defineQueue>) => {
    const seen: Array<unknown> = []
    const scope = Effect.runSync(Scope.make())
    const started = runtime.runPromise(
      Scope.extend(
        Effect.flatMap(JobQueue, (jobs) =>
          jobs.work(queue, { concurrency: 2 }, (job) => Effect.sync(() => seen.push(job.payload.n)))
        ),
        scope
      )
    )
    return { seen, started, stop: () => runtime.runPromise(Scope.close(scope, Exit.void)) }
  }

  const enqueue = (
    runtime: ManagedRuntime.ManagedRuntime<JobQueue, unknown>,
    queue: ReturnType<typeof defineQueue>,
    n: number
  ) => runtime.runPromise(Effect.flatMap(JobQueue, (jobs) => jobs.enqueue(queue, { n })))

  it("down at start: enqueueing returns at once, the jobs wait in the database and run once Redis answers", async () => {
    const log = capture()
    const runtime = start(log.layer)
    const queue = defineQueue(`outage.${globalThis.crypto.randomUUID().slice(0, 8)}`)
    try {
      await enqueue(runtime, queue, 1)
      await enqueue(runtime, queue, 2)
      const jobs = worker(runtime, queue)
      await redis.start()
      await jobs.started
      await eventually("both jobs ran", () => jobs.seen.length >= 2)
      await sleep(500)
      expect([...jobs.seen].sort()).toEqual([1, 2])
      // Said once, however many connections found it away, without the password.
      expect(log.lines.filter((line) => line.startsWith("WARN"))).toEqual([
        `WARN dependency down address=redis://127.0.0.1:${redis.port} dependency=redis reason=ECONNREFUSED`
      ])
      expect(log.lines).toContainEqual(expect.stringMatching(/^INFO dependency up address=\S+ dependency=redis downSeconds=/))
      expect(log.lines.join("\n")).not.toContain("hunter2")
      await jobs.stop()
    } finally {
      await runtime.dispose()
    }
  }, 60_000)

  it("dropped while running: enqueueing goes on, and each job runs once when Redis is back", async () => {
    await redis.start()
    const log = capture()
    const runtime = start(log.layer)
    const queue = defineQueue(`outage.${globalThis.crypto.randomUUID().slice(0, 8)}`)
    try {
      const jobs = worker(runtime, queue)
      await jobs.started
      await enqueue(runtime, queue, 1)
      await eventually("the first job ran", () => jobs.seen.length === 1)
      await redis.stop()
      for (const n of [2, 3, 4]) await enqueue(runtime, queue, n)
      await redis.start()
      await eventually("the waiting jobs ran", () => jobs.seen.length >= 4)
      await sleep(500)
      expect([...jobs.seen].sort()).toEqual([1, 2, 3, 4])
      expect(log.lines.filter((line) => / dependency=redis/.test(line))).toEqual([
        expect.stringMatching(/^WARN dependency down /),
        expect.stringMatching(/^INFO dependency up /)
      ])
      await jobs.stop()
    } finally {
      await runtime.dispose()
    }
  }, 60_000)
})

describe("Redis fan-out while Redis is away", () => {
  const redis = privateRedis({ password: "hunter2" })
  afterEach(() => redis.stop())

  /** An instance of the fan-out, as in a process of its own, subscribed to `topic` and to its reconnects. */
  const instance = async (topic: string, log: Layer.Layer<never>) => {
    const runtime = ManagedRuntime.make(layerRedisFanOut({ url: redis.url }).pipe(Layer.provide(log)))
    const scope = Effect.runSync(Scope.make())
    const fanOut = await runtime.runPromise(FanOut)
    const received: Array<string> = []
    let reconnects = 0
    await runtime.runPromise(
      Scope.extend(
        Effect.gen(function* () {
          const messages = yield* fanOut.subscribe(topic)
          const breaks = yield* fanOut.reconnects
          yield* Effect.forkIn(Stream.runForEach(messages, (message) => Effect.sync(() => received.push(message))), scope)
          yield* Effect.forkIn(Stream.runForEach(breaks, () => Effect.sync(() => reconnects++)), scope)
        }),
        scope
      )
    )
    return {
      received,
      reconnects: () => reconnects,
      publish: (message: string) => runtime.runPromise(fanOut.publish(topic, message)),
      close: async () => {
        await runtime.runPromise(Scope.close(scope, Exit.void))
        await runtime.dispose()
      }
    }
  }

  it("delivers in the publishing process at once, and to the others with a reconnect once Redis is back", async () => {
    await redis.start()
    const log = capture()
    const topic = `outage.${globalThis.crypto.randomUUID().slice(0, 8)}`
    const [here, there] = [await instance(topic, log.layer), await instance(topic, log.layer)]
    try {
      await here.publish("up")
      await eventually("the first message in both", () => here.received.length === 1 && there.received.length === 1)
      await redis.stop()
      await here.publish("while down")
      expect(here.received).toEqual(["up", "while down"])
      expect(there.received).toEqual(["up"])
      await redis.start()
      // The other process is told that it may have missed messages once its subscriptions are
      // back: that is the guarantee (readers go to storage). The message kept while Redis was away
      // is published when Redis answers, which reaches the other process only if it has subscribed
      // again by then, so it arrives once or not at all.
      await eventually("the reconnect told", () => there.reconnects() === 1 && here.reconnects() === 1)
      // Its own copy comes back through Redis, and is not delivered twice.
      await here.publish("back")
      await eventually("the next message elsewhere", () => there.received.at(-1) === "back")
      expect([["up", "back"], ["up", "while down", "back"]]).toContainEqual(there.received)
      expect(here.received).toEqual(["up", "while down", "back"])
    } finally {
      await here.close()
      await there.close()
    }
  }, 60_000)

  it("down at start: starts at once, and a subscription made meanwhile receives once Redis is back", async () => {
    const log = capture()
    const topic = `outage.${globalThis.crypto.randomUUID().slice(0, 8)}`
    const here = await instance(topic, log.layer)
    try {
      expect(log.lines).toEqual([`WARN dependency down address=redis://127.0.0.1:${redis.port} dependency=redis reason=ECONNREFUSED`])
      await redis.start()
      const there = await instance(topic, log.layer)
      try {
        await eventually("reconnected", () => here.reconnects() === 1)
        await there.publish("back")
        await eventually("the message", () => here.received.length === 1)
        expect(here.received).toEqual(["back"])
      } finally {
        await there.close()
      }
    } finally {
      await here.close()
    }
  }, 60_000)
})
