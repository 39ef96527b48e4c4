import { rateLimitStoreConformance } from "@servicekit/conformance"
import { RateLimitStore } from "@servicekit/core/internal"
import { Effect, HashMap, Logger } from "effect"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { layerRedisRateLimit } from "../src/redis/index.js"
import { redisUrl } from "./services.js"

describe("Redis rate limit", () => {
  rateLimitStoreConformance("redis (owned connection)", () => layerRedisRateLimit({ url: redisUrl }))

  let client: Redis
  beforeAll(() => {
    client = new Redis(redisUrl)
  })
  afterAll(() => client.quit())
  rateLimitStoreConformance("redis (given client)", () => layerRedisRateLimit({ client }))

  it("leaves a given client open and expires counters with their window", async () => {
    const key = `test:${crypto.randomUUID()}`
    await Effect.runPromise(
      Effect.flatMap(RateLimitStore, (store) => store.hit(key, 5, 60_000, 1_800_000_000_000)).pipe(
        Effect.provide(layerRedisRateLimit({ client }))
      )
    )
    const ttl = await client.pttl(`servicekit:rl:${key}:1800000000000`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it("counts apart under another prefix: two deployments on one Redis do not share limits", async () => {
    const key = `test:${crypto.randomUUID()}`
    const hit = (prefix?: string) =>
      Effect.runPromise(
        Effect.flatMap(RateLimitStore, (store) => store.hit(key, 1, 60_000, 1_800_000_000_000)).pipe(
          Effect.provide(layerRedisRateLimit({ client, prefix }))
        )
      )
    expect((await hit("staging")).allowed).toBe(true)
    expect((await hit("staging")).allowed).toBe(false)
    expect((await hit()).allowed).toBe(true)
    expect(await client.exists(`staging:rl:${key}:1800000000000`, `servicekit:rl:${key}:1800000000000`)).toBe(2)
  })
})

describe("Redis rate limit without Redis", () => {
  it("fails open while Redis cannot answer, logging the outage once and its end", async () => {
    const client = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false })
    const store = await Effect.runPromise(Effect.provide(RateLimitStore, layerRedisRateLimit({ client })))
    const logged: Array<string> = []
    const logger = Logger.replace(
      Logger.defaultLogger,
      Logger.make(({ logLevel, message }) => logged.push(`${logLevel.label} ${String(message)}`))
    )
    const hit = () =>
      Effect.runPromise(store.hit(`test:${crypto.randomUUID()}`, 5, 60_000, 1_800_000_000_000).pipe(Effect.provide(logger)))

    const allowed = { allowed: true, limit: 5, remaining: 5, resetAt: 1_800_000_060 }
    // Sent together, before the lazy client has had a chance to connect.
    expect(await Promise.all([hit(), hit(), hit()])).toEqual([allowed, allowed, allowed])
    expect(logged).toEqual([expect.stringMatching(/^WARN Rate limit store unavailable; allowing requests/)])

    // A command on a lazy client starts its connection; wait until it is up.
    if (client.status !== "ready") await new Promise((resolve) => client.once("ready", resolve))
    expect(await hit()).toEqual({ ...allowed, remaining: 4 })
    await hit()
    expect(logged).toEqual([expect.stringMatching(/^WARN /), expect.stringMatching(/^INFO Rate limit store answering again/)])
    await client.quit()
  })

  it("builds when Redis is down at start, says once which Redis (without its password), and fails open", async () => {
    const logged: Array<string> = []
    const logger = Logger.replace(
      Logger.defaultLogger,
      Logger.make(({ annotations, logLevel, message }) =>
        logged.push(`${logLevel.label} ${String(message)} ${JSON.stringify(Object.fromEntries([...HashMap.toEntries(annotations)].sort()))}`)
      )
    )
    await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const store = yield* RateLimitStore
          for (let i = 0; i < 3; i++) {
            expect(yield* store.hit("test:down", 1, 60_000, 1_800_000_000_000)).toMatchObject({ allowed: true })
          }
        }).pipe(Effect.provide(layerRedisRateLimit({ url: "redis://user:hunter2@127.0.0.1:1/0" })))
      ).pipe(Effect.provide(logger))
    )
    expect(logged).toEqual([
      `WARN dependency down ${JSON.stringify({ address: "redis://127.0.0.1:1/0", dependency: "redis", reason: "ECONNREFUSED" })}`
    ])
  })
})
