// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatCannedResponsesDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatCannedResponsesDashboardRoutes = {
  /**
   * List canned responses
   *
   * The account's canned responses, by shortcut: the whole library, at most 500.
   */
  "chatCannedResponsesDashboard.listAgentCannedResponses": ["GET", "/tenants/{tenantId}/chat/canned-responses", "400 401 403 405 500"],
  /**
   * Add a canned response
   *
   * Admins only. Shortcuts are unique in the account (409 `shortcut_taken`); an account keeps at most 500 (409 `canned_response_limit_reached`).
   */
  "chatCannedResponsesDashboard.createAgentCannedResponse": ["POST", "/tenants/{tenantId}/chat/canned-responses", "400 401 403 405 409 413 500"],
  /**
   * Change a canned response
   *
   * Admins only; the fields given change. Shortcuts are unique in the account (409 `shortcut_taken`); an account keeps at most 500 (409 `canned_response_limit_reached`).
   */
  "chatCannedResponsesDashboard.updateAgentCannedResponse": ["PATCH", "/tenants/{tenantId}/chat/canned-responses/{id}", "400 401 403 404 405 409 413 500"],
  /**
   * Remove a canned response
   *
   * Admins only.
   */
  "chatCannedResponsesDashboard.removeAgentCannedResponse": ["DELETE", "/tenants/{tenantId}/chat/canned-responses/{id}", "400 401 403 404 405 500"]
} as const
