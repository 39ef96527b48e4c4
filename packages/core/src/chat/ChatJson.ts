import { Schema } from "effect"
import { Integer, JsonObject, Timestamp, UuidText } from "../http/Schemas.js"
import { PageJson } from "../http/Pages.js"
import {
  AUTHOR_TYPES,
  CONVERSATION_STATUSES,
  type ChatMessage,
  type Conversation,
  PRIORITIES,
  type Visitor,
  conversationTitle
} from "./Chat.js"
import type { ConversationNote } from "./ConversationNotes.js"
import { FileJson, type FileLinker } from "./ChatFileLinks.js"

/** The public shapes of Live Chat's records: API responses and event payloads alike. */

export const VisitorSummaryJson = Schema.Struct({
  id: UuidText,
  externalId: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String)
}).annotations({
  identifier: "VisitorSummary",
  description: "Who the conversation is with, as the visitor's record says now."
})

export const LastMessageJson = Schema.Struct({
  sequence: Integer,
  authorType: Schema.Literal(...AUTHOR_TYPES),
  preview: Schema.String,
  createdAt: Timestamp
}).annotations({
  identifier: "LastMessage",
  description:
    "The conversation's newest message as a list shows it: `preview` is its first line with text, whitespace collapsed, at most 140 characters. Plain text: show it as text, never as HTML."
})

export const ConversationJson = Schema.Struct({
  id: UuidText,
  name: Schema.NullOr(Schema.String),
  title: Schema.NullOr(Schema.String),
  status: Schema.Literal(...CONVERSATION_STATUSES),
  priority: Schema.Literal(...PRIORITIES),
  source: Schema.String,
  visitorId: Schema.NullOr(UuidText),
  visitor: Schema.NullOr(VisitorSummaryJson),
  assigneeId: Schema.NullOr(Schema.String),
  labels: Schema.Array(Schema.String),
  csat: Schema.NullOr(
    Schema.Struct({ rating: Integer, comment: Schema.NullOr(Schema.String), submittedAt: Timestamp })
  ),
  messageCount: Integer,
  lastMessageAt: Schema.NullOr(Timestamp),
  lastMessage: Schema.NullOr(LastMessageJson),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "Conversation",
  description:
    "`name` is the title it was given; `title` what to show: the name, else the visitor's display name, email or `externalId` (null when none is known). `visitor` is who it is with (null without one); `assigneeId` the agent (dashboard user id) it is assigned to; `labels` the team's labels (lower case, at most 10; never shown to the visitor); `csat` the visitor's rating once given; `messageCount` the `sequence` of its last message."
})

/** A conversation as one agent sees it in the inbox: with what that agent has read of it. */
export const AgentConversationJson = Schema.Struct({
  ...ConversationJson.fields,
  lastReadSequence: Integer,
  unreadCount: Integer
}).annotations({
  identifier: "AgentConversation",
  description:
    "A Conversation with what the token's user has read of it: `lastReadSequence` the `sequence` of the last message they read (0: none), `unreadCount` the messages after it. Replying or marking it read moves it."
})

/** How an agent's words are signed: their profile's name and initials when they wrote. */
const signatureFields = {
  authorName: Schema.NullOr(Schema.String),
  authorInitials: Schema.NullOr(Schema.String)
}

export const MessageJson = Schema.Struct({
  id: UuidText,
  conversationId: UuidText,
  sequence: Integer,
  authorType: Schema.Literal(...AUTHOR_TYPES),
  authorId: Schema.NullOr(Schema.String),
  ...signatureFields,
  content: Schema.String,
  files: Schema.Array(FileJson),
  createdAt: Timestamp
}).annotations({
  identifier: "ChatMessage",
  description:
    "`sequence` numbers a conversation's messages 1, 2, 3... in the order they were stored; `authorId` is the agent's id for agent messages and the visitor's id for visitor messages, null for api and system ones. `authorName` and `authorInitials`: an agent's display name and initials as their profile had them when they wrote, null for other authors and for agents without a profile. Content is plain text: show it as text, never as HTML; it may be empty when the message carries `files`."
})

