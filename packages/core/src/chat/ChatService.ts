import { Clock, Context, Effect, Layer, Option } from "effect"
import { EventBus } from "../jobs/EventBus.js"
import { FanOut } from "../jobs/FanOut.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import { SecretCrypto, randomBase62, randomUuid } from "../platform/Crypto.js"
import { isEmailAddress } from "../platform/EmailAddress.js"
import { type ValidationFailed, invalidField } from "../platform/Errors.js"
import { type Listed, listPage } from "../platform/Keyset.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { UsageLedger } from "../platform/Usage.js"
import type {
  AuthorType,
  ChatMessage,
  Conversation,
  ConversationStatus,
  JsonObject,
  Priority,
  Visitor
} from "./Chat.js"
import { ConversationNotFound, ConversationStateConflict } from "./ChatErrors.js"
import { encodeConversation, encodeMessage } from "./ChatJson.js"
import {
  ChatMessageRepository,
  ConversationRepository,
  VisitorRepository,
  VisitorTokenRepository,
  WidgetRepository
} from "./ChatRepositories.js"
import { type ConversationSignal, conversationTopic, messageSignal } from "./ConversationFeed.js"
import { type InboxSignal, conversationChanged, inboxTopic, messageAdded } from "./InboxFeed.js"

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

const SOURCE = /^[a-z0-9][a-z0-9_.-]{0,63}$/
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

const checkText = (field: string, text: string, max: number) =>
  text.trim().length === 0 || text.length > max
    ? Effect.fail(invalidField(field, `must be 1 to ${max} characters, not only spaces`))
    : Effect.void

