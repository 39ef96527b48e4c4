import type { FileLimitReached } from "./ChatFileErrors.js"
import { Context, type Effect, type Option } from "effect"
import type { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import type { Listed } from "../platform/Keyset.js"
import type { AgentProfile, AppearanceChange, ChatAppearance, ShownAppearance } from "./Appearance.js"
import type { ChatMessage, Conversation, ConversationStatus, Visitor, VisitorSummary } from "./Chat.js"
import type { ConversationNote } from "./ConversationNotes.js"
import type {
  AgentProfileLimitReached,
  AgentProfileNotFound,
  ConversationNotFound,
  ConversationStateConflict,
  NoteLimitReached,
  VisitorIdentityRefused,
  WidgetNotFound
} from "./ChatErrors.js"
import type {
  Author,
  ConversationInput,
  ConversationListQuery,
  MessageListQuery,
  Session,
  SessionInput,
  VisitorListQuery,
  WidgetIdentity,
  WidgetResume,
  WidgetSnippet,
  WidgetStart
} from "./ChatInputs.js"

/** An appearance as set, beside what visitors see of it. */
export interface DescribedAppearance {
  readonly appearance: ChatAppearance
  readonly shown: ShownAppearance
}

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
    /**
     * Writes a message with the files named (see ChatFileService.forMessage); `content` may be
     * empty when there are files.
     */
    readonly postMessage: (
      tenantId: string,
      conversationId: string,
      author: Author,
      content: string,
      fileIds?: ReadonlyArray<string>
    ) => Effect.Effect<ChatMessage, ValidationFailed | ConversationNotFound | ConversationStateConflict | FileLimitReached>
    readonly listVisitors: (
      tenantId: string,
      query: VisitorListQuery
    ) => Effect.Effect<Listed<Visitor>, ValidationFailed>
    readonly assign: (
      tenantId: string,
      conversationId: string,
      assigneeId: string | null
    ) => Effect.Effect<Conversation, ValidationFailed | ConversationNotFound>
    /** Replaces the conversation's labels (see normalLabel; at most MAX_LABELS): each once, as stored. */
    readonly setLabels: (
      tenantId: string,
      conversationId: string,
      labels: ReadonlyArray<string>
    ) => Effect.Effect<Conversation, ValidationFailed | ConversationNotFound>
    readonly setStatus: (
      tenantId: string,
      conversationId: string,
      status: ConversationStatus
    ) => Effect.Effect<Conversation, ConversationNotFound>
    /**
     * Marks the conversation read by `readerId` (an agent) up to message `sequence` (at most its
     * last); a mark never moves back. The conversation and the reader's mark after it.
     */
    readonly markRead: (
      tenantId: string,
      conversationId: string,
      readerId: string,
      sequence: number
    ) => Effect.Effect<{ readonly conversation: Conversation; readonly lastReadSequence: number }, ConversationNotFound>
    /** The `sequence` each of these conversations is read up to by `readerId`; absent when never read. */
    readonly readMarks: (
      tenantId: string,
      readerId: string,
      conversations: ReadonlyArray<Conversation>
    ) => Effect.Effect<ReadonlyMap<string, number>>
    /** The tenant's widget (made on first need): its site key and the line that loads it. */
    readonly widget: (tenantId: string) => Effect.Effect<WidgetSnippet>
    /** A new identity secret for the tenant's widget, shown once; the one before stops verifying at once. */
    readonly rotateIdentitySecret: (
      tenantId: string
    ) => Effect.Effect<{ readonly identitySecret: string; readonly createdAt: Date }>
    /**
     * A visitor's first message in the widget of `siteKey`: the visitor (anonymous, or the one
     * `identity` names once its hash is verified), its conversation (source `widget`) and the token
     * that opens it, for WIDGET_TOKEN_DAYS.
     */
    readonly startWidgetConversation: (
      siteKey: string,
      content: string,
      identity: WidgetIdentity | undefined,
      email?: string | undefined
    ) => Effect.Effect<
      WidgetStart,
      ValidationFailed | WidgetNotFound | PermissionDenied | ConversationStateConflict | VisitorIdentityRefused
    >
    /**
     * The email address a visitor leaves for replies: an anonymous visitor's own to give and change;
     * a visitor the tenant named keeps the one the tenant gave (403 `email_set_by_tenant`).
     */
    readonly leaveVisitorEmail: (
      tenantId: string,
      visitorId: string,
      email: string
    ) => Effect.Effect<VisitorSummary, ValidationFailed | VisitorIdentityRefused>
    /** A token for the identified visitor's open (or pending) conversation in the widget, None when they have none. */
    readonly resumeWidgetConversation: (
      siteKey: string,
      identity: WidgetIdentity
    ) => Effect.Effect<
      Option.Option<WidgetResume>,
      ValidationFailed | WidgetNotFound | PermissionDenied | VisitorIdentityRefused
    >
    /** A private note on the conversation, told to the tenant's inboxes only (at most MAX_NOTES_PER_CONVERSATION). */
    readonly addNote: (
      tenantId: string,
      conversationId: string,
      author: { readonly type: "agent" | "api"; readonly id: string | null },
      content: string
    ) => Effect.Effect<ConversationNote, ValidationFailed | ConversationNotFound | NoteLimitReached>
    /** The conversation's notes, newest first; `nextCursor` is the `cursor` of the next page. */
    readonly listNotes: (
      tenantId: string,
      conversationId: string,
      query: { readonly limit?: number | undefined; readonly cursor?: string | undefined }
    ) => Effect.Effect<Listed<ConversationNote>, ValidationFailed | ConversationNotFound>
    /**
     * Tells who is typing, live and never stored: the visitor to the tenant's inboxes, an agent to
     * the visitor's page; thinned to one signal every TYPING_EVERY_MS per author, none in a closed conversation.
     */
    readonly typing: (tenantId: string, conversationId: string, author: Author) => Effect.Effect<void, ConversationNotFound>
    /** The tenant's appearance as set, and as visitors see it (the platform's brand where it sets nothing). */
    readonly appearance: (tenantId: string) => Effect.Effect<DescribedAppearance>
    /** Changes the fields `change` names (null: back to the platform's); a field it cannot take changes nothing. */
    readonly updateAppearance: (
      tenantId: string,
      change: AppearanceChange
    ) => Effect.Effect<DescribedAppearance, ValidationFailed>
    /** What the tenant's visitors see. */
    readonly shownAppearance: (tenantId: string) => Effect.Effect<ShownAppearance>
    /** What the visitors of the widget of `siteKey` see. */
    readonly widgetAppearance: (siteKey: string) => Effect.Effect<ShownAppearance, WidgetNotFound | PermissionDenied>
    /** The tenant's agents' profiles, by display name. */
    readonly agentProfiles: (tenantId: string) => Effect.Effect<ReadonlyArray<AgentProfile>>
    /** Sets the name (and initials: by default the name's) `agentId`'s replies are signed with from now on. */
    readonly putAgentProfile: (
      tenantId: string,
      agentId: string,
      input: { readonly displayName: string; readonly initials?: string | undefined }
    ) => Effect.Effect<AgentProfile, ValidationFailed | AgentProfileLimitReached>
    /** Their replies from now on are signed "Agent"; earlier ones keep the name they had. */
    readonly removeAgentProfile: (tenantId: string, agentId: string) => Effect.Effect<void, AgentProfileNotFound>
    /** The visitor's rating, once, of a resolved or closed conversation. */
    readonly rate: (
      tenantId: string,
      conversationId: string,
      rating: number,
      comment: string | undefined
    ) => Effect.Effect<Conversation, ValidationFailed | ConversationNotFound | ConversationStateConflict>
  }
>() {}
