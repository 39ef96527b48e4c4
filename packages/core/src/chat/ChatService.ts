import { Context, type Effect } from "effect"
import type { ValidationFailed } from "../platform/Errors.js"
import type { Listed } from "../platform/Keyset.js"
import type { ChatMessage, Conversation, ConversationStatus, Visitor } from "./Chat.js"
import type { ConversationNotFound, ConversationStateConflict } from "./ChatErrors.js"
import type {
  Author,
  ConversationInput,
  ConversationListQuery,
  MessageListQuery,
  Session,
  SessionInput,
  VisitorListQuery
} from "./ChatInputs.js"

/**
 * Live Chat's rules: visitors upserted by the tenant's id for them, sessions that open one
 * conversation to a visitor token, messages numbered in commit order, and the events each change
 * emits, written to the outbox in the change's unit of work.
 */
export class ChatService extends Context.Tag("@servicekit/core/ChatService")<
  ChatService,
  {
    readonly mintSession: (tenantId: string, input: SessionInput) => Effect.Effect<Session, ValidationFailed>
    readonly createConversation: (
      tenantId: string,
      input: ConversationInput
    ) => Effect.Effect<Conversation, ValidationFailed>
    readonly getConversation: (tenantId: string, id: string) => Effect.Effect<Conversation, ConversationNotFound>
    readonly listConversations: (
      tenantId: string,
      query: ConversationListQuery
    ) => Effect.Effect<Listed<Conversation>, ValidationFailed>
    /** Oldest first; `nextCursor` is the `after` of the next page. */
    readonly listMessages: (
      tenantId: string,
      conversationId: string,
      query: MessageListQuery
    ) => Effect.Effect<Listed<ChatMessage>, ValidationFailed | ConversationNotFound>
    readonly postMessage: (
      tenantId: string,
      conversationId: string,
      author: Author,
      content: string
    ) => Effect.Effect<ChatMessage, ValidationFailed | ConversationNotFound | ConversationStateConflict>
    readonly listVisitors: (
      tenantId: string,
      query: VisitorListQuery
    ) => Effect.Effect<Listed<Visitor>, ValidationFailed>
    readonly assign: (
      tenantId: string,
      conversationId: string,
      assigneeId: string | null
    ) => Effect.Effect<Conversation, ValidationFailed | ConversationNotFound>
    readonly setStatus: (
      tenantId: string,
      conversationId: string,
      status: ConversationStatus
    ) => Effect.Effect<Conversation, ConversationNotFound>
    /** The visitor's rating, once, of a resolved or closed conversation. */
    readonly rate: (
      tenantId: string,
      conversationId: string,
      rating: number,
      comment: string | undefined
    ) => Effect.Effect<Conversation, ValidationFailed | ConversationNotFound | ConversationStateConflict>
  }
>() {}
