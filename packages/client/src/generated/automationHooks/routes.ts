// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationHooks group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationHooksRoutes = {
  /**
   * Start a run from a partner system
   *
   * Authenticated by `X-Service-Automation-Token` (it must equal the token set in the named workflow's `triggerJson.webhook.token`, compared by its digest; otherwise 401 `invalid_automation_token`) or by an API key with automations:manage. Stores a queued run (trigger `webhook`, `{{event.type}}` = `event`). The same `idempotencyKey` within 24 hours answers the first run instead of starting another, also when duplicates arrive at once.
   */
  "automationHooks.inboundHook": ["POST", "/v1/automations/hooks/inbound", "400 401 403 404 405 413 429 500"]
} as const
