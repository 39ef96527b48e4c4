/** The records of Live Chat. */
import type { ChatAppearance } from "./Appearance.js"
import type { AssignmentRules } from "./Assignment.js"
import type { FileRef, FileRules } from "./ChatFiles.js"
import type { WorkingHours } from "./WorkingHours.js"

export type JsonObject = { readonly [key: string]: unknown }

/** An end user of the tenant, known by the tenant's own stable id for them. */
export interface Visitor {
  readonly id: string
  readonly tenantId: string
  /** Unique per tenant; at most 200 characters. */
  readonly externalId: string
  readonly displayName: string | null
  readonly email: string | null
  readonly attributes: JsonObject
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** The tenant's chat widget: its site key names the tenant on the hosted page. One per tenant. */
export interface Widget {
  readonly tenantId: string
  /** `svw_` and 24 base62 characters; unique across tenants. */
  readonly siteKey: string
  /**
   * The secret the tenant's server signs its visitors' `externalId` with (HMAC-SHA256), sealed by
   * the secret box; null until the tenant makes one.
   */
  readonly identitySecret: string | null
  readonly identitySecretAt: Date | null
  /** How the widget and the hosted page look to the tenant's visitors. */
  readonly appearance: ChatAppearance
  /** The files its chat takes, both ways. */
  readonly fileRules: FileRules
  /** How its conversations find their agent. */
  readonly assignment: AssignmentRules
  /** The agent the last automatic assignment went to: the next goes to the one after. */
  readonly assignmentCursor: string | null
  /** When its team chats, and what visitors read when it does not. */
  readonly workingHours: WorkingHours
  readonly createdAt: Date
}

export const CONVERSATION_STATUSES = ["open", "pending", "resolved", "closed"] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]

export const PRIORITIES = ["low", "normal", "high", "urgent"] as const
export type Priority = (typeof PRIORITIES)[number]

/** A visitor's rating of a conversation that was resolved or closed. */
export interface Csat {
  /** 1 (poor) to 5 (excellent). */
  readonly rating: number
  readonly comment: string | null
  readonly submittedAt: Date
}

/** Who a conversation is with, as the visitor's record says now (read with the conversation). */
export interface VisitorSummary {
  readonly id: string
  readonly externalId: string
  readonly displayName: string | null
  readonly email: string | null
}

export const visitorSummary = (visitor: Visitor): VisitorSummary => ({
  id: visitor.id,
  externalId: visitor.externalId,
  displayName: visitor.displayName,
  email: visitor.email
})

/** The newest message of a conversation, as a list shows it. */
export interface LastMessage {
  readonly authorType: AuthorType
  /** Its first line of text, whitespace collapsed, at most MESSAGE_PREVIEW_LENGTH characters. */
  readonly preview: string
}

