// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationChannels group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationChannelsRoutes = {
  /** List channels */
  "automationChannels.listChannels": ["GET", "/v1/automations/channels", "400 401 403 405 429 500", "page"],
  /**
   * Create a channel
   *
   * `config_json.inboundSecret` (at least 16 characters, no spaces) lets `/channels/{id}/inbound` be called with it; it is encrypted at rest and never shown again. A webhook channel needs one (it signs what the channel sends) and a URL the outbound client may reach.
   */
  "automationChannels.createChannel": ["POST", "/v1/automations/channels", "400 401 403 405 413 429 500"]
} as const
