import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { TenantNotFound, ValidationFailed } from "@servicekit/core"
import { createServiceKit } from "@servicekit/host-node"
import { afterAll, describe, expect, it } from "vitest"
import { addChat, onboardCustomer } from "../provision.js"

describe("platform administration from an embedding app's own code", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-admin-example-"))
  const kit = createServiceKit({
    dataDir,
    // The embedded database in a folder of its own, whatever DATABASE_URL and REDIS_URL say.
    databaseUrl: "",
    redisUrl: "",
    workers: "off",
    logLevel: "warn"
  })
  afterAll(async () => {
    await kit.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("onboards a customer whose key and dashboard token work over HTTP, then upgrades the plan", async () => {
    const customer = await onboardCustomer(kit, { name: "Initech", userId: "user-1" })
    const calls = await kit.handler(
      new Request("http://localhost/api/v1/voice/calls", { headers: { authorization: `Bearer ${customer.key}` } }),
      { remoteAddress: "127.0.0.1" }
    )
    expect(calls.status).toBe(200)
    const keys = await kit.handler(
      new Request(`http://localhost/api/tenants/${customer.tenantId}/api-keys`, {
        headers: { authorization: `Bearer ${customer.dashboardToken}` }
      }),
      { remoteAddress: "127.0.0.1" }
    )
    expect((await keys.json()).data.map((key: { id: string }) => key.id)).toEqual([customer.keyId])

    expect((await addChat(kit, customer.tenantId)).entitlements).toEqual(["voice", "chat"])
    expect((await kit.admin.listKeys(customer.tenantId)).map((key) => key.name)).toEqual(["reporting"])
    expect((await kit.admin.listTenants()).map((tenant) => tenant.name)).toContain("Initech")
    expect((await kit.admin.revokeKey(customer.tenantId, customer.keyId)).revokedAt).toBeInstanceOf(Date)
  })

  it("rejects with the typed error the HTTP API renders", async () => {
    await expect(kit.admin.getTenant("00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(TenantNotFound)
    const refused = kit.admin.createTenant({ name: "" })
    await expect(refused).rejects.toBeInstanceOf(ValidationFailed)
    await expect(refused).rejects.toMatchObject({ details: [{ field: "name", reason: "must be 1 to 200 characters" }] })
  })
})
