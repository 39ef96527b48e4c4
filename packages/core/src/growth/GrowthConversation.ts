/** The records of Growth conversations: the tenant's outbound email threads with its contacts. */

export const GROWTH_CONVERSATION_STATUSES = ["open", "closed"] as const
export type GrowthConversationStatus = (typeof GROWTH_CONVERSATION_STATUSES)[number]

export const MESSAGE_DIRECTIONS = ["outbound", "inbound"] as const
/** `outbound`: the tenant's team wrote it and it was emailed; `inbound`: the contact's reply, recorded by the team. */
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number]

/** `metadata.source` of the emails growth conversations send, in the shared activity ledger. */
export const GROWTH_CONVERSATIONS_SOURCE = "growth_conversations_v1"

export interface GrowthConversation {
  readonly id: string
  readonly tenantId: string
  readonly contactEmail: string
  readonly contactName: string | null
  /** The thread's subject; replies are emailed as "Re: <subject>". */
  readonly subject: string
  readonly status: GrowthConversationStatus
  /** Messages so far: the last message's `sequence`. */
  readonly messageCount: number
  /** When the last message was stored: lists run newest activity first. */
  readonly lastMessageAt: Date
  /** The dashboard user (token subject) who started it. */
  readonly createdBy: string
  readonly createdAt: Date
  readonly updatedAt: Date
}

export interface GrowthMessage {
  readonly id: string
  readonly tenantId: string
  readonly conversationId: string
  /** 1, 2, 3... within the conversation, in commit order. */
  readonly sequence: number
  readonly direction: MessageDirection
  /** Plain text. */
  readonly content: string
  /** The dashboard user (token subject) who wrote an outbound message; null for the contact's. */
  readonly authorId: string | null
  /** The Transactional message that carried an outbound message (its delivery logs' `metadata.messageId`). */
  readonly emailMessageId: string | null
  readonly createdAt: Date
}

/** A message before storage numbers it. */
export type GrowthMessageDraft = Omit<GrowthMessage, "sequence">
