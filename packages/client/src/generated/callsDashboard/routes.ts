// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the callsDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const callsDashboardRoutes = {
  /**
   * List the tenant's calls
   *
   * Call detail records, newest first, as the public list but shaped `{ items, nextCursor }`. Default limit 25, maximum 100.
   */
  "callsDashboard.listDashboardCalls": ["GET", "/calls", "400 401 403 405 500", "page"],
  /**
   * Summarize the tenant's calls
   *
   * Calls started in [from, to): their count and minutes, and the answer rate of inbound calls. Without bounds, the 30 days up to now; `from` alone runs to now; at most 366 days.
   */
  "callsDashboard.getCallSummary": ["GET", "/calls/summary", "400 401 403 405 500"],
  /**
   * Export the tenant's calls as CSV or JSON
   *
   * Calls started in [from, to) (full timestamps; either may be left out), newest first, optionally of one direction and one result. `format=csv` (the default) answers RFC 4180 CSV with a header line and CRLF line ends; `format=json` a JSON array of calls. Streamed, so any size can be exported. About 5 exports a minute per tenant: more answer 429 with Retry-After.
   */
  "callsDashboard.exportCalls": ["GET", "/calls/export", "400 401 403 405 429 500"]
} as const
