import { Schema } from "effect"
import { Integer, Timestamp, UuidText } from "../http/Schemas.js"
import type { DocumentedWebhook } from "../http/DocumentAnnotations.js"
import { ConversationJson, MessageJson } from "./ChatJson.js"
import { TEST_EVENT } from "./WebhookInputs.js"

/**
 * The bodies Live Chat's webhooks POST, one schema per event: what a receiver parses once
 * `verifyWebhook` accepted the delivery. Documented under the OpenAPI document's `webhooks`, so the
 * typed client's event payloads come from the same contract as its routes.
 */
const event = <const E extends string, P extends Schema.Struct.Fields>(
  name: E,
  identifier: string,
  payload: P,
  description: string
) =>
  Schema.Struct({
    event: Schema.Literal(name),
    eventId: UuidText.annotations({ description: "The event's id: the same for every subscription it is sent to." }),
    timestamp: Timestamp.annotations({ description: "When the event happened." }),
    payload: Schema.Struct(payload)
  }).annotations({ identifier, description })

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

export const WebhookTestEvent = event(
  TEST_EVENT,
  "WebhookTestEvent",
  { subscriptionId: UuidText, message: Schema.String },
  "Sent only by `POST /tenants/{tenantId}/webhooks/{id}/test`, to every subscription whatever its events."
)

/** Every body a subscription can receive, for the document. */
export const documentedWebhooks: ReadonlyArray<DocumentedWebhook> = [
  MessageCreatedEvent,
  ConversationCreatedEvent,
  ConversationClosedEvent,
  ConversationAssignedEvent,
  CsatSubmittedEvent,
  WebhookTestEvent
].map((schema) => ({ event: schema.fields.event.literals[0], body: schema }))
