// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the platformAdmin group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const platformAdminRoutes = {
  /** List every tenant, oldest first */
  "platformAdmin.listTenants": ["GET", "/admin/tenants", "400 401 405 500"],
  /** Create a tenant */
  "platformAdmin.createTenant": ["POST", "/admin/tenants", "400 401 405 413 500"],
  /** Get a tenant */
  "platformAdmin.getTenant": ["GET", "/admin/tenants/{tenantId}", "400 401 404 405 500"],
  /** Rename a tenant, replace its entitlements, or set its weight or its cap on running runs */
  "platformAdmin.updateTenant": ["PATCH", "/admin/tenants/{tenantId}", "400 401 404 405 413 500"],
  /** List a tenant's API keys */
  "platformAdmin.listTenantApiKeys": ["GET", "/admin/tenants/{tenantId}/api-keys", "400 401 404 405 500"],
  /** Create an API key for a tenant */
  "platformAdmin.createTenantApiKey": ["POST", "/admin/tenants/{tenantId}/api-keys", "400 401 404 405 413 500"],
  /** Revoke a tenant's API key */
  "platformAdmin.revokeTenantApiKey": ["DELETE", "/admin/tenants/{tenantId}/api-keys/{id}", "400 401 404 405 500"],
  /** Mint a dashboard token for a tenant's user */
  "platformAdmin.issueDashboardToken": ["POST", "/admin/tenants/{tenantId}/dashboard-tokens", "400 401 404 405 413 500"]
} as const
