// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the calling group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const callingRoutes = {
  /**
   * List call detail records
   *
   * Call detail records, newest first. Default limit 25, maximum 100.
   */
  "calling.listCalls": ["GET", "/v1/voice/calls", "400 401 403 405 429 500", "page"],
  /** Get a call detail record */
  "calling.getCall": ["GET", "/v1/voice/calls/{id}", "400 401 403 404 405 429 500"],
  /**
   * Get voice usage
   *
   * Minutes and calls started today (UTC), and inbound calls offered and answered over the last 7 days.
   */
  "calling.getUsage": ["GET", "/v1/voice/usage", "400 401 403 405 429 500"],
  /**
   * List phone numbers (planned)
   *
   * Planned: phone numbers. Not available yet; always answers 501.
   */
  "calling.listNumbers": ["GET", "/v1/voice/numbers", "400 401 403 405 429 500 501"]
} as const
