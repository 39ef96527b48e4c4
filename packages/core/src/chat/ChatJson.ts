import { Schema } from "effect"
import { Integer, JsonObject, Timestamp, UuidText } from "../http/Schemas.js"
import { PageJson } from "../http/Pages.js"
import {
  AUTHOR_TYPES,
  CONVERSATION_STATUSES,
  type ChatMessage,
  type Conversation,
  PRIORITIES,
  type Visitor
} from "./Chat.js"

/** The public shapes of Live Chat's records: API responses and event payloads alike. */

export const ConversationJson = Schema.Struct({
  id: UuidText,
  name: Schema.NullOr(Schema.String),
  status: Schema.Literal(...CONVERSATION_STATUSES),
  priority: Schema.Literal(...PRIORITIES),
  source: Schema.String,
  visitorId: Schema.NullOr(UuidText),
  assigneeId: Schema.NullOr(Schema.String),
  csat: Schema.NullOr(
    Schema.Struct({ rating: Integer, comment: Schema.NullOr(Schema.String), submittedAt: Timestamp })
  ),
  messageCount: Integer,
  lastMessageAt: Schema.NullOr(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "Conversation",
  description:
    "`name` is the title; `assigneeId` the agent (dashboard user id) it is assigned to; `csat` the visitor's rating once given; `messageCount` the `sequence` of its last message."
})

export const MessageJson = Schema.Struct({
  id: UuidText,
  conversationId: UuidText,
  sequence: Integer,
  authorType: Schema.Literal(...AUTHOR_TYPES),
  authorId: Schema.NullOr(Schema.String),
  content: Schema.String,
  createdAt: Timestamp
}).annotations({
  identifier: "ChatMessage",
  description:
    "`sequence` numbers a conversation's messages 1, 2, 3... in the order they were stored; `authorId` is the agent's id for agent messages and the visitor's id for visitor messages, null for api and system ones. Content is plain text: show it as text, never as HTML."
})

export const VisitorJson = Schema.Struct({
  id: UuidText,
  externalId: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  attributes: JsonObject,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({ identifier: "Visitor" })

/** What the visitor sees of its conversation: no assignee, counts or visitor ids. */
export const VisitorConversationJson = Schema.Struct({
  id: UuidText,
  name: Schema.NullOr(Schema.String),
  status: Schema.Literal(...CONVERSATION_STATUSES),
  csat: ConversationJson.fields.csat
}).annotations({ identifier: "VisitorConversation" })

/** A message as the visitor sees it: who wrote it by kind only, never an agent's id. */
export const VisitorMessageJson = Schema.Struct({
  id: UuidText,
  sequence: Integer,
  authorType: Schema.Literal(...AUTHOR_TYPES),
  content: Schema.String,
  createdAt: Timestamp
}).annotations({ identifier: "VisitorChatMessage" })

export const ConversationPageJson = PageJson(ConversationJson, "ConversationPage")
export const MessagePageJson = PageJson(MessageJson, "ChatMessagePage")
export const VisitorMessagePageJson = PageJson(VisitorMessageJson, "VisitorChatMessagePage")
export const VisitorPageJson = PageJson(VisitorJson, "VisitorPage")

export const conversationJson = (conversation: Conversation): typeof ConversationJson.Type => ({
  id: conversation.id,
  name: conversation.name,
  status: conversation.status,
  priority: conversation.priority,
  source: conversation.source,
  visitorId: conversation.visitorId,
  assigneeId: conversation.assigneeId,
  csat: conversation.csat,
  messageCount: conversation.messageCount,
  lastMessageAt: conversation.lastMessageAt,
  createdAt: conversation.createdAt,
  updatedAt: conversation.updatedAt
})

export const messageJson = (message: ChatMessage): typeof MessageJson.Type => ({
  id: message.id,
  conversationId: message.conversationId,
  sequence: message.sequence,
  authorType: message.authorType,
  authorId: message.authorId,
  content: message.content,
  createdAt: message.createdAt
})

export const visitorJson = (visitor: Visitor): typeof VisitorJson.Type => ({
  id: visitor.id,
  externalId: visitor.externalId,
  displayName: visitor.displayName,
  email: visitor.email,
  attributes: visitor.attributes,
  createdAt: visitor.createdAt,
  updatedAt: visitor.updatedAt
})

export const visitorConversationJson = (conversation: Conversation): typeof VisitorConversationJson.Type => ({
  id: conversation.id,
  name: conversation.name,
  status: conversation.status,
  csat: conversation.csat
})

export const visitorMessageJson = (message: ChatMessage): typeof VisitorMessageJson.Type => ({
  id: message.id,
  sequence: message.sequence,
  authorType: message.authorType,
  content: message.content,
  createdAt: message.createdAt
})

/** As event payloads carry them: JSON values (timestamps as ISO 8601 text). */
export const encodeConversation = (conversation: Conversation) =>
  Schema.encodeSync(ConversationJson)(conversationJson(conversation))
export const encodeMessage = (message: ChatMessage) => Schema.encodeSync(MessageJson)(messageJson(message))
