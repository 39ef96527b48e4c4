/** @servicekit/core/chat — Live Chat's records, errors and services (its webhooks: @servicekit/core/webhooks). */
export type {
  AuthorType,
  ChatMessage,
  Conversation,
  ConversationStatus,
  Csat,
  MessageDraft,
  Priority,
  Visitor,
  VisitorToken,
  Widget
} from "../chat/Chat.js"
export { ConversationNotFound, ConversationStateConflict } from "../chat/ChatErrors.js"
export { ChatService } from "../chat/ChatService.js"
