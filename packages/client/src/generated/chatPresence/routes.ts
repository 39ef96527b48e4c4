// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatPresence group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatPresenceRoutes = {
  /**
   * Who of the team is here
   *
   * The agents online or away now, the latest to say so first. An agent who has not said their status for 2 minutes is offline and not listed.
   */
  "chatPresence.listPresentAgents": ["GET", "/v1/chat/presence", "400 401 403 405 429 500"]
} as const
