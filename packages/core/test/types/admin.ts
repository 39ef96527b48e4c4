// Compiled by admin-types.test.ts (tsc --noEmit, strict) against the built declarations an
// embedder gets: each `@ts-expect-error` must meet an error, so a product, entitlement or scope
// outside the closed lists would fail that test.
import type { Administration } from "@servicekit/core"

export const onboard = async (admin: Administration) => {
  const tenant = await admin.createTenant({ name: "Initech", entitlements: ["voice", "business_email"] })
  await admin.createKey({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:read"] })
  await admin.createKey({ tenantId: tenant.id, product: "chat", environment: "test", scopes: ["chat:read", "webhooks:manage"] })
  await admin.updateTenant(tenant.id, { entitlements: ["voice", "chat"] })

  // @ts-expect-error: no such product
  await admin.createKey({ tenantId: tenant.id, product: "fax", environment: "live", scopes: ["voice:read"] })
  // @ts-expect-error: a scope of another product
  await admin.createKey({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["chat:read"] })
  // @ts-expect-error: no such scope
  await admin.createKey({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:write"] })
  // @ts-expect-error: no such entitlement
  await admin.createTenant({ name: "Initrode", entitlements: ["fax"] })
  // @ts-expect-error: no such entitlement
  await admin.updateTenant(tenant.id, { entitlements: ["telex"] })
}
