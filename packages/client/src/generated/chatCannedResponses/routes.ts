// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatCannedResponses group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatCannedResponsesRoutes = {
  /**
   * List canned responses
   *
   * The account's canned responses, by shortcut: the whole library, at most 500.
   */
  "chatCannedResponses.listCannedResponses": ["GET", "/v1/chat/canned-responses", "400 401 403 405 429 500"],
  /**
   * Add a canned response
   *
   * Shortcuts are unique in the account (409 `shortcut_taken`); an account keeps at most 500 (409 `canned_response_limit_reached`).
   */
  "chatCannedResponses.createCannedResponse": ["POST", "/v1/chat/canned-responses", "400 401 403 405 409 413 429 500"],
  /**
   * Change a canned response
   *
   * The fields given change. Shortcuts are unique in the account (409 `shortcut_taken`); an account keeps at most 500 (409 `canned_response_limit_reached`).
   */
  "chatCannedResponses.updateCannedResponse": ["PATCH", "/v1/chat/canned-responses/{id}", "400 401 403 404 405 409 413 429 500"],
  /** Remove a canned response */
  "chatCannedResponses.removeCannedResponse": ["DELETE", "/v1/chat/canned-responses/{id}", "400 401 403 404 405 429 500"]
} as const
