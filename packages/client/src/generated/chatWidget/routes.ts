// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatWidget group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatWidgetRoutes = {
  /**
   * How the widget looks
   *
   * The tenant's name, accent, greeting and launcher side, as its widget shows them. A suspended tenant's widget answers 403 `tenant_suspended`.
   */
  "chatWidget.getWidgetAppearance": ["GET", "/public/chat/widget/appearance", "400 403 404 405 429 500"],
  /**
   * Whether the team chats now
   *
   * Within the tenant's working hours with an agent online, the widget chats; otherwise it shows the away message (as text) and asks for the visitor's email address, and a first message still opens the conversation. Ask again every minute or so while the chat is open.
   */
  "chatWidget.getWidgetAvailability": ["GET", "/public/chat/widget/availability", "400 403 404 405 429 500"],
  /**
   * Find a signed-in visitor's open conversation
   *
   * A signed-in visitor: `externalId` with `identityHash`, the lowercase hex HMAC-SHA256 of it under the tenant's identity secret (made on the tenant's server, never in the browser): 403 `identity_hash_invalid` when it does not match, `identity_not_enabled` when the tenant has no secret. Answers a token (30 days) for the visitor's open or pending conversation, or nulls when they have none; limited per client address as the first message is.
   */
  "chatWidget.resumeWidgetConversation": ["POST", "/public/chat/widget/sessions", "400 403 404 405 413 429 500"],
  /**
   * Write the first message in the widget
   *
   * With `email`, the address the visitor leaves for replies (see the visitor's `PUT /public/chat/email`). Creates an anonymous visitor (`externalId` `anon_` and 24 characters), or takes the signed-in one (A signed-in visitor: `externalId` with `identityHash`, the lowercase hex HMAC-SHA256 of it under the tenant's identity secret (made on the tenant's server, never in the browser): 403 `identity_hash_invalid` when it does not match, `identity_not_enabled` when the tenant has no secret.), its conversation (source `widget`) with this message, and the visitor token that opens it for 30 days: use it as the visitor API's bearer token from then on. Limited per client address (`SERVICEKIT_WIDGET_START_RATE_LIMIT` an hour) beside the visitor routes' own limit. A suspended tenant's widget answers 403 `tenant_suspended`. Emits `conversation.created` and `message.created`.
   */
  "chatWidget.startWidgetConversation": ["POST", "/public/chat/widget/conversations", "400 403 404 405 409 413 429 500"]
} as const
