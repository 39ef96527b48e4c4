// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatPresenceDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatPresenceDashboardRoutes = {
  /**
   * Who of the team is here
   *
   * The agents online or away now, the latest to say so first. An agent who has not said their status for 2 minutes is offline and not listed.
   */
  "chatPresenceDashboard.listAgentPresence": ["GET", "/tenants/{tenantId}/chat/presence", "400 401 403 405 500"],
  /**
   * Say the agent's status
   *
   * The token's user is `online` or `away` from now on; say it again at least every 2 minutes (the console does every minute while it is open), or they are offline.
   */
  "chatPresenceDashboard.sayPresence": ["PUT", "/tenants/{tenantId}/chat/presence", "400 401 403 405 413 500"]
} as const
