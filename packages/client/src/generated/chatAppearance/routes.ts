// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatAppearance group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatAppearanceRoutes = {
  /**
   * The chat's appearance
   *
   * How the widget and the hosted chat page look to the tenant's visitors: as the tenant set it, and as shown.
   */
  "chatAppearance.getChatAppearance": ["GET", "/tenants/{tenantId}/chat/appearance", "400 401 403 405 500"],
  /**
   * Change the chat's appearance
   *
   * Admins only. Changes the fields given (null: back to the platform's); open pages and widgets show it when next loaded. A field it cannot take is a 400 naming it, and nothing changes.
   */
  "chatAppearance.updateChatAppearance": ["PATCH", "/tenants/{tenantId}/chat/appearance", "400 401 403 405 413 500"],
  /**
   * List agents' profiles
   *
   * The names the tenant's agents sign replies with, by name (at most 500).
   */
  "chatAppearance.listAgentProfiles": ["GET", "/tenants/{tenantId}/chat/agents", "400 401 403 405 500"],
  /**
   * Set an agent's name
   *
   * The name and initials the agent's replies are signed with from now on (earlier replies keep theirs). An agent sets their own; an admin anyone's. A tenant keeps at most 500 (409 `agent_profile_limit_reached`).
   */
  "chatAppearance.putAgentProfile": ["PUT", "/tenants/{tenantId}/chat/agents/{agentId}", "400 401 403 405 409 413 500"],
  /**
   * Remove an agent's name
   *
   * The agent's replies from now on are signed as an agent, without a name; earlier replies keep theirs. An agent removes their own; an admin anyone's.
   */
  "chatAppearance.removeAgentProfile": ["DELETE", "/tenants/{tenantId}/chat/agents/{agentId}", "400 401 403 404 405 500"]
} as const