export const NoteJson = Schema.Struct({
  id: UuidText,
  conversationId: UuidText,
  authorType: Schema.Literal("agent", "api"),
  authorId: Schema.NullOr(Schema.String),
  ...signatureFields,
  content: Schema.String,
  createdAt: Timestamp
}).annotations({
  identifier: "ConversationNote",
  description:
    "A private note: the team's own, never shown to the visitor nor sent to webhooks. `authorId` is the agent's id (null for the API); `authorName` and `authorInitials` sign it as the agent's replies are. Content is plain text: show it as text, never as HTML."
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

/** A message as the visitor sees it: who wrote it by kind and an agent's signature, never an agent's id. */
export const VisitorMessageJson = Schema.Struct({
  id: UuidText,
  sequence: Integer,
  authorType: Schema.Literal(...AUTHOR_TYPES),
  ...signatureFields,
  content: Schema.String,
  files: Schema.Array(FileJson),
  createdAt: Timestamp
}).annotations({
  identifier: "VisitorChatMessage",
  description:
    "`authorName` and `authorInitials` sign an agent's message (null for other authors and agents without a profile). Content is plain text: show it as text, never as HTML; it may be empty when the message carries `files`."
})

export const ConversationPageJson = PageJson(ConversationJson, "ConversationPage")
export const AgentConversationPageJson = PageJson(AgentConversationJson, "AgentConversationPage")
export const MessagePageJson = PageJson(MessageJson, "ChatMessagePage")
export const VisitorMessagePageJson = PageJson(VisitorMessageJson, "VisitorChatMessagePage")
export const VisitorPageJson = PageJson(VisitorJson, "VisitorPage")
export const NotePageJson = PageJson(NoteJson, "ConversationNotePage")

export const conversationJson = (conversation: Conversation): typeof ConversationJson.Type => ({
  id: conversation.id,
  name: conversation.name,
  title: conversationTitle(conversation),
  status: conversation.status,
  priority: conversation.priority,
  source: conversation.source,
  visitorId: conversation.visitorId,
  visitor: conversation.visitor,
  assigneeId: conversation.assigneeId,
  labels: conversation.labels,
  csat: conversation.csat,
  messageCount: conversation.messageCount,
  lastMessageAt: conversation.lastMessageAt,
  lastMessage:
    conversation.lastMessage === null || conversation.lastMessageAt === null
      ? null
      : {
          sequence: conversation.messageCount,
          authorType: conversation.lastMessage.authorType,
          preview: conversation.lastMessage.preview,
          createdAt: conversation.lastMessageAt
        },
  createdAt: conversation.createdAt,
  updatedAt: conversation.updatedAt
})

/** With what the agent has read: `lastReadSequence` as stored, never past the last message. */
export const agentConversationJson = (
  conversation: Conversation,
  lastReadSequence: number
): typeof AgentConversationJson.Type => {
  const read = Math.min(lastReadSequence, conversation.messageCount)
  return { ...conversationJson(conversation), lastReadSequence: read, unreadCount: conversation.messageCount - read }
}

const filesJson = (message: ChatMessage, link: FileLinker) => message.files.map((file) => link(message.tenantId, file))

export const messageJson = (message: ChatMessage, link: FileLinker): typeof MessageJson.Type => ({
  id: message.id,
  conversationId: message.conversationId,
  sequence: message.sequence,
  authorType: message.authorType,
  authorId: message.authorId,
  authorName: message.authorName,
  authorInitials: message.authorInitials,
  content: message.content,
  files: filesJson(message, link),
  createdAt: message.createdAt
})

export const noteJson = (note: ConversationNote): typeof NoteJson.Type => ({
  id: note.id,
  conversationId: note.conversationId,
  authorType: note.authorType,
  authorId: note.authorId,
  authorName: note.authorName,
  authorInitials: note.authorInitials,
  content: note.content,
  createdAt: note.createdAt
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

export const visitorMessageJson = (message: ChatMessage, link: FileLinker): typeof VisitorMessageJson.Type => ({
  id: message.id,
  sequence: message.sequence,
  authorType: message.authorType,
  authorName: message.authorName,
  authorInitials: message.authorInitials,
  content: message.content,
  files: filesJson(message, link),
  createdAt: message.createdAt
})

/** As event payloads carry them: JSON values (timestamps as ISO 8601 text). */
export const encodeConversation = (conversation: Conversation) =>
  Schema.encodeSync(ConversationJson)(conversationJson(conversation))
export const encodeMessage = (message: ChatMessage, link: FileLinker) =>
  Schema.encodeSync(MessageJson)(messageJson(message, link))

/** An anonymous visitor's conversation as its first message in the widget opened it. */
export const WidgetStartJson = Schema.Struct({
  visitorToken: Schema.String,
  expiresAt: Timestamp,
  conversation: VisitorConversationJson,
  message: VisitorMessageJson
}).annotations({
  identifier: "WidgetStart",
  description: "`visitorToken` opens this one conversation until `expiresAt`: keep it in the visitor's browser only."
})

export const WidgetJson = Schema.Struct({
  siteKey: Schema.String,
  scriptUrl: Schema.String,
  snippet: Schema.String,
  identitySecretAt: Schema.NullOr(Timestamp)
}).annotations({
  identifier: "ChatWidget",
  description:
    "The tenant's chat widget: `snippet` is the one line of HTML its website needs, the loader script `scriptUrl` with the site key. `identitySecretAt`: since when it takes signed-in visitors (the identity secret's time), null while it takes anonymous ones only."
})

/** An identified visitor's open conversation in the widget, if they have one. */
export const WidgetResumeJson = Schema.Struct({
  visitorToken: Schema.NullOr(Schema.String),
  expiresAt: Schema.NullOr(Timestamp),
  conversation: Schema.NullOr(VisitorConversationJson)
}).annotations({
  identifier: "WidgetResume",
  description: "A token for the visitor's open conversation, or all null when they have none (their first message opens one)."
})

export const IdentitySecretJson = Schema.Struct({
  identitySecret: Schema.String,
  createdAt: Timestamp
}).annotations({
  identifier: "WidgetIdentitySecret",
  description:
    "Shown once. Your server signs a signed-in visitor's `externalId` with it: the lowercase hex HMAC-SHA256 of the `externalId` under this secret goes in the widget's line as `data-identity-hash`, beside `data-external-id`."
})
