// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the suppressions group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const suppressionsRoutes = {
  /**
   * List suppressed addresses
   *
   * Newest first, narrowed by `stream`, `email` and `reason`. Default limit 50, maximum 200. A send to a suppressed address is not attempted: its message is `suppressed`.
   */
  "suppressions.listSuppressions": ["GET", "/v1/transactional/suppressions", "400 401 403 405 429 500", "page"],
  /**
   * Suppress an address
   *
   * Adds the address to the stream's list (`transactional` by default) with the reason `manual`.
   */
  "suppressions.addSuppression": ["POST", "/v1/transactional/suppressions", "400 401 403 405 409 413 429 500"],
  /**
   * Take an address off the list
   *
   * Mail to it is attempted again, and its soft bounces are counted afresh. Bounces and manual entries only: a complaint or an unsubscribe is the recipient's choice (409 `suppression_not_removable`).
   */
  "suppressions.removeSuppression": ["DELETE", "/v1/transactional/suppressions/{email}", "400 401 403 404 405 409 429 500"]
} as const
