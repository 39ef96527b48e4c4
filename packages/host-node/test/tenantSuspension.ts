import { RunEngine } from "@servicekit/core/internal"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { apiCaller, automationsClient, expectJson, until } from "./automationsClient.js"
import { expectRefusal } from "./hostileInput.js"
import { type TenantSuiteSetting, adminToken, servedOn } from "./tenantSuite.js"

const hookToken = "hook-token-0123456789abcdef"

/** A tenant suspended and resumed over the admin API, on `setting`'s storage and workers. */
export const tenantSuspensionSuite = (setting: TenantSuiteSetting) =>
  describe(`A suspended tenant, on ${setting.storage}`, () => {
    const { served, startWorkers } = servedOn(setting, "suspension")
    // POST for the suspension's routes, GET for the tenant's own.
    const admin = (path: string, body?: unknown) =>
      fetch(`${served.url}/api/admin/tenants${path}`, {
        method: /\/(suspend|resume)$/.test(path) ? "POST" : "GET",
        headers: {
          authorization: `Bearer ${adminToken}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
    let tenant: { id: string }
    let other: { id: string }
    let keys: { automations: string; chat: string; other: string }
    let dashboard: string
    beforeAll(async () => {
      tenant = await served.kit.admin.createTenant({ name: "Initech", entitlements: ["automations", "chat"] })
      other = await served.kit.admin.createTenant({ name: "Globex", entitlements: ["automations"] })
      const keyOf = async (tenantId: string, product: "automations" | "chat") =>
        (
          await served.kit.admin.createKey({
            tenantId,
            environment: "live",
            ...(product === "chat"
              ? { product, scopes: ["chat:read", "chat:write"] as const }
              : { product, scopes: ["automations:manage"] as const })
          })
        ).key
      keys = {
        automations: await keyOf(tenant.id, "automations"),
        chat: await keyOf(tenant.id, "chat"),
        other: await keyOf(other.id, "automations")
      }
      dashboard = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "user-1", role: "admin" })).token
    })

    it("refuses every credential of the tenant with 403 tenant_suspended, holds its runs, and carries on once resumed", async () => {
      const api = apiCaller(served)(() => keys.automations)
      const { workflow } = automationsClient(served, () => keys.automations)
      const hooked = await workflow([{ type: "log", message: "hooked {{payload.n}}" }], {
        triggerJson: { schemaVersion: 1, type: "webhook", webhook: { token: hookToken } }
      })
      const session = await expectJson(
        await apiCaller(served)(() => keys.chat)("POST", "/chat/sessions", { externalId: "visitor-1", displayName: "Ada" })
      )
      const visitor = () =>
        fetch(`${served.url}/api/public/chat/conversation`, { headers: { authorization: `Bearer ${session.visitorToken}` } })
      const dashboardCall = () =>
        fetch(`${served.url}/api/tenants/${tenant.id}/api-keys`, { headers: { authorization: `Bearer ${dashboard}` } })
      const hook = (n: number) =>
        fetch(`${served.url}/api/v1/automations/hooks/inbound`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-service-automation-token": hookToken },
          body: JSON.stringify({ workflowId: hooked.id, payload: { n } })
        })
      // Everything works, and three runs wait for workers that have not started.
      expect((await visitor()).status).toBe(200)
      expect((await dashboardCall()).status).toBe(200)
      const queued = [await expectJson(await hook(1)), await expectJson(await hook(2)), await expectJson(await hook(3))]
      expect(queued.map((run) => run.status)).toEqual(["queued", "queued", "queued"])

      const suspended = await expectJson(await admin(`/${tenant.id}/suspend`, { reason: "  Unpaid invoice 42 " }))
      expect(suspended).toMatchObject({ id: tenant.id, suspension: { reason: "Unpaid invoice 42" } })
      expect(Date.parse(suspended.suspension.at)).toBeGreaterThan(Date.now() - 60_000)
      // At once, though the key and the token were just checked and remembered.
      await expectRefusal(await api("GET", "/automations/workflows"), 403, "tenant_suspended")
      await expectRefusal(await dashboardCall(), 403, "tenant_suspended")
      await expectRefusal(await visitor(), 403, "tenant_suspended")
      await expectRefusal(await hook(4), 403, "tenant_suspended")
      // Another tenant is not touched.
      expect((await apiCaller(served)(() => keys.other)("GET", "/automations/workflows")).status).toBe(200)
      // Suspended again, it stays as it was.
      expect(await expectJson(await admin(`/${tenant.id}/suspend`, { reason: "again" }))).toEqual(suspended)
      expect(await expectJson(await admin(`/${tenant.id}`))).toEqual(suspended)

      // Its queued runs do not start while it is suspended; another tenant's do.
      await startWorkers()
      const otherFlow = await automationsClient(served, () => keys.other).workflow([{ type: "log", message: "other" }])
      const otherRun = await expectJson(
        await apiCaller(served)(() => keys.other)("POST", `/automations/workflows/${otherFlow.id}/run`, {})
      )
      await until("the other tenant's run", async () => {
        const run = await expectJson(await apiCaller(served)(() => keys.other)("GET", `/automations/runs/${otherRun.id}`))
        return run.status === "succeeded" ? run : undefined
      })
      // Well after the other tenant's run went through, its own are as they were: queued, no step run.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const stored = await served.kit.runtime.runPromise(
        Effect.forEach(queued, (run) => Effect.flatMap(RunEngine, (engine) => engine.get(tenant.id, run.id)))
      )
      expect(stored.map((run) => [run.status, run.results.length])).toEqual([
        ["queued", 0],
        ["queued", 0],
        ["queued", 0]
      ])

      const resumed = await expectJson(await admin(`/${tenant.id}/resume`))
      expect(resumed).toEqual({ ...suspended, suspension: null })
      // Each carries on where it stood, and runs once.
      for (const run of queued) {
        const after = await until(`run ${run.id}`, async () => {
          const found = await expectJson(await api("GET", `/automations/runs/${run.id}`))
          return found.status === "succeeded" ? found : undefined
        })
        expect(after.stepsResultJson.map((step: { outputText: string }) => step.outputText)).toEqual([
          `hooked ${queued.indexOf(run) + 1}`
        ])
      }
      expect((await visitor()).status).toBe(200)
      expect((await dashboardCall()).status).toBe(200)
      expect((await hook(5)).status).toBe(200)
      // Resumed again, it stays as it is.
      expect(await expectJson(await admin(`/${tenant.id}/resume`))).toEqual(resumed)
    }, 60_000)

    it("ends a visitor's open event stream at its next heartbeat, and the reconnect is refused", async () => {
      const session = await expectJson(
        await apiCaller(served)(() => keys.chat)("POST", "/chat/sessions", { externalId: "visitor-live", displayName: "Bo" })
      )
      const visitor = { authorization: `Bearer ${session.visitorToken}` }
      const events = await fetch(`${served.url}/api/public/chat/events`, { headers: visitor })
      expect(events.status).toBe(200)
      const reader = events.body!.getReader()
      await reader.read()
      await served.kit.admin.suspendTenant(tenant.id, "stream test")
      try {
        // Read to the end (the test's timeout fails a stream that stays open): a heartbeat comes every
        // 15 s, and the stream closes at the first after the suspension.
        for (;;) if ((await reader.read()).done) break
        await expectRefusal(
          await fetch(`${served.url}/api/public/chat/events`, { headers: visitor }),
          403,
          "tenant_suspended"
        )
      } finally {
        await served.kit.admin.resumeTenant(tenant.id)
      }
    }, 40_000)

    it("refuses its nodes' pairing claims and paired devices, and takes both again once resumed", async () => {
      const api = apiCaller(served)(() => keys.automations)
      const claim = (pairingCode: string) =>
        fetch(`${served.url}/api/v1/automations/nodes/claim`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ pairingCode, platform: "linux x64" })
        })
      const heartbeat = (id: string, secret: string) =>
        fetch(`${served.url}/api/v1/automations/nodes/${id}/heartbeat`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
          body: JSON.stringify({ version: "1.0.0" })
        })
      const first = await expectJson(await api("POST", "/automations/nodes", { name: "Desk" }))
      const paired = await expectJson(await claim(first.pairingCode))
      const pending = await expectJson(await api("POST", "/automations/nodes", { name: "Laptop" }))
      await served.kit.admin.suspendTenant(tenant.id)
      try {
        await expectRefusal(await claim(pending.pairingCode), 403, "tenant_suspended")
        await expectRefusal(await heartbeat(first.id, paired.deviceSecret), 403, "tenant_suspended")
      } finally {
        await served.kit.admin.resumeTenant(tenant.id)
      }
      // The code was left as it was: it pairs now.
      const late = await expectJson(await claim(pending.pairingCode))
      expect(late).toMatchObject({ id: pending.id, status: "paired" })
      expect((await heartbeat(first.id, paired.deviceSecret)).status).toBe(200)
    })

    it("refuses a bad reason or an unknown tenant with the common error body, changing nothing", async () => {
      for (const reason of ["x".repeat(501), "nul \u0000 inside", 42]) {
        await expectRefusal(await admin(`/${other.id}/suspend`, { reason }), 400, "validation_failed")
      }
      expect((await expectJson(await admin(`/${other.id}`))).suspension).toBeNull()
      await expectRefusal(await admin(`/00000000-0000-4000-8000-000000000000/suspend`, {}), 404, "tenant_not_found")
      await expectRefusal(await admin(`/00000000-0000-4000-8000-000000000000/resume`), 404, "tenant_not_found")
      await expectRefusal(await admin(`/not-a-uuid/resume`), 400, "validation_failed")
      // Without a body, or a null reason, a suspension has no reason; kit.admin does the same.
      const bare = await expectJson(await admin(`/${other.id}/suspend`, {}))
      expect(bare.suspension).toEqual({ at: expect.any(String), reason: null })
      const back = await served.kit.admin.resumeTenant(other.id)
      expect(back.suspension).toBeNull()
      const byCode = await served.kit.admin.suspendTenant(other.id, "abuse report 7")
      expect(byCode.suspension).toEqual({ at: expect.any(Date), reason: "abuse report 7" })
      await expectRefusal(await apiCaller(served)(() => keys.other)("GET", "/automations/workflows"), 403, "tenant_suspended")
      expect((await served.kit.admin.resumeTenant(other.id)).suspension).toBeNull()
      expect((await apiCaller(served)(() => keys.other)("GET", "/automations/workflows")).status).toBe(200)
    })
  })
