import { type ChildProcess, spawn } from "node:child_process"
import { setTimeout as sleep } from "node:timers/promises"
import { FanOut, JobQueue, defineQueue } from "@servicekit/core"
import { Chunk, Effect, Exit, Fiber, Layer, Logger, ManagedRuntime, Scope, Stream } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { layerBullMqJobQueue, layerPglite, layerRedisFanOut } from "../src/index.js"
import { reachable } from "./services.js"

/** A Redis of the test's own on a random port, to start late and stop while in use. */
const privateRedis = () => {
  const port = 20_000 + Math.floor(Math.random() * 40_000)
  let server: ChildProcess | undefined
  return {
    url: `redis://:hunter2@127.0.0.1:${port}`,
    start: async () => {
      server = spawn("redis-server", [
        ...["--port", String(port), "--bind", "127.0.0.1", "--requirepass", "hunter2"],
        ...["--save", "", "--appendonly", "no"]
      ])
      for (let i = 0; i < 100 && !(await reachable(`redis://127.0.0.1:${port}`, port)); i++) await sleep(50)
    },
    stop: async () => {
      const stopping = server
      if (stopping === undefined || stopping.exitCode !== null) return
      stopping.kill("SIGKILL")
      await new Promise((resolve) => stopping.once("exit", resolve))
    }
  }
}

/** Everything the runtime logs, as `LEVEL message`. */
const capture = () => {
  const lines: Array<string> = []
  const layer = Logger.replace(
    Logger.defaultLogger,
    Logger.make(({ logLevel, message }) =>
      lines.push(`${logLevel.label} ${(Array.isArray(message) ? message : [message]).join(" ")}`)
    )
  )
  return { lines, layer }
}

const eventually = async (what: string, check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await sleep(100)
  expect(check(), what).toBe(true)
}

describe("BullMQ job queue while Redis is away", () => {
  const redis = privateRedis()
  afterEach(() => redis.stop())

  const start = (log: Layer.Layer<never>) =>
    ManagedRuntime.make(
      layerBullMqJobQueue({ url: redis.url, relayInterval: "200 millis" }).pipe(
        Layer.provideMerge(layerPglite({ dataDir: undefined })),
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
      expect(log.lines.filter((line) => line.startsWith("WARN"))).toEqual([
        `WARN Redis at redis://127.0.0.1:${new URL(redis.url).port} does not answer; jobs wait in the database until it does.`
      ])
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
      expect(log.lines).toContainEqual(expect.stringMatching(/^WARN Redis does not take jobs .*wait in the database/))
      expect(log.lines).toContainEqual("INFO Redis takes jobs again; relaying the ones that waited.")
      await jobs.stop()
    } finally {
      await runtime.dispose()
    }
  }, 60_000)
})

describe("Redis fan-out while Redis is away", () => {
  const redis = privateRedis()
  afterEach(() => redis.stop())

  it("publishing drops messages without waiting, and a subscription made meanwhile receives once Redis is back", async () => {
    const log = capture()
    const runtime = ManagedRuntime.make(layerRedisFanOut({ url: redis.url }).pipe(Layer.provide(log.layer)))
    const scope = Effect.runSync(Scope.make())
    try {
      const fanOut = await runtime.runPromise(FanOut)
      const stream = await runtime.runPromise(Scope.extend(fanOut.subscribe("outage-topic"), scope))
      const received = runtime.runFork(Stream.runCollect(Stream.take(stream, 1)))
      await runtime.runPromise(fanOut.publish("outage-topic", "while down"))
      await redis.start()
      // Published until the subscription, sent on reconnect, has reached Redis.
      for (let i = 0; i < 300 && received.unsafePoll() === null; i++) {
        await runtime.runPromise(fanOut.publish("outage-topic", "back"))
        await sleep(100)
      }
      const messages = await runtime.runPromise(Fiber.join(received))
      expect(Chunk.toReadonlyArray(messages)).toEqual(["back"])
      expect(log.lines).toContainEqual(
        expect.stringMatching(/^WARN Redis at redis:\/\/127\.0\.0\.1:\d+ does not answer/)
      )
    } finally {
      await runtime.runPromise(Scope.close(scope, Exit.void))
      await runtime.dispose()
    }
  }, 60_000)
})
