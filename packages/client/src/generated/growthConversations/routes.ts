// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the growthConversations group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const growthConversationsRoutes = {
  /**
   * List conversations
   *
   * Newest activity (last message) first, optionally one `status` only. A conversation that gets a message while pages are read moves to the front.
   */
  "growthConversations.listGrowthConversations": ["GET", "/growth/conversations", "400 401 403 405 500", "page"],
  /**
   * Start a conversation
   *
   * Stores the conversation and its first message and queues the email to the contact, together. Needs the `business_email` entitlement (403 `product_not_entitled`, nothing stored).
   */
  "growthConversations.createGrowthConversation": ["POST", "/growth/conversations", "400 401 403 404 405 413 500"],
  /** Get a conversation with its messages */
  "growthConversations.getGrowthConversation": ["GET", "/growth/conversations/{id}", "400 401 403 404 405 500"],
  /** Open or close a conversation */
  "growthConversations.updateGrowthConversation": ["PATCH", "/growth/conversations/{id}", "400 401 403 404 405 413 500"],
  /**
   * Reply, or record the contact's reply
   *
   * A reply is emailed to the contact and needs the `business_email` entitlement (403 `product_not_entitled`, nothing stored); recording an inbound message sends nothing. Either reopens a closed conversation.
   */
  "growthConversations.addGrowthMessage": ["POST", "/growth/conversations/{id}/messages", "400 401 403 404 405 413 500"]
} as const
