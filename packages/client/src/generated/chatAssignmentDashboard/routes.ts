// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatAssignmentDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatAssignmentDashboardRoutes = {
  /** The assignment rules */
  "chatAssignmentDashboard.getAgentAssignment": ["GET", "/tenants/{tenantId}/chat/assignment", "400 401 403 405 500"],
  /**
   * Change the assignment rules
   *
   * Admins only; the fields given change.
   */
  "chatAssignmentDashboard.setAgentAssignment": ["PATCH", "/tenants/{tenantId}/chat/assignment", "400 401 403 405 413 500"]
} as const
