import { rateLimitStoreConformance } from "@servicekit/core/conformance"
import { RateLimitStore } from "@servicekit/core"
import { Effect } from "effect"
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
})

describe("Redis rate limit without Redis", () => {
  it("fails open: allows the request when Redis cannot answer", async () => {
    const offline = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false })
    const result = await Effect.runPromise(
      Effect.flatMap(RateLimitStore, (store) => store.hit("any", 5, 60_000, 1_800_000_000_000)).pipe(
        Effect.provide(layerRedisRateLimit({ client: offline }))
      )
    )
    expect(result).toEqual({ allowed: true, limit: 5, remaining: 5, resetAt: 1_800_000_060 })
    offline.disconnect()
  })

  it("fails to build when the owned connection cannot be made", async () => {
    const exit = await Effect.runPromiseExit(
      Effect.provide(RateLimitStore, layerRedisRateLimit({ url: "redis://127.0.0.1:1" }))
    )
    expect(exit._tag).toBe("Failure")
  })
})
