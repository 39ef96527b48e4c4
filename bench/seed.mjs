import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { ApiKeyService, CallingService, TenantService } from "@servicekit/core"
import { TenantRepository } from "@servicekit/core/internal"
import { Effect } from "effect"

export const CALLS = 10_000
const fixtureFile = join(new URL(".", import.meta.url).pathname, "fixture.json")

/** A tenant with 10,000 calls and a voice key; written to bench/fixture.json for the hand-written server. */
export const seed = (kit) =>
  kit.runtime.runPromise(
    Effect.gen(function* () {
      const tenants = yield* (yield* TenantRepository).list()
      const tenant = tenants.find((t) => t.name === "Benchmark") ??
        (yield* (yield* TenantService).create({ name: "Benchmark", entitlements: ["voice"] }))
      const calling = yield* CallingService
      const start = Date.UTC(2026, 9, 1)
      const records = Array.from({ length: CALLS }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        fromId: `+1555${String(i % 10_000).padStart(7, "0")}`,
        toId: "+15550000000",
        direction: i % 3 === 0 ? "outbound" : "inbound",
        durationSecs: (i * 7) % 600,
        result: i % 5 === 0 ? "missed" : "completed",
        startedAt: new Date(start + i * 60_000).toISOString(),
        endedAt: new Date(start + i * 60_000 + ((i * 7) % 600) * 1000).toISOString(),
        callSid: `CA${i}`,
        mosScore: 4.1
      }))
      for (let i = 0; i < records.length; i += 2_000) yield* calling.ingest(tenant.id, records.slice(i, i + 2_000))
      const { key } = yield* (yield* ApiKeyService).create({
        tenantId: tenant.id,
        product: "voice",
        environment: "live",
        scopes: ["voice:read"]
      })
      const fixture = { tenantId: tenant.id, key }
      writeFileSync(fixtureFile, JSON.stringify(fixture))
      return fixture
    })
  )
