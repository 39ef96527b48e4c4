// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationAgents group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationAgentsRoutes = {
  /** List agents */
  "automationAgents.listAgents": ["GET", "/v1/automations/agents", "400 401 403 405 429 500", "page"],
  /**
   * Create an agent
   *
   * `model` must be a label this platform configures, `toolProfile` one of the account's profiles, `skills` known skills; at most 20 route keys, none twice. An agent created with `isDefault: true` takes over as the account's default. At most 100 agents.
   */
  "automationAgents.createAgent": ["POST", "/v1/automations/agents", "400 401 403 405 413 429 500"],
  /**
   * Change an agent
   *
   * Changes the fields given; `null` clears `model` or `toolProfile`.
   */
  "automationAgents.updateAgent": ["PATCH", "/v1/automations/agents/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete an agent
   *
   * Answers the agent deleted. A step naming it fails when a run reaches it; its sessions stay readable.
   */
  "automationAgents.deleteAgent": ["DELETE", "/v1/automations/agents/{id}", "400 401 403 404 405 429 500"]
} as const