export interface Conversation {
  readonly id: string
  readonly tenantId: string
  /** The visitor it is with; null for a conversation created without one. */
  readonly visitorId: string | null
  /** That visitor's names, read from the visitor's record; null without a visitor. */
  readonly visitor: VisitorSummary | null
  /** The title. */
  readonly name: string | null
  readonly status: ConversationStatus
  readonly priority: Priority
  /** Where it started, e.g. `api`, `widget`; lowercase token. */
  readonly source: string
  /** The agent (the dashboard token's subject) it is assigned to. */
  readonly assigneeId: string | null
  /** The team's labels: lowercase, unique, at most MAX_LABELS; never shown to the visitor. */
  readonly labels: ReadonlyArray<string>
  readonly csat: Csat | null
  /** Messages so far: the last message's `sequence`. */
  readonly messageCount: number
  readonly lastMessageAt: Date | null
  readonly lastMessage: LastMessage | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

export const MAX_LABELS = 10
export const MAX_LABEL_LENGTH = 40

/**
 * A label as stored: trimmed, whitespace collapsed, lower case (so `Refund` and `refund` are one
 * label); undefined when that leaves nothing, too much, or a control character.
 */
export const normalLabel = (label: string): string | undefined => {
  const normal = label.trim().replace(/\s+/g, " ").toLowerCase()
  if (normal === "" || Array.from(normal).length > MAX_LABEL_LENGTH || /[\u0000-\u001f\u007f]/.test(normal)) return undefined
  return normal
}

/** How much of a message's first line a conversation keeps to show in lists. */
export const MESSAGE_PREVIEW_LENGTH = 140

/** A message as a list shows it: its first line with text, whitespace collapsed, cut at a whole character. */
export const messagePreview = (content: string, files: ReadonlyArray<Pick<FileRef, "name">> = []): string => {
  // A message of files alone reads as its first file's name.
  const line = content.split("\n").find((each) => each.trim() !== "") ?? (files.length > 0 ? `📎 ${files[0]!.name}` : "")
  const collapsed = line.replace(/\s+/g, " ").trim()
  return Array.from(collapsed).slice(0, MESSAGE_PREVIEW_LENGTH).join("")
}

/** Words a search may hold at most, and characters one word may have. */
export const MAX_SEARCH_TERMS = 8
export const MAX_SEARCH_TERM_LENGTH = 64

/**
 * A search as the stores take it: its words (letters and digits), lowercased, each once; empty when
 * it holds none, undefined when it holds too many or too long.
 */
export const searchTerms = (text: string): ReadonlyArray<string> | undefined => {
  const terms = [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((term) => term !== ""))]
  return terms.length > MAX_SEARCH_TERMS || terms.some((term) => term.length > MAX_SEARCH_TERM_LENGTH) ? undefined : terms
}

/** Whether every term begins a word of the text: how a message's text is searched (PostgreSQL's `simple` words, prefix matches). */
export const wordsMatch = (text: string, terms: ReadonlyArray<string>) => {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u)
  return terms.every((term) => words.some((word) => word.startsWith(term)))
}

/** Whether every term is found in the conversation's title or its visitor's names, email or id. */
export const namesMatch = (conversation: Pick<Conversation, "name" | "visitor">, terms: ReadonlyArray<string>) => {
  const names = [conversation.name, conversation.visitor?.displayName, conversation.visitor?.email, conversation.visitor?.externalId]
    .filter((each) => each !== null && each !== undefined)
    .join(" ")
    .toLowerCase()
  return terms.every((term) => names.includes(term))
}

/**
 * The conversation's title as people read it: its name, else the visitor's display name, email
 * or the tenant's own id for them; null when none is known.
 */
export const conversationTitle = (conversation: Pick<Conversation, "name" | "visitor">): string | null =>
  conversation.name ??
  conversation.visitor?.displayName ??
  conversation.visitor?.email ??
  conversation.visitor?.externalId ??
  null

export const AUTHOR_TYPES = ["visitor", "agent", "api", "system"] as const
export type AuthorType = (typeof AUTHOR_TYPES)[number]

export interface ChatMessage {
  readonly id: string
  readonly tenantId: string
  readonly conversationId: string
  /**
   * 1, 2, 3... within the conversation, in commit order: a reader that has seen message n has
   * seen every message before it, so "after n" never skips one.
   */
  readonly sequence: number
  readonly authorType: AuthorType
  /** The agent's id for agent messages, the visitor's id for visitor messages; null otherwise. */
  readonly authorId: string | null
  /** An agent's display name and initials as their profile had them when they wrote; null otherwise. */
  readonly authorName: string | null
  readonly authorInitials: string | null
  /** May be empty when the message carries files. */
  readonly content: string
  /** The files it carries, as they were when it was written. */
  readonly files: ReadonlyArray<FileRef>
  readonly createdAt: Date
}

/** A message before storage numbers it. */
export type MessageDraft = Omit<ChatMessage, "sequence">

/**
 * A visitor's access to one conversation, minted by the tenant's server. Only the token's
 * SHA-256 digest is stored.
 */
export interface VisitorToken {
  readonly digest: string
  readonly tenantId: string
  readonly visitorId: string
  readonly conversationId: string
  readonly expiresAt: Date
  readonly createdAt: Date
}
