// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationSessions group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationSessionsRoutes = {
  /**
   * List sessions
   *
   * Newest first, optionally of one scope, agent or peer.
   */
  "automationSessions.listSessions": ["GET", "/v1/automations/sessions", "400 401 403 405 429 500", "page"],
  /**
   * Open a session
   *
   * Answers the account's session of this scope, agent and peer, creating it if there is none (they make one session; each agent keeps its own). `peer` is required for `dm`, `group`, `channel` and `run`, and absent for `workspace`. Agent steps open theirs the same way.
   */
  "automationSessions.openSession": ["POST", "/v1/automations/sessions", "400 401 403 405 413 429 500"],
  /**
   * Get a session and its transcript
   *
   * The session and its entries in order, `limit` (default 100) after the sequence number `after`: messages, tool calls, their results and compaction summaries. Compaction never deletes: once what the model reads passes 60% of the primary model label's context window, the older entries are summarised into a `summary` entry and the newest entries within 25% are kept as they are (a tool result always with its call).
   */
  "automationSessions.getSession": ["GET", "/v1/automations/sessions/{id}", "400 401 403 404 405 429 500"]
} as const
