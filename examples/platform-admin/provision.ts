import type { ServiceKit } from "@servicekit/core"

/**
 * Onboarding a customer from the embedding platform's own code: a tenant entitled to voice,
 * a read key for its servers and a dashboard token for its first user. No Effect needed:
 * `kit.admin` speaks promises.
 */
export const onboardCustomer = async (
  kit: ServiceKit.ServiceKit<unknown>,
  customer: { name: string; userId: string }
) => {
  const tenant = await kit.admin.createTenant({ name: customer.name, entitlements: ["voice"] })
  const { apiKey, key } = await kit.admin.createKey({
    tenantId: tenant.id,
    product: "voice",
    environment: "live",
    scopes: ["voice:read"],
    name: "reporting"
  })
  const dashboard = await kit.admin.issueDashboardToken(tenant.id, { sub: customer.userId, role: "admin" })
  return { tenantId: tenant.id, keyId: apiKey.id, key, dashboardToken: dashboard.token }
}

/** Upgrading a customer's plan: the new product applies to their next request. */
export const addChat = async (kit: ServiceKit.ServiceKit<unknown>, tenantId: string) => {
  const tenant = await kit.admin.getTenant(tenantId)
  return kit.admin.updateTenant(tenantId, { entitlements: [...tenant.entitlements, "chat"] })
}
