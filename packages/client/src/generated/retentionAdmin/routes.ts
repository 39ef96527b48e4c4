// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the retentionAdmin group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const retentionAdminRoutes = {
  /**
   * List a tenant's retention periods
   *
   * What `GET /v1/retention` answers the tenant: each kind its products keep, with every period.
   */
  "retentionAdmin.getTenantRetention": ["GET", "/admin/tenants/{tenantId}/retention", "400 401 404 405 500"],
  /**
   * Set a tenant's retention period
   *
   * Sets the tenant's own period for a kind as the tenant would (`PUT /v1/retention/{kind}`), within the platform's period and from the kind's minimum; `days: null` follows the platform's period again.
   */
  "retentionAdmin.setTenantRetention": ["PUT", "/admin/tenants/{tenantId}/retention/{kind}", "400 401 404 405 413 500"]
} as const
