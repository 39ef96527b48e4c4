import { Schema } from "effect"
import { Integer, Timestamp, UuidText } from "../http/Schemas.js"
import { eventBody as event, sentEvent } from "../module/EventBodies.js"
import type { ProductEvent } from "../platform/Products.js"
import { ConversationJson, MessageJson, VisitorSummaryJson } from "./ChatJson.js"

/*
 * The bodies Live Chat's webhooks POST, one schema per event: what a receiver parses once
 * `verifyWebhook` accepted the delivery. Documented under the OpenAPI document's `webhooks`, so the
 * typed client's event payloads come from the same contract as its routes.
 */

/** The conversation the examples below follow, as its JSON reads when it was opened. */
const visitor = {
  id: "4f1e8d2c-7b3a-4e9f-a6c5-1d0b8e7f2a93",
  externalId: "customer-1042",
  displayName: "Grace Hopper",
  email: "grace@example.com"
} satisfies typeof VisitorSummaryJson.Encoded

const conversation = {
  id: "9d4c2b7a-6e1f-4c3d-8a5b-2f7e9c1d4a06",
  name: "Question about my invoice",
  title: "Question about my invoice",
  status: "open",
  priority: "normal",
  source: "widget",
  visitorId: visitor.id,
  visitor,
  assigneeId: null,
  labels: ["billing"],
  csat: null,
  messageCount: 1,
  lastMessageAt: "2026-03-14T09:15:02.000Z",
  lastMessage: {
    sequence: 1,
    authorType: "visitor",
    preview: "Hello, I was charged twice for March.",
    createdAt: "2026-03-14T09:15:02.000Z"
  },
  createdAt: "2026-03-14T09:15:02.000Z",
  updatedAt: "2026-03-14T09:15:02.000Z"
} satisfies typeof ConversationJson.Encoded

export const MessageCreatedEvent = event(
  "message.created",
  "MessageCreatedEvent",
  { conversationId: UuidText, visitor: Schema.NullOr(VisitorSummaryJson), message: MessageJson },
  "A message was posted to a conversation, by its visitor, an agent or the API. `visitor` is who the conversation is with (null without one).",
  {
    eventId: "b2e6f1a4-3c9d-4e7b-8f05-6a1d2c3e4f58",
    timestamp: "2026-03-14T09:16:40.000Z",
    payload: {
      conversationId: conversation.id,
      visitor,
      message: {
        id: "6c3a9e2f-1b8d-4f7a-9e4c-0d5b2a8f1c67",
        conversationId: conversation.id,
        sequence: 2,
        authorType: "agent",
        authorId: "ada@example.com",
        authorName: "Ada Lovelace",
        authorInitials: "AL",
        content: "Hi! I can help with that: which invoice number is it?",
        files: [],
        createdAt: "2026-03-14T09:16:40.000Z"
      }
    }
  }
)

export const ConversationCreatedEvent = event(
  "conversation.created",
  "ConversationCreatedEvent",
  { conversation: ConversationJson },
  "A conversation was opened, by a chat session or through the API.",
  {
    eventId: "1f7d3b9e-5a2c-4d8f-b1e6-7c4a0e9d2b35",
    timestamp: "2026-03-14T09:15:02.000Z",
    payload: { conversation }
  }
)

export const ConversationClosedEvent = event(
  "conversation.closed",
  "ConversationClosedEvent",
  { conversation: ConversationJson },
  "A conversation's status became `closed`.",
  {
    eventId: "8a2e5c1f-9d3b-4b6a-a7e4-3f0c1d2b5e96",
    timestamp: "2026-03-14T09:42:10.000Z",
    payload: {
      conversation: {
        ...conversation,
        status: "closed",
        assigneeId: "ada@example.com",
        messageCount: 6,
        lastMessageAt: "2026-03-14T09:41:55.000Z",
        lastMessage: {
          sequence: 6,
          authorType: "visitor",
          preview: "Thanks, that's all!",
          createdAt: "2026-03-14T09:41:55.000Z"
        },
        updatedAt: "2026-03-14T09:42:10.000Z"
      }
    }
  }
)

export const ConversationAssignedEvent = event(
  "conversation.assigned",
  "ConversationAssignedEvent",
  {
    conversation: ConversationJson,
    assigneeId: Schema.NullOr(Schema.String),
    previousAssigneeId: Schema.NullOr(Schema.String)
  },
  "A conversation's assignee changed (null: unassigned).",
  {
    eventId: "c4b1e7d2-0f6a-4c9e-8d3b-5a2f1e0c9b47",
    timestamp: "2026-03-14T09:16:05.000Z",
    payload: {
      conversation: { ...conversation, assigneeId: "ada@example.com", updatedAt: "2026-03-14T09:16:05.000Z" },
      assigneeId: "ada@example.com",
      previousAssigneeId: null
    }
  }
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
  "The visitor rated a resolved or closed conversation (1 to 5).",
  {
    eventId: "f0e9d8c7-2b1a-4f3e-9d5c-6b7a8e9f0a12",
    timestamp: "2026-03-14T09:43:31.000Z",
    payload: {
      conversationId: conversation.id,
      visitorId: conversation.visitorId,
      rating: 5,
      comment: "Quick and friendly, thank you!",
      submittedAt: "2026-03-14T09:43:31.000Z"
    }
  }
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
