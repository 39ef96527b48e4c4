import { Effect } from "effect"
import { isEmailAddress } from "../platform/EmailAddress.js"
import { invalidField } from "../platform/Errors.js"
import { type Settings, publicAddress } from "../platform/Settings.js"
import {
  type AuthorType,
  type ChatMessage,
  type Conversation,
  type ConversationStatus,
  type JsonObject,
  MAX_LABELS,
  MAX_LABEL_LENGTH,
  MAX_SEARCH_TERMS,
  MAX_SEARCH_TERM_LENGTH,
  type Priority,
  normalLabel
} from "./Chat.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
export const MAX_EXTERNAL_ID_LENGTH = 200
export const MAX_NAME_LENGTH = 200
export const MAX_CONTENT_LENGTH = 10_000
export const MAX_COMMENT_LENGTH = 2_000
/** Attributes as JSON text, at most this many characters. */
export const MAX_ATTRIBUTES_LENGTH = 16_384
/** How long a visitor token opens its conversation. */
export const VISITOR_TOKEN_HOURS = 24
/** How long the widget remembers its visitor: its token lasts this many days in the visitor's browser. */
export const WIDGET_TOKEN_DAYS = 30

/** The hosted chat page opening one conversation: the site key names the tenant, the token the conversation. */
export const hostedChatUrl = (settings: Pick<Settings, "publicUrl" | "mountPath">, siteKey: string, token: string) =>
  publicAddress(settings, `/public/chat?${new URLSearchParams({ siteKey, token })}`)

export const SOURCE = /^[a-z0-9][a-z0-9_.-]{0,63}$/
export const SOURCE_RULE = "a lowercase token of 1 to 64 letters, digits, `_`, `.` or `-`"

/** The visitor a session or conversation is for: created, or updated with the fields given. */
export interface VisitorInput {
  readonly externalId: string
  readonly displayName?: string | undefined
  readonly email?: string | undefined
  readonly attributes?: JsonObject | undefined
}

export interface SessionInput extends VisitorInput {
  /** The conversation's title; a title other than the open conversation's starts a new one. */
  readonly name?: string | undefined
  readonly source?: string | undefined
}

/** What the console shows a tenant to put its widget on its website. */
export interface WidgetSnippet {
  readonly siteKey: string
  readonly scriptUrl: string
  /** The one line of HTML: the loader script with the site key. */
  readonly snippet: string
  /** Since when the widget takes identified visitors (the current identity secret's time), or null. */
  readonly identitySecretAt: Date | null
}

/** A signed-in visitor as the tenant's page names them: its id and the server's HMAC of it. */
export interface WidgetIdentity {
  readonly externalId: string
  /** Lowercase hex HMAC-SHA256 of `externalId` under the tenant's identity secret. */
  readonly identityHash: string
}

/** A widget visitor's conversation, opened by its first message in the widget. */
export interface WidgetStart {
  readonly visitorToken: string
  readonly expiresAt: Date
  readonly conversation: Conversation
  readonly message: ChatMessage
}

/** A token for an identified visitor's open conversation, if they have one. */
export interface WidgetResume {
  readonly visitorToken: string
  readonly expiresAt: Date
  readonly conversation: Conversation
}

export interface Session {
  readonly conversationId: string
  readonly chatUrl: string
  readonly externalId: string
  readonly visitorToken: string
  readonly expiresAt: Date
  readonly siteKey: string
}

export interface ConversationInput {
  readonly name: string
  readonly priority?: Priority | undefined
  readonly visitor?: VisitorInput | undefined
}

export interface ConversationListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly status?: ConversationStatus | undefined
  readonly source?: string | undefined
  /** Only the conversations of this assignee; null: only unassigned ones. */
  readonly assigneeId?: string | null | undefined
  /** Only the conversations of this visitor. */
  readonly visitorId?: string | undefined
  /** Only the conversations with this label, in any case. */
  readonly label?: string | undefined
  /** Only the conversations found by these words (see searchTerms). */
  readonly q?: string | undefined
}

export const SEARCH_RULE = `must hold 1 to ${MAX_SEARCH_TERMS} words (letters and digits), each at most ${MAX_SEARCH_TERM_LENGTH} characters`

export const LABELS_RULE = `at most ${MAX_LABELS} labels of 1 to ${MAX_LABEL_LENGTH} characters, without control characters`

/** The labels as stored (see normalLabel), each once in the order given; a refusal of the field otherwise. */
export const checkLabels = (labels: ReadonlyArray<string>) => {
  const normal = labels.map(normalLabel)
  const kept = [...new Set(normal)]
  return normal.includes(undefined) || kept.length > MAX_LABELS
    ? Effect.fail(invalidField("labels", `must be ${LABELS_RULE}`))
    : Effect.succeed(kept as ReadonlyArray<string>)
}

export interface MessageListQuery {
  readonly limit?: number | undefined
  /** A message id of the conversation: only messages after it. */
  readonly after?: string | undefined
}

export interface VisitorListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly externalId?: string | undefined
}

export interface Author {
  readonly type: AuthorType
  readonly id: string | null
}

export const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE

export const checkText = (field: string, text: string, max: number) =>
  text.trim().length === 0 || text.length > max
    ? Effect.fail(invalidField(field, `must be 1 to ${max} characters, not only spaces`))
    : Effect.void

export const checkVisitor = (visitor: VisitorInput, prefix: string) =>
  Effect.gen(function* () {
    yield* checkText(`${prefix}externalId`, visitor.externalId, MAX_EXTERNAL_ID_LENGTH)
    if (visitor.displayName !== undefined) {
      yield* checkText(`${prefix}displayName`, visitor.displayName, MAX_NAME_LENGTH)
    }
    if (visitor.email !== undefined && !isEmailAddress(visitor.email)) {
      yield* Effect.fail(invalidField(`${prefix}email`, "must be an email address"))
    }
    if (visitor.attributes !== undefined && JSON.stringify(visitor.attributes).length > MAX_ATTRIBUTES_LENGTH) {
      yield* Effect.fail(
        invalidField(`${prefix}attributes`, `must be at most ${MAX_ATTRIBUTES_LENGTH} characters as JSON`)
      )
    }
  })
