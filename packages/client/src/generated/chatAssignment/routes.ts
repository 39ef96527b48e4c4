// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatAssignment group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatAssignmentRoutes = {
  /** The assignment rules */
  "chatAssignment.getAssignment": ["GET", "/v1/chat/assignment", "400 401 403 405 429 500"],
  /**
   * Change the assignment rules
   *
   * The fields given change; turned to `auto`, what waits is handed out at once.
   */
  "chatAssignment.setAssignment": ["PATCH", "/v1/chat/assignment", "400 401 403 405 413 429 500"]
} as const
