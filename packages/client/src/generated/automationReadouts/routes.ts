// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationReadouts group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationReadoutsRoutes = {
  /**
   * Runs' success rate and start latency
   *
   * Over the runs created in the last 7 days: counts by status, the success rate and the p50 and p95 of the time from queued to running.
   */
  "automationReadouts.getSlo": ["GET", "/v1/automations/slo", "400 401 403 405 429 500"],
  /** First-run checklist */
  "automationReadouts.getOnboarding": ["GET", "/v1/automations/onboarding", "400 401 403 405 429 500"],
  /**
   * The runs' step log
   *
   * Every step result of the runs, of one run or workflow, in one status. Newest run first (by creation), then its last step first. A page reads at most 500 runs, so it may hold fewer entries than `limit` (none, even) while `meta.nextCursor` is not null: follow it until it is.
   */
  "automationReadouts.listLogs": ["GET", "/v1/automations/logs", "400 401 403 405 429 500", "page"],
  /**
   * Messages runs sent
   *
   * Succeeded email.send, chat.post_message, channel.deliver and webhook.deliver steps and deliver steps, of every run or of one run or workflow. Newest run first (by creation), then its last step first. A page reads at most 500 runs, so it may hold fewer entries than `limit` (none, even) while `meta.nextCursor` is not null: follow it until it is.
   */
  "automationReadouts.listMessages": ["GET", "/v1/automations/messages", "400 401 403 405 429 500", "page"]
} as const
