import { Schema } from "effect"
import { Integer, Timestamp, UuidText } from "../http/Schemas.js"
import { eventBody as event, sentEvent } from "../module/EventBodies.js"
import type { ProductEvent } from "../platform/Products.js"
import { ConversationJson, MessageJson } from "./ChatJson.js"

/*
 * The bodies Live Chat's webhooks POST, one schema per event: what a receiver parses once
 * `verifyWebhook` accepted the delivery. Documented under the OpenAPI document's `webhooks`, so the
 * typed client's event payloads come from the same contract as its routes.
 */

export const MessageCreatedEvent = event(
  "message.created",
  "MessageCreatedEvent",
  { conversationId: UuidText, message: MessageJson },
  "A message was posted to a conversation, by its visitor, an agent or the API."
)

export const ConversationCreatedEvent = event(
  "conversation.created",
  "ConversationCreatedEvent",
  { conversation: ConversationJson },
  "A conversation was opened, by a chat session or through the API."
)

export const ConversationClosedEvent = event(
  "conversation.closed",
  "ConversationClosedEvent",
  { conversation: ConversationJson },
  "A conversation's status became `closed`."
)

export const ConversationAssignedEvent = event(
  "conversation.assigned",
  "ConversationAssignedEvent",
  {
    conversation: ConversationJson,
    assigneeId: Schema.NullOr(Schema.String),
    previousAssigneeId: Schema.NullOr(Schema.String)
  },
  "A conversation's assignee changed (null: unassigned)."
)

export const CsatSubmittedEvent = event(
  "csat.submitted",
  "CsatSubmittedEvent",
  {
    conversationId: UuidText,
    visitorId: Schema.NullOr(UuidText),
    rating: Integer,
    comment: Schema.NullOr(Schema.String),
    submittedAt: Timestamp
  },
  "The visitor rated a resolved or closed conversation (1 to 5)."
)

/** Live Chat's events; `visitor.created` is accepted in subscriptions and never sent. */
export const chatEvents: ReadonlyArray<ProductEvent> = [
  ...[
    MessageCreatedEvent,
    ConversationCreatedEvent,
    ConversationClosedEvent,
    ConversationAssignedEvent,
    CsatSubmittedEvent
  ].map(sentEvent),
  { name: "visitor.created" }
]
