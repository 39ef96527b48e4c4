// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the retention group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const retentionRoutes = {
  /**
   * List retention periods
   *
   * Each kind of data the account's products keep for a period, with ServiceKit's default, the platform's period and the account's own. Data is pruned, in the background within the hour, once it is `days` old.
   */
  "retention.listRetention": ["GET", "/v1/retention", "400 401 403 405 429 500"],
  /**
   * Set a retention period
   *
   * Sets how many days the account keeps a kind of data, or with `days: null` follows the platform's period again. An account may keep less than the platform does, never more (400 naming the platform's days), and no less than the kind's `minimumDays`; where the platform keeps a kind, any period from that minimum. What is older than the new period is pruned at the next hourly sweep, and cannot be recovered.
   */
  "retention.setRetention": ["PUT", "/v1/retention/{kind}", "400 401 403 404 405 413 429 500"]
} as const
