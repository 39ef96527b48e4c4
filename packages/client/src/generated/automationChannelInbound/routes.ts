// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationChannelInbound group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationChannelInboundRoutes = {
  /**
   * Post an inbound message to a channel
   *
   * Authenticated by `X-Service-Channel-Secret` (a wrong secret, or a channel without one, is a 401 `invalid_channel_secret` and stores nothing) or by an API key with automations:manage. Starts a run of each active workflow whose trigger is `{ type: "channel", channelId }` of this channel, with `{{context}}` the text (framed as untrusted for models) and `{{payload.*}}` the body's `payload` with `channelId`, `peer` and `text`. An agent step without instructions of its own is routed by `peer:` and `channel:` route keys; a `deliver` step to `{{payload.channelId}}` answers where the message came from. The same `idempotencyKey` starts no second run.
   */
  "automationChannelInbound.channelInbound": ["POST", "/v1/automations/channels/{id}/inbound", "400 401 403 404 405 413 429 500"]
} as const
