// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the reputationAdmin group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const reputationAdminRoutes = {
  /**
   * Tenants out of good standing
   *
   * Tenants warned or paused (`status` narrows), most recent first, at most 1,000.
   */
  "reputationAdmin.listReputations": ["GET", "/admin/mail-reputation", "400 401 405 500"],
  /** A tenant's sending reputation */
  "reputationAdmin.getTenantReputation": ["GET", "/admin/tenants/{tenantId}/mail-reputation", "400 401 404 405 500"],
  /**
   * Resume a tenant's paused sending
   *
   * Its mail is sent again and its rates start again from nothing (`sending.resumed` to its endpoints). A tenant not paused is answered as it stands, unchanged.
   */
  "reputationAdmin.resumeTenantSending": ["POST", "/admin/tenants/{tenantId}/mail-reputation/resume", "400 401 404 405 500"]
} as const
