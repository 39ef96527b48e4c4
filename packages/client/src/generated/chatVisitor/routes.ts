// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatVisitor group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatVisitorRoutes = {
  /** The visitor's conversation */
  "chatVisitor.getVisitorConversation": ["GET", "/public/chat/conversation", "400 401 403 405 429 500"],
  /**
   * How the chat looks
   *
   * The tenant's name, accent and greeting, as its hosted page shows them.
   */
  "chatVisitor.getVisitorAppearance": ["GET", "/public/chat/appearance", "400 401 403 405 429 500"],
  /**
   * Say the visitor has the chat open
   *
   * Send it when the page opens and every minute while it is shown: a reply the visitor has not had the chat open to see for the tenant's `emailAfterMinutes` goes to their email address. Answers whether the team chats now. Within the tenant's working hours with an agent online, the widget chats; otherwise it shows the away message (as text) and asks for the visitor's email address, and a first message still opens the conversation. Ask again every minute or so while the chat is open.
   */
  "chatVisitor.sayVisitorPresent": ["POST", "/public/chat/presence", "400 401 403 405 429 500"],
  /**
   * Leave an email address for replies
   *
   * An agent's reply the visitor has not seen in the tenant's `emailAfterMinutes` goes to this address, with the recent conversation and a link back into it. An anonymous visitor gives and changes its own address; a visitor the tenant named keeps the address the tenant gave (403 `email_set_by_tenant`).
   */
  "chatVisitor.leaveVisitorEmail": ["PUT", "/public/chat/email", "400 401 403 405 413 429 500"],
  /**
   * The conversation's messages
   *
   * Oldest first, by `sequence`. Pass the id of the last message you have as `after` to catch up after a reconnect; `meta.nextCursor` is the `after` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chatVisitor.listVisitorMessages": ["GET", "/public/chat/messages", "400 401 403 405 429 500"],
  /**
   * Write as the visitor
   *
   * A message with `authorType` visitor; it reopens a resolved conversation, and a closed one takes none (409 `conversation_closed`). Emits `message.created`.
   */
  "chatVisitor.postVisitorMessage": ["POST", "/public/chat/messages", "400 401 403 405 409 413 429 500"],
  /**
   * Upload a file as the visitor
   *
   * To the visitor's conversation. The body is the file's bytes (up to the account's `maxFileBytes`, at most 26214400; 413 `file_too_large`); its type is decided from the bytes (415 `file_type_not_allowed` outside the account's kinds). Nothing is stored when it is refused. Send its `id` in a message's `fileIds`. A conversation holds at most 200 files (409 `file_limit_reached`); they go with it.
   */
  "chatVisitor.uploadVisitorFile": ["POST", "/public/chat/files", "400 401 403 405 409 413 415 429 500", "bytes"],
  /**
   * Follow the conversation live
   *
   * Server-sent events: `conversation` (the conversation, first and after each change), `message` (each message, its id as the event id), `seen` (`{ sequence }`: agents have read the conversation up to that message; first after `conversation` once any has, then as they read on) and `typing` (`{ authorType: "agent", authorName, authorInitials }`: an agent is writing; show it a few seconds, until their message or the next `typing`), until the token expires. Send the id of the last message you have as `Last-Event-ID` to resume after it without a gap or a repeat.
   */
  "chatVisitor.followVisitorConversation": ["GET", "/public/chat/events", "400 401 403 405 429 500", "events"],
  /**
   * Say the visitor is typing
   *
   * Tells the tenant's agents (their inbox stream's `typing` event); nothing is stored. Send it every few seconds while the visitor types: more than one in two seconds is dropped, and in a closed conversation it says nothing.
   */
  "chatVisitor.visitorTyping": ["POST", "/public/chat/typing", "400 401 403 405 429 500"],
  /**
   * Rate the conversation
   *
   * Once, after the conversation was resolved or closed (409 `conversation_not_finished` before, `csat_already_submitted` after). Emits `csat.submitted`.
   */
  "chatVisitor.rateConversation": ["POST", "/public/chat/csat", "400 401 403 405 409 413 429 500"]
} as const
