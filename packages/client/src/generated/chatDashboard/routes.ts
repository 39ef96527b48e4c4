// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatDashboardRoutes = {
  /**
   * List conversations
   *
   * Newest first, optionally only one `status` or `source`, only those assigned to the token's user or to nobody (`assigned`), and only one visitor's (`visitorId`); each with what the token's user has read of it.
   */
  "chatDashboard.listAgentConversations": ["GET", "/tenants/{tenantId}/chat/conversations", "400 401 403 405 500", "page"],
  /** Get a conversation */
  "chatDashboard.getAgentConversation": ["GET", "/tenants/{tenantId}/chat/conversations/{id}", "400 401 403 404 405 500"],
  /**
   * Mark a conversation read
   *
   * Marks the conversation read by the token's user up to message `sequence`. A mark only moves forward: an older one changes nothing. Replying marks what the reply follows read too.
   */
  "chatDashboard.markConversationRead": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/read", "400 401 403 404 405 413 500"],
  /**
   * List a conversation's messages
   *
   * Oldest first, by `sequence`. Pass the id of the last message you have as `after` to catch up after a reconnect; `meta.nextCursor` is the `after` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chatDashboard.listAgentMessages": ["GET", "/tenants/{tenantId}/chat/conversations/{id}/messages", "400 401 403 404 405 500"],
  /**
   * Reply as an agent
   *
   * Posts as the token's user (`authorType` agent, `authorId` the token's subject), which marks the conversation read by them up to the reply. A closed conversation takes no messages (409 `conversation_closed`). Emits `message.created`.
   */
  "chatDashboard.replyAsAgent": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/messages", "400 401 403 404 405 409 413 500"],
  /**
   * Set a conversation's labels
   *
   * Replaces the conversation's labels (`[]` removes them all). Labels are the team's: the visitor never sees them. The conversation's other fields stay; no webhook event is sent for labels alone.
   */
  "chatDashboard.setAgentConversationLabels": ["PUT", "/tenants/{tenantId}/chat/conversations/{id}/labels", "400 401 403 404 405 413 500"],
  /**
   * List a conversation's private notes
   *
   * As `GET /v1/chat/conversations/{id}/notes`. Private notes, newest first; `meta.nextCursor` is the `cursor` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chatDashboard.listAgentNotes": ["GET", "/tenants/{tenantId}/chat/conversations/{id}/notes", "400 401 403 404 405 500", "page"],
  /**
   * Add a private note
   *
   * As the token's user (`authorType` agent), signed with their name and initials. A note is the team's own: the visitor never sees it, their stream never carries it, no webhook event is sent for it, and it changes nothing of the conversation (its messages, count or last message); agents' inbox streams get it as a `note` event. Allowed on a closed conversation too. A conversation keeps at most 500 (409 `note_limit_reached`).
   */
  "chatDashboard.addAgentNote": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/notes", "400 401 403 404 405 409 413 500"],
  /**
   * Say the agent is typing
   *
   * Tells the visitor's page (its stream's `typing` event, signed with the agent's name and initials as their replies are); nothing is stored. Send it every few seconds while the agent types: more than one in two seconds is dropped, and in a closed conversation it says nothing.
   */
  "chatDashboard.agentTyping": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/typing", "400 401 403 404 405 500"],
  /**
   * Assign a conversation
   *
   * Emits `conversation.assigned` when the assignee changes (null: unassigned).
   */
  "chatDashboard.assignConversation": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/assign", "400 401 403 404 405 413 500"],
  /**
   * Change a conversation's status
   *
   * Any status may follow any other; moving to `closed` emits `conversation.closed`, and a closed conversation takes messages again once reopened.
   */
  "chatDashboard.setConversationStatus": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/status", "400 401 403 404 405 413 500"],
  /**
   * List visitors
   *
   * As `GET /v1/chat/visitors`. Newest first; with `externalId`, the one visitor it names (or none). Default limit 25, maximum 100.
   */
  "chatDashboard.listAgentVisitors": ["GET", "/tenants/{tenantId}/chat/visitors", "400 401 403 405 500", "page"],
  /**
   * The chat widget's line for the tenant's website
   *
   * The tenant's widget, made on first need: its site key and the one line of HTML that puts the launcher and chat panel on the tenant's website.
   */
  "chatDashboard.getChatWidget": ["GET", "/tenants/{tenantId}/chat/widget", "400 401 403 405 500"],
  /**
   * Make the widget's identity secret
   *
   * A new secret for signing signed-in visitors' ids (admins only), shown once and stored sealed; the one before stops verifying at once, so sign with the new one before you rotate again.
   */
  "chatDashboard.rotateWidgetIdentitySecret": ["POST", "/tenants/{tenantId}/chat/widget/identity-secret", "400 401 403 405 500"],
  /**
   * Follow every conversation live
   *
   * Server-sent events for the tenant's inbox: `resync` first on every connection (and again after a break in delivery between servers), then `conversation` (a Conversation, when one is created or changes: status, assignee, a new message; without the reader's `lastReadSequence`, which stays as last read: `unreadCount` is `messageCount` less it), `message` (a ChatMessage, when one is written), `note` (a ConversationNote, when one is added), `read` (`{ conversationId, readerId, lastReadSequence }`: an agent's read mark moved; the reader's own tabs recount what is unread) and `typing` (`{ conversationId, authorType: "visitor" }`: the visitor is writing; show it a few seconds, until their message or the next `typing`). Events carry no ids and there is no Last-Event-ID resume: on `resync`, fetch what you show (the list, the open conversation's messages) and merge later events by id. A connection lasts at most 15 minutes; reconnect with a current token.
   */
  "chatDashboard.followInbox": ["GET", "/tenants/{tenantId}/chat/events", "400 401 403 405 500", "events"]
} as const
