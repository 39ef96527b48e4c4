// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatWorkingHours group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatWorkingHoursRoutes = {
  /** The working hours */
  "chatWorkingHours.getWorkingHours": ["GET", "/v1/chat/working-hours", "400 401 403 405 429 500"],
  /**
   * Change the working hours
   *
   * The fields given change; a dashboard token needs a tenant admin.
   */
  "chatWorkingHours.setWorkingHours": ["PATCH", "/v1/chat/working-hours", "400 401 403 405 413 429 500"]
} as const
