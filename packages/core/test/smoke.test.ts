import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ApiKeyService, CallingService, ServiceKit, TenantService } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"

describe("smoke", () => {
  it("serves calls", async () => {
    const kit = ServiceKit.make(layerMemory())
    const { key, tenant } = await kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Acme", entitlements: ["voice"] })
        const created = yield* (yield* ApiKeyService).create({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:read"] })
        yield* (yield* CallingService).ingest(tenant.id, [
          { fromId: "+1", toId: "+2", direction: "inbound", durationSecs: 30, result: "completed", startedAt: "2026-11-20T10:00:00Z" }
        ])
        return { key: created.key, tenant }
      })
    )
    for (const url of ["/api/v1/voice/calls", "/api/v1/voice/calls?limit=0", "/api/v1/voice/calls/abc", "/api/v1/voice/numbers", "/api/v1/nope", "/api/v1/voice/usage"]) {
      const res = await kit.handler(new Request("http://x" + url, { headers: { authorization: `Bearer ${key}` } }))
      console.log(url, res.status, [...res.headers.entries()], await res.text())
    }
    const res = await kit.handler(new Request("http://x/api/v1/voice/calls"))
    console.log(res.status, await res.text())
    const jwt = testDashboardToken({ tenantId: tenant.id, role: "admin", sub: "u1" })
    const r2 = await kit.handler(new Request(`http://x/api/tenants/${tenant.id}/api-keys`, { headers: { authorization: `Bearer ${jwt}` } }))
    console.log(r2.status, await r2.text())
    const r3 = await kit.handler(new Request(`http://x/api/v1/openapi.json`))
    console.log(r3.status, (await r3.text()).slice(0, 300))
    expect(res.status).toBe(401)
    await kit.dispose()
  })
})
