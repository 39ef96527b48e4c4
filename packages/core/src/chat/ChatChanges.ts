import { Clock, Effect, Option } from "effect"
import { EventBus } from "../jobs/EventBus.js"
import { FanOut } from "../jobs/FanOut.js"
import { JobQueue } from "../jobs/JobQueue.js"
import { wakeAssignment } from "./Assignment.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import { SecretCrypto, randomBase62, randomUuid } from "../platform/Crypto.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { type Conversation, type Visitor, visitorSummary } from "./Chat.js"
import { ConversationNotFound } from "./ChatErrors.js"
import type { VisitorInput } from "./ChatInputs.js"
import { encodeConversation } from "./ChatJson.js"
import { ConversationRepository, VisitorRepository, VisitorTokenRepository } from "./ChatRepositories.js"
import { WidgetRepository } from "./WidgetRepository.js"
import { type ConversationSignal, conversationTopic } from "./ConversationFeed.js"
import { type InboxSignal, conversationChanged, inboxTopic } from "./InboxFeed.js"

/** The tenant's widget, made with a new site key when it has none. */
export const ensureWidgetOf = (
  widgets: WidgetRepository["Type"],
  crypto: SecretCrypto["Type"],
  tenantId: string,
  at: Date
) => widgets.ensure({ tenantId, siteKey: `svw_${randomBase62(crypto, 24)}`, createdAt: at })

/**
 * What every chat change shares: the events it emits to the outbox, the signals it sends open
 * pages once committed, and opening or changing a conversation in one unit of work.
 */
export const makeChatChanges = Effect.gen(function* () {
  const visitors = yield* VisitorRepository
  const conversations = yield* ConversationRepository
  const widgets = yield* WidgetRepository
  const tokens = yield* VisitorTokenRepository
  const events = yield* EventBus
  const fanOut = yield* FanOut
  const unit = yield* UnitOfWork
  const crypto = yield* SecretCrypto
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

  /** A new conversation with `visitor` (or none). */
  const openConversation = (
    tenantId: string,
    visitor: Visitor | undefined,
    fields: Pick<Conversation, "name" | "priority" | "source">,
    at: Date
  ) =>
    Effect.gen(function* () {
      const conversation: Conversation = {
        id: randomUuid(crypto),
        tenantId,
        visitorId: visitor?.id ?? null,
        visitor: visitor === undefined ? null : visitorSummary(visitor),
        ...fields,
        status: "open",
        assigneeId: null,
        labels: [],
        csat: null,
        messageCount: 0,
        lastMessageAt: null,
        lastMessage: null,
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

  const ensureWidget = (tenantId: string, at: Date) => ensureWidgetOf(widgets, crypto, tenantId, at)

  /** A new visitor token (`svt_` + 40 base62) opening `conversation` until `expiresAt`; only its digest is stored. */
  const mintToken = (visitor: Visitor, conversation: Conversation, expiresAt: Date, at: Date) =>
    Effect.gen(function* () {
      const token = `svt_${randomBase62(crypto, 40)}`
      yield* tokens.insert({
        digest: yield* crypto.sha256Hex(token),
        tenantId: visitor.tenantId,
        visitorId: visitor.id,
        conversationId: conversation.id,
        expiresAt,
        createdAt: at
      })
      return token
    })

  return {
    now,
    emit,
    signal,
    signalInbox,
    find,
    upsertVisitor,
    openConversation,
    change,
    ensureWidget,
    mintToken,
    wakeAssignment: wakeAssignment(yield* JobQueue, widgets)
  }
})

export type ChatChanges = Effect.Effect.Success<typeof makeChatChanges>
