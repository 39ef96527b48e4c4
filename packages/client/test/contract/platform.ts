import { expect, it } from "vitest"
import { ADMIN_TOKEN, type ContractContext, UNKNOWN_ID } from "./setup.js"

/** The platform: liveness, a tenant's life through the platform admin API, and its keys on the dashboard. */
export const platformTests = (context: ContractContext) => {
  const { connect, tenantWith, expectOk, expectError } = context

  it("answers liveness and readiness", async () => {
    const sk = connect()
    expect(expectOk(await sk.operations.healthz())).toEqual({ status: "ok" })
    expect(expectOk(await sk.operations.readyz())).toMatchObject({ status: "ready" })
  })

  it("runs a tenant's life through the platform admin API: a key works until it is revoked", async () => {
    const admin = connect({ token: ADMIN_TOKEN })
    const tenant = expectOk(
      await admin.platformAdmin.createTenant({ body: { name: "Globex", entitlements: ["voice"] } })
    )
    expect(tenant).toMatchObject({ name: "Globex", entitlements: ["voice"] })
    expect(expectOk(await admin.platformAdmin.getTenant({ path: { tenantId: tenant.id } }))).toEqual(tenant)
    expect(expectOk(await admin.platformAdmin.listTenants()).data).toContainEqual(tenant)
    const renamed = expectOk(
      await admin.platformAdmin.updateTenant({ path: { tenantId: tenant.id }, body: { name: "Globex Corp" } })
    )
    expect(renamed).toEqual({ ...tenant, name: "Globex Corp" })

    const created = expectOk(
      await admin.platformAdmin.createTenantApiKey({
        path: { tenantId: tenant.id },
        body: { product: "voice", environment: "live", scopes: ["voice:read"], name: "reporting" }
      })
    )
    expect(created.key).toMatch(/^svk_live_voice_/)
    const listed = expectOk(await admin.platformAdmin.listTenantApiKeys({ path: { tenantId: tenant.id } }))
    expect(listed.data.map((key) => key.id)).toEqual([created.id])
    expect(JSON.stringify(listed)).not.toContain(created.key)
    const reporting = connect({ apiKey: created.key })
    expectOk(await reporting.calling.getUsage())

    const issued = expectOk(
      await admin.platformAdmin.issueDashboardToken({
        path: { tenantId: tenant.id },
        body: { sub: "user-42", role: "admin", expiresInSeconds: 600 }
      })
    )
    const dashboard = connect({ dashboardToken: issued.token })
    expect(expectOk(await dashboard.developers.getEntitlements())).toEqual({
      tenantId: tenant.id,
      entitlements: ["voice"]
    })

    // Suspended, its key and its dashboard token are refused; resumed, both work again.
    const suspended = expectOk(
      await admin.platformAdmin.suspendTenant({ path: { tenantId: tenant.id }, body: { reason: "unpaid" } })
    )
    expect(suspended.suspension).toEqual({ at: expect.any(String), reason: "unpaid" })
    expect(expectError(await reporting.calling.getUsage(), 403).code).toBe("tenant_suspended")
    expect(expectError(await dashboard.developers.getEntitlements(), 403).code).toBe("tenant_suspended")
    const resumed = expectOk(await admin.platformAdmin.resumeTenant({ path: { tenantId: tenant.id } }))
    expect(resumed).toEqual({ ...renamed, suspension: null })
    expectOk(await reporting.calling.getUsage())

    const revoked = expectOk(
      await admin.platformAdmin.revokeTenantApiKey({ path: { tenantId: tenant.id, id: created.id } })
    )
    expect(revoked.revokedAt).not.toBeNull()
    const refused = await reporting.calling.getUsage()
    expect(expectError(refused, 401).code).toBe("key_revoked")

    // 401 and 404, typed: each status narrows `code` to the codes the document lists for it.
    const wrongToken = await connect({ token: `${ADMIN_TOKEN}x` }).platformAdmin.listTenants()
    const unauthenticated = expectError(wrongToken, 401)
    expect(unauthenticated.code).toBe("invalid_admin_token")
    const missing = await admin.platformAdmin.getTenant({ path: { tenantId: UNKNOWN_ID } })
    if (missing.error?.code === "tenant_not_found") expect(missing.error.status).toBe(404)
    const notFound = expectError(missing, 404)
    expect(notFound.code).toBe("tenant_not_found")
    // @ts-expect-error: a 404 of getTenant is never an authentication code
    expect(notFound.code === "invalid_admin_token").toBe(false)

    // Exported: the archive's gzip stream, read as it arrives; a tar of the tenant's folder inside.
    const archive = expectOk(await admin.platformAdmin.exportTenant({ path: { tenantId: tenant.id } }))
    const gzipped = new Uint8Array(await new Response(archive).arrayBuffer())
    expect([gzipped[0], gzipped[1]]).toEqual([0x1f, 0x8b])
    const tar = await new Response(new Blob([gzipped]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
    expect(new TextDecoder().decode(tar.slice(0, 100))).toContain(`servicekit-tenant-${tenant.id}/README.txt`)
    const notExported = await admin.platformAdmin.exportTenant({ path: { tenantId: UNKNOWN_ID } })
    expect(expectError(notExported, 404).code).toBe("tenant_not_found")

    // Deleted: suspended at once, then gone, its record kept.
    const started = expectOk(await admin.platformAdmin.deleteTenant({ path: { tenantId: tenant.id } }))
    expect(started).toMatchObject({ tenantId: tenant.id, requestedAt: expect.any(String) })
    expect(expectError(await admin.platformAdmin.resumeTenant({ path: { tenantId: tenant.id } }), 409).code).toBe(
      "tenant_being_deleted"
    )
    for (;;) {
      const deletion = expectOk(await admin.platformAdmin.getTenantDeletion({ path: { tenantId: tenant.id } }))
      if (deletion.status === "deleted") {
        expect(deletion.deleted.api_keys).toBe(1)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(expectError(await admin.platformAdmin.getTenant({ path: { tenantId: tenant.id } }), 404).code).toBe(
      "tenant_not_found"
    )
    const never = await admin.platformAdmin.getTenantDeletion({ path: { tenantId: UNKNOWN_ID } })
    expect(expectError(never, 404).code).toBe("tenant_deletion_not_found")
  })

  it("manages a tenant's API keys from the dashboard: a revoked key stops working; members may not", async () => {
    const acme = await tenantWith("Keys", ["voice"])
    const dashboard = connect({ dashboardToken: await acme.token("admin") })
    expect(expectOk(await dashboard.developers.getEntitlements())).toEqual({
      tenantId: acme.id,
      entitlements: ["voice"]
    })
    const created = expectOk(
      await dashboard.developers.createApiKey({
        path: { tenantId: acme.id },
        body: { product: "voice", environment: "live", scopes: ["voice:read"], name: "wallboard" }
      })
    )
    const listed = expectOk(await dashboard.developers.listApiKeys({ path: { tenantId: acme.id } }))
    expect(listed.data).toEqual([expect.objectContaining({ id: created.id, name: "wallboard", revokedAt: null })])
    const wallboard = connect({ apiKey: created.key })
    expectOk(await wallboard.calling.getUsage())
    expectOk(await dashboard.developers.revokeApiKey({ path: { tenantId: acme.id, id: created.id } }))
    expect(expectError(await wallboard.calling.getUsage(), 401).code).toBe("key_revoked")

    const member = connect({ dashboardToken: await acme.token("member") })
    const refused = await member.developers.createApiKey({
      path: { tenantId: acme.id },
      body: { product: "voice", environment: "live", scopes: ["voice:read"] }
    })
    const denied = expectError(refused, 403)
    expect(denied.code).toBe("admin_required")
    // @ts-expect-error: a 403 is never a missing tenant
    expect(denied.code === "tenant_not_found").toBe(false)
    expect(expectOk(await dashboard.developers.listApiKeys({ path: { tenantId: acme.id } })).data).toHaveLength(1)
  })

  it("sets how long the account keeps a kind of data, within the platform's period", async () => {
    const acme = await tenantWith("Acme Retention", ["chat"])
    const retention = connect({ apiKey: await acme.key({ product: "chat", scopes: ["retention:manage"] }) })
    const listed = expectOk(await retention.retention.listRetention())
    expect(listed.data.map((period) => [period.kind, period.days])).toEqual([
      ["chat.conversations", null],
      ["chat.visitor_tokens", 7],
      ["webhooks.deliveries", 90]
    ])
    const chosen = expectOk(await retention.retention.setRetention({ path: { kind: "webhooks.deliveries" }, body: { days: 30 } }))
    expect(chosen).toMatchObject({ kind: "webhooks.deliveries", platformDays: 90, tenantDays: 30, days: 30 })
    const longer = expectError(await retention.retention.setRetention({ path: { kind: "webhooks.deliveries" }, body: { days: 91 } }), 400)
    expect(longer.details).toEqual([{ field: "days", reason: "must be at most 90: the platform keeps webhooks.deliveries 90 days" }])
    expect(expectError(await retention.retention.setRetention({ path: { kind: "calls.records" }, body: { days: 3 } }), 404).code).toBe(
      "retention_kind_not_found"
    )

    // The platform reads and sets the same periods with its admin token.
    const admin = connect({ token: ADMIN_TOKEN })
    expect(expectOk(await admin.retentionAdmin.getTenantRetention({ path: { tenantId: acme.id } }))).toEqual(
      expectOk(await retention.retention.listRetention())
    )
    const set = expectOk(
      await admin.retentionAdmin.setTenantRetention({ path: { tenantId: acme.id, kind: "chat.conversations" }, body: { days: 400 } })
    )
    expect(set).toMatchObject({ kind: "chat.conversations", tenantDays: 400, days: 400 })
    expect(expectOk(await retention.retention.listRetention()).data).toContainEqual(set)
    expect(expectError(await admin.retentionAdmin.getTenantRetention({ path: { tenantId: UNKNOWN_ID } }), 404).code).toBe("tenant_not_found")
    expect(
      expectError(await admin.retentionAdmin.setTenantRetention({ path: { tenantId: acme.id, kind: "webhooks.deliveries" }, body: { days: 0 } }), 400)
        .code
    ).toBe("validation_failed")
  })
}