const checkVisitor = (visitor: VisitorInput, prefix: string) =>
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
>() {
  static readonly layer = Layer.effect(
    ChatService,
    Effect.gen(function* () {
      const visitors = yield* VisitorRepository
      const widgets = yield* WidgetRepository
      const conversations = yield* ConversationRepository
      const messages = yield* ChatMessageRepository
      const tokens = yield* VisitorTokenRepository
      const usage = yield* UsageLedger
      const events = yield* EventBus
      const fanOut = yield* FanOut
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const settings = yield* ServiceKitSettings
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const emit = (
        tenantId: string,
        conversationId: string,
        type: string,
        payload: DomainEvent["payload"],
        at: Date
      ) =>
        events.publish([
          {
            id: randomUuid(crypto),
            tenantId,
            aggregate: `conversation:${conversationId}`,
            type,
            payload,
            occurredAt: at
          }
        ])

      /** Tells open pages of the conversation, in every process, once the change has committed. */
      const signal = (conversationId: string, what: ConversationSignal) =>
        unit.afterCommit(fanOut.publish(conversationTopic(conversationId), what))

      /** Tells the tenant's open inboxes, in every process, once the change has committed. */
      const signalInbox = (tenantId: string, what: InboxSignal) =>
        unit.afterCommit(fanOut.publish(inboxTopic(tenantId), what))

      const find = (tenantId: string, id: string) =>
        Effect.flatMap(conversations.find(tenantId, id), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new ConversationNotFound())
        )

      const upsertVisitor = (tenantId: string, input: VisitorInput, at: Date) =>
        visitors.upsert({
          id: randomUuid(crypto),
          tenantId,
          externalId: input.externalId,
          displayName: input.displayName ?? null,
          email: input.email ?? null,
          attributes: input.attributes ?? null,
          at
        })

      const openConversation = (
        tenantId: string,
        fields: Pick<Conversation, "visitorId" | "name" | "priority" | "source">,
        at: Date
      ) =>
        Effect.gen(function* () {
          const conversation: Conversation = {
            id: randomUuid(crypto),
            tenantId,
            ...fields,
            status: "open",
            assigneeId: null,
            csat: null,
            messageCount: 0,
            lastMessageAt: null,
            createdAt: at,
            updatedAt: at
          }
          yield* conversations.insert(conversation)
          yield* signalInbox(tenantId, conversationChanged(conversation.id))
          yield* emit(
            tenantId,
            conversation.id,
            "conversation.created",
            { conversation: encodeConversation(conversation) },
            at
          )
          return conversation
        })

      /** Reads, changes and stores a conversation in one unit of work, with the events the change emits. */
      const change = <E>(
        tenantId: string,
        id: string,
        update: (conversation: Conversation, at: Date) => Effect.Effect<Conversation, E>,
        emitAfter: (before: Conversation, after: Conversation, at: Date) => Effect.Effect<void>
      ) =>
        unit.withTransaction(
          Effect.gen(function* () {
            const at = yield* now
            const before = yield* find(tenantId, id)
            const wanted = yield* update(before, at)
            const after = yield* conversations.update(wanted)
            if (Option.isNone(after)) return yield* Effect.fail(new ConversationNotFound())
            yield* emitAfter(before, after.value, at)
            yield* signal(id, "conversation")
            yield* signalInbox(tenantId, conversationChanged(id))
            return after.value
          })
        )

      const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE

      return {
        mintSession: (tenantId, input) =>
          Effect.gen(function* () {
            yield* checkVisitor(input, "")
            if (input.name !== undefined) yield* checkText("name", input.name, MAX_NAME_LENGTH)
            const source = input.source ?? "api"
            if (!SOURCE.test(source)) yield* Effect.fail(invalidField("source", `must be ${SOURCE_RULE}`))
            const token = `svt_${randomBase62(crypto, 40)}`
            const digest = yield* crypto.sha256Hex(token)
            return yield* unit.withTransaction(
              Effect.gen(function* () {
                const at = yield* now
                const visitor = yield* upsertVisitor(tenantId, input, at)
                const widget = yield* widgets.ensure({
                  tenantId,
                  siteKey: `svw_${randomBase62(crypto, 24)}`,
                  createdAt: at
                })
                const open = yield* conversations.findOpen(tenantId, visitor.id)
                const conversation =
                  Option.isSome(open) && (input.name === undefined || input.name === open.value.name)
                    ? open.value
                    : yield* openConversation(
                        tenantId,
                        { visitorId: visitor.id, name: input.name ?? null, priority: "normal", source },
                        at
                      )
                const expiresAt = new Date(at.getTime() + VISITOR_TOKEN_HOURS * 3_600_000)
                yield* tokens.insert({
                  digest,
                  tenantId,
                  visitorId: visitor.id,
                  conversationId: conversation.id,
                  expiresAt,
                  createdAt: at
                })
                yield* Effect.orDie(
                  usage.append({
                    id: randomUuid(crypto),
                    tenantId,
                    kind: "chat_session_mint",
                    quantity: 1,
                    metadata: { conversationId: conversation.id, visitorId: visitor.id, source },
                    occurredAt: at
                  })
                )
                const query = new URLSearchParams({ siteKey: widget.siteKey, token })
                return {
                  conversationId: conversation.id,
                  chatUrl: `${settings.publicUrl.replace(/\/+$/, "")}${settings.mountPath}/public/chat?${query}`,
                  externalId: visitor.externalId,
                  visitorToken: token,
                  expiresAt,
                  siteKey: widget.siteKey
                }
              })
            )
          }),

        createConversation: (tenantId, input) =>
          Effect.gen(function* () {
            yield* checkText("name", input.name, MAX_NAME_LENGTH)
            if (input.visitor !== undefined) yield* checkVisitor(input.visitor, "visitor.")
            return yield* unit.withTransaction(
              Effect.gen(function* () {
                const at = yield* now
                const visitor =
                  input.visitor === undefined ? undefined : yield* upsertVisitor(tenantId, input.visitor, at)
                return yield* openConversation(
                  tenantId,
                  {
                    visitorId: visitor?.id ?? null,
                    name: input.name,
                    priority: input.priority ?? "normal",
                    source: "api"
                  },
                  at
                )
              })
            )
          }),

        getConversation: find,

        listConversations: (tenantId, query) =>
          listPage(
            { limit: pageSize(query.limit), cursor: query.cursor },
            (cursor) => conversations.find(tenantId, cursor),
            (page) => conversations.list(tenantId, {
                ...page,
                status: query.status,
                source: query.source,
                assigneeId: query.assigneeId
              })
          ),

        listMessages: (tenantId, conversationId, query) =>
          Effect.gen(function* () {
            yield* find(tenantId, conversationId)
            let afterSequence = 0
            if (query.after !== undefined) {
              const after = yield* messages.find(tenantId, query.after)
              if (Option.isNone(after) || after.value.conversationId !== conversationId) {
                return yield* Effect.fail(invalidField("after", "no such message in this conversation"))
              }
              afterSequence = after.value.sequence
            }
            const limit = pageSize(query.limit)
            const rows = yield* messages.list(tenantId, conversationId, { limit: limit + 1, afterSequence })
            const items = rows.slice(0, limit)
            return { items, limit, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null }
          }),

        postMessage: (tenantId, conversationId, author, content) =>
          Effect.gen(function* () {
            yield* checkText("content", content, MAX_CONTENT_LENGTH)
            return yield* unit.withTransaction(
              Effect.gen(function* () {
                const at = yield* now
                const appended = yield* messages.append({
                  id: randomUuid(crypto),
                  tenantId,
                  conversationId,
                  authorType: author.type,
                  authorId: author.id,
                  content,
                  createdAt: at
                })
                if (Option.isNone(appended)) return yield* Effect.fail(new ConversationNotFound())
                const { conversation, message } = appended.value
                if (conversation.status === "closed") {
                  return yield* Effect.fail(
                    new ConversationStateConflict({
                      code: "conversation_closed",
                      message: "The conversation is closed; reopen it to write to it."
                    })
                  )
                }
                // A visitor writing again reopens a resolved conversation.
                if (author.type === "visitor" && conversation.status === "resolved") {
                  yield* conversations.update({ ...conversation, status: "open", updatedAt: at })
                  yield* signal(conversationId, "conversation")
                }
                yield* signal(conversationId, messageSignal(message.sequence))
                // The inbox reads the message and then its conversation, reopened or not.
                yield* signalInbox(tenantId, messageAdded(message.id))
                yield* emit(
                  tenantId,
                  conversationId,
                  "message.created",
                  { conversationId, message: encodeMessage(message) },
                  at
                )
                return message
              })
            )
          }),

        listVisitors: (tenantId, query) =>
          query.externalId !== undefined
            ? Effect.map(visitors.findByExternalId(tenantId, query.externalId), (found) => ({
                items: Option.toArray(found),
                limit: pageSize(query.limit),
                nextCursor: null
              }))
            : listPage(
                { limit: pageSize(query.limit), cursor: query.cursor },
                (cursor) => visitors.find(tenantId, cursor),
                (page) => visitors.list(tenantId, page)
              ),

        assign: (tenantId, conversationId, assigneeId) =>
          Effect.zipRight(
            assigneeId === null ? Effect.void : checkText("assigneeId", assigneeId, MAX_NAME_LENGTH),
            change(
              tenantId,
              conversationId,
              (conversation, at) => Effect.succeed({ ...conversation, assigneeId, updatedAt: at }),
              (before, after, at) =>
                before.assigneeId === after.assigneeId
                  ? Effect.void
                  : emit(
                      tenantId,
                      conversationId,
                      "conversation.assigned",
                      {
                        conversation: encodeConversation(after),
                        assigneeId: after.assigneeId,
                        previousAssigneeId: before.assigneeId
                      },
                      at
                    )
            )
          ),

        setStatus: (tenantId, conversationId, status) =>
          change(
            tenantId,
            conversationId,
            (conversation, at) => Effect.succeed({ ...conversation, status, updatedAt: at }),
            (before, after, at) =>
              after.status === "closed" && before.status !== "closed"
                ? emit(tenantId, conversationId, "conversation.closed", { conversation: encodeConversation(after) }, at)
                : Effect.void
          ),

        rate: (tenantId, conversationId, rating, comment) =>
          Effect.gen(function* () {
            if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
              return yield* Effect.fail(invalidField("rating", "must be a whole number from 1 to 5"))
            }
            if (comment !== undefined && comment.length > MAX_COMMENT_LENGTH) {
              return yield* Effect.fail(invalidField("comment", `must be at most ${MAX_COMMENT_LENGTH} characters`))
            }
            return yield* change(
              tenantId,
              conversationId,
              (conversation, at) => {
                if (conversation.status !== "resolved" && conversation.status !== "closed") {
                  return Effect.fail(
                    new ConversationStateConflict({
                      code: "conversation_not_finished",
                      message: "A conversation is rated once it is resolved or closed."
                    })
                  )
                }
                if (conversation.csat !== null) {
                  return Effect.fail(
                    new ConversationStateConflict({
                      code: "csat_already_submitted",
                      message: "This conversation has been rated."
                    })
                  )
                }
                const csat = { rating, comment: comment?.trim() || null, submittedAt: at }
                return Effect.succeed({ ...conversation, csat, updatedAt: at })
              },
              (_, after, at) =>
                emit(
                  tenantId,
                  conversationId,
                  "csat.submitted",
                  {
                    conversationId,
                    visitorId: after.visitorId,
                    rating,
                    comment: after.csat?.comment ?? null,
                    submittedAt: at.toISOString()
                  },
                  at
                )
            )
          })
      }
    })
  )
}
