// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chat group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatRoutes = {
  /**
   * Mint a hosted chat session
   *
   * Upserts the visitor by `externalId`, creates the account's widget on the first mint, and opens a conversation: the visitor's open (or pending) conversation is reused unless `name` differs from its title, which starts a new one. Records a `chat_session_mint` usage entry; a new conversation emits `conversation.created`. Keep the API key on the server: hand out `chatUrl` only.
   */
  "chat.mintSession": ["POST", "/v1/chat/sessions", "400 401 403 405 413 429 500"],
  /**
   * List conversations
   *
   * Newest first, optionally only one `status`, `source` or `label`. Default limit 25, maximum 100.
   */
  "chat.listConversations": ["GET", "/v1/chat/conversations", "400 401 403 405 429 500", "page"],
  /**
   * Create a conversation
   *
   * Opens a conversation with source `api`, for the `visitor` given (upserted by `externalId`) or for none. Emits `conversation.created`.
   */
  "chat.createConversation": ["POST", "/v1/chat/conversations", "400 401 403 405 413 429 500"],
  /**
   * List a conversation's messages
   *
   * Oldest first, by `sequence`. Pass the id of the last message you have as `after` to catch up after a reconnect; `meta.nextCursor` is the `after` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chat.listMessages": ["GET", "/v1/chat/conversations/{id}/messages", "400 401 403 404 405 429 500"],
  /**
   * Post a message
   *
   * Posts as the API (`authorType` api). A closed conversation takes no messages (409 `conversation_closed`). Emits `message.created`.
   */
  "chat.postMessage": ["POST", "/v1/chat/conversations/{id}/messages", "400 401 403 404 405 409 413 429 500"],
  /**
   * Set a conversation's labels
   *
   * Replaces the conversation's labels (`[]` removes them all). Labels are the team's: the visitor never sees them. The conversation's other fields stay; no webhook event is sent for labels alone.
   */
  "chat.setLabels": ["PUT", "/v1/chat/conversations/{id}/labels", "400 401 403 404 405 413 429 500"],
  /**
   * List a conversation's private notes
   *
   * Private notes, newest first; `meta.nextCursor` is the `cursor` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chat.listNotes": ["GET", "/v1/chat/conversations/{id}/notes", "400 401 403 404 405 429 500", "page"],
  /**
   * Add a private note
   *
   * As the API (`authorType` api). A note is the team's own: the visitor never sees it, their stream never carries it, no webhook event is sent for it, and it changes nothing of the conversation (its messages, count or last message); agents' inbox streams get it as a `note` event. Allowed on a closed conversation too. A conversation keeps at most 500 (409 `note_limit_reached`).
   */
  "chat.addNote": ["POST", "/v1/chat/conversations/{id}/notes", "400 401 403 404 405 409 413 429 500"],
  /**
   * List visitors
   *
   * Newest first; with `externalId`, the one visitor it names (or none). Default limit 25, maximum 100.
   */
  "chat.listVisitors": ["GET", "/v1/chat/visitors", "400 401 403 405 429 500", "page"]
} as const
