/** @servicekit/core/chat — Live Chat's and its webhooks' records, errors and services. */
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
export type {
  DeliveryAttempt,
  DeliveryStatus,
  WebhookDelivery,
  WebhookEvent,
  WebhookSubscription
} from "../chat/Webhook.js"
export {
  ConversationNotFound,
  ConversationStateConflict,
  WebhookDeliveryNotFound,
  WebhookDeliveryPending,
  WebhookNotFound
} from "../chat/ChatErrors.js"
export { ChatService } from "../chat/ChatService.js"
export { WebhookService } from "../chat/WebhookService.js"
