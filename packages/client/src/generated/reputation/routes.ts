// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the reputation group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const reputationRoutes = {
  /**
   * The account's sending reputation
   *
   * Hard bounces and spam complaints per message sent over a rolling window, and where they stand against the platform's thresholds. Test-mode mail does not count. A warning or a pause is also sent as the `sending.warning` and `sending.paused` events.
   */
  "reputation.getReputation": ["GET", "/v1/transactional/reputation", "400 401 403 405 429 500"]
} as const
