import { ApiKeyService, CallingService, TenantService } from "@servicekit/core"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { createServiceKit, type NodeServiceKit } from "../src/Runtime.js"
import { listen, type RunningServer } from "../src/Server.js"
import { clearOfMinuteTurn } from "./minuteTurn.js"

/** Two stateless hosts on one PostgreSQL and one Redis, as behind a load balancer. */
describe("two hosts on PostgreSQL + Redis", () => {
  const scope = Effect.runSync(Scope.make())
  const hosts: Array<{ kit: NodeServiceKit; server: RunningServer }> = []
  let tenantId: string
  let key: string
  let keyId: string

  beforeAll(async () => {
    const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
    for (let i = 0; i < 2; i++) {
      const kit = createServiceKit({
        databaseUrl,
        redisUrl,
        jwtSecret: "an-integration-test-secret-of-32-bytes!",
        keyRateLimitPerMinute: 5,
        ipRateLimits: []
      })
      hosts.push({ kit, server: await listen(kit, { port: 0 }) })
    }
    ;({ tenantId, key, keyId } = await hosts[0].kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Shared", entitlements: ["voice"] })
        yield* (yield* CallingService).ingest(tenant.id, [
          { fromId: "+1", toId: "+2", direction: "inbound", durationSecs: 42, result: "completed", startedAt: "2026-11-20T08:00:00Z" }
        ])
        const created = yield* (yield* ApiKeyService).create({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:read"] })
        return { tenantId: tenant.id, key: created.key, keyId: created.apiKey.id }
      })
    ))
  }, 60_000)

  afterAll(async () => {
    for (const { kit, server } of hosts) {
      await server.close()
      await kit.dispose()
    }
    await Effect.runPromise(Scope.close(scope, Exit.void))
  })

  const get = (host: number, path: string, apiKey = key) =>
    fetch(`${hosts[host].server.url}${path}`, { headers: { authorization: `Bearer ${apiKey}` } })

  it("serves data written through one host from the other", async () => {
    const response = await get(1, "/api/v1/voice/calls")
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.data).toHaveLength(1)
    expect(body.data[0]).toMatchObject({ durationSecs: 42, startedAt: "2026-11-20T08:00:00.000Z" })
  })

  it("shares the per-key rate limit through Redis", async () => {
    const { key: fresh } = await hosts[0].kit.runtime.runPromise(
      Effect.flatMap(ApiKeyService, (keys) => keys.create({ tenantId, product: "voice", environment: "live", scopes: ["voice:read"] }))
    )
    await clearOfMinuteTurn()
    const statuses: Array<number> = []
    for (let i = 0; i < 6; i++) statuses.push((await get(i % 2, "/api/v1/voice/usage", fresh)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const limited = await get(1, "/api/v1/voice/usage", fresh)
    expect(limited.headers.get("x-ratelimit-limit")).toBe("5")
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0")
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
  })

  it("refuses a revoked key at once on the host that revoked it", async () => {
    await hosts[0].kit.runtime.runPromise(Effect.flatMap(ApiKeyService, (keys) => keys.revoke(tenantId, keyId)))
    const response = await get(0, "/api/v1/voice/calls/00000000-0000-4000-8000-000000000000")
    expect(response.status).toBe(401)
    expect((await response.json()).error.code).toBe("key_revoked")
  })
})
