import { setTimeout } from "node:timers/promises"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { privateRedis } from "../../adapters/test/privateRedis.js"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const databaseUrl = temporaryDatabaseForFile()

describe("readiness on PostgreSQL and Redis", () => {
  const served = serve(() => kitOn({ DATABASE_URL: databaseUrl(), REDIS_URL: redisUrl }))

  it("is ready when both answer", async () => {
    const ready = await fetch(`${served.url}/api/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", redis: "ok" } })
  })

  it("answers 503 naming the database while a migration is missing, and ready again once it is back", async () => {
    const client = new pg.Client({ connectionString: databaseUrl() })
    await client.connect()
    try {
      const [{ name }] = (
        await client.query(
          "DELETE FROM servicekit.servicekit_migrations WHERE name = (SELECT max(name) FROM servicekit.servicekit_migrations) RETURNING name"
        )
      ).rows
      const error = await expectRefusal(await fetch(`${served.url}/api/readyz`), 503, "not_ready")
      expect(error.details).toEqual([{ field: "database", reason: "migrations pending" }])
      await client.query("INSERT INTO servicekit.servicekit_migrations (name, timestamp) VALUES ($1, $2)", [
        name,
        new Date().toISOString()
      ])
      expect((await fetch(`${served.url}/api/readyz`)).status).toBe(200)
    } finally {
      await client.end()
    }
  })
})

describe("readiness when Redis goes away", () => {
  // A Redis of this test's own, to stop while the server runs.
  const redis = privateRedis()
  beforeAll(() => redis.start())
  afterAll(() => redis.stop())
  const served = serve(() => kitOn({ DATABASE_URL: databaseUrl(), REDIS_URL: redis.url }))

  it("answers 503 naming Redis, without its address, while liveness stays up", async () => {
    expect((await fetch(`${served.url}/api/readyz`)).status).toBe(200)
    await redis.stop()
    const response = await fetch(`${served.url}/api/readyz`)
    const text = await response.clone().text()
    const error = await expectRefusal(response, 503, "not_ready")
    expect(error.details).toEqual([{ field: "redis", reason: "unreachable" }])
    expect(text).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${redis.port}|ECONNREFUSED`))
    expect((await fetch(`${served.url}/api/healthz`)).status).toBe(200)
  })
})

describe("Redis down at start", () => {
  // A Redis of this test's own, started mid-test.
  const redis = privateRedis()
  afterAll(() => redis.stop())
  const served = serve(() =>
    kitOn({ DATABASE_URL: databaseUrl(), REDIS_URL: redis.url, SERVICEKIT_KEY_RATE_LIMIT: "3" })
  )
  const calls = () =>
    fetch(`${served.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${served.key}` } }).then(
      (response) => response.status
    )

  it("starts and serves with limits open, then applies them once Redis answers", async () => {
    // Down: the server runs, readiness names Redis, and the key limit of 3 a minute lets everything through.
    expect((await fetch(`${served.url}/api/healthz`)).status).toBe(200)
    const error = await expectRefusal(await fetch(`${served.url}/api/readyz`), 503, "not_ready")
    expect(error.details).toEqual([{ field: "redis", reason: "unreachable" }])
    for (let i = 0; i < 5; i++) expect(await calls()).toBe(200)

    await redis.start()
    // Reconnecting clients back off up to 2 s between tries; on a loaded machine give them 30 s.
    const within = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 30_000
      while (Date.now() < deadline) {
        if (await check()) return true
        await setTimeout(100)
      }
      return false
    }
    expect(await within(async () => (await fetch(`${served.url}/api/readyz`)).status === 200)).toBe(true)
    // Up: once ioredis has reconnected, the fourth request of a window is refused.
    expect(await within(async () => (await calls()) === 429)).toBe(true)
  }, 90_000)
})
