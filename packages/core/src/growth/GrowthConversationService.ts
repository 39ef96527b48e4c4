import { Clock, Context, Effect, Layer, Option } from "effect"
import { EmailPipeline } from "../module/EmailPipeline.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { isEmailAddress } from "../platform/EmailAddress.js"
import { type PermissionDenied, type TenantNotFound, type ValidationFailed, invalidField } from "../platform/Errors.js"
import { type Listed, listPage } from "../platform/Keyset.js"
import { TenantService } from "../platform/TenantService.js"
import type { Tenant } from "../platform/Tenants.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import {
  GROWTH_CONVERSATIONS_SOURCE,
  type GrowthConversation,
  type GrowthConversationStatus,
  type GrowthMessage,
  type GrowthMessageDraft,
  type MessageDirection
} from "./GrowthConversation.js"
import { GrowthConversationRepository, GrowthMessageRepository } from "./GrowthConversationRepositories.js"
import { GrowthConversationNotFound } from "./GrowthErrors.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** One header line, as Transactional's subjects. */
export const MAX_SUBJECT_LENGTH = 998
export const MAX_CONTENT_LENGTH = 50_000
export const MAX_NAME_LENGTH = 200
/** A conversation is shown with its latest messages, at most this many. */
export const MAX_MESSAGES_SHOWN = 200

/** The dashboard user acting: the token's tenant and subject. */
export interface DashboardUser {
  readonly tenantId: string
  readonly userId: string
}

export interface NewGrowthConversation {
  readonly contact: { readonly email: string; readonly name?: string | null | undefined }
  readonly subject: string
  readonly content: string
}

export interface NewGrowthMessage {
  readonly content: string
  /** `outbound` (the default) is emailed to the contact; `inbound` records the contact's reply. */
  readonly direction?: MessageDirection | undefined
}

export interface GrowthConversationListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly status?: GrowthConversationStatus | undefined
}

/** A conversation with its latest messages, oldest first. */
export interface GrowthConversationThread {
  readonly conversation: GrowthConversation
  readonly messages: ReadonlyArray<GrowthMessage>
}

const checkText = (field: string, text: string, max: number) =>
  text.trim().length === 0 || text.length > max
    ? invalidField(field, `must be 1 to ${max} characters, not only spaces`)
    : Effect.void

const checkSubject = (subject: string) =>
  subject.trim().length === 0 || subject.length > MAX_SUBJECT_LENGTH || /[\r\n]/.test(subject)
    ? invalidField("subject", `must be one line of 1 to ${MAX_SUBJECT_LENGTH} characters, not only spaces`)
    : Effect.void

const checkContact = (contact: NewGrowthConversation["contact"]) =>
  Effect.gen(function* () {
    if (!isEmailAddress(contact.email)) return yield* invalidField("contact.email", "must be an email address")
    if (contact.name !== undefined && contact.name !== null) {
      yield* checkText("contact.name", contact.name, MAX_NAME_LENGTH)
    }
  })

/** "Re: <subject>" once (a subject that is a reply already stays), within one header line. */
export const replySubject = (subject: string): string => {
  const reply = /^re:/i.test(subject) ? subject : `Re: ${subject}`
  const cut = reply.slice(0, MAX_SUBJECT_LENGTH)
  // Never half a surrogate pair at the end.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

/**
 * Growth conversations: the tenant's email threads with its contacts, run from the dashboard.
 * Outbound messages are emailed through the platform's email pipeline in the same unit of work
 * that stores them, so a message is stored if and only if its email is queued.
 */
export class GrowthConversationService extends Context.Tag("@servicekit/core/GrowthConversationService")<
  GrowthConversationService,
  {
    readonly list: (
      tenantId: string,
      query: GrowthConversationListQuery
    ) => Effect.Effect<Listed<GrowthConversation>, ValidationFailed>
    readonly get: (tenantId: string, id: string) => Effect.Effect<GrowthConversationThread, GrowthConversationNotFound>
    /** Starts a conversation with its first message, emailed to the contact. */
    readonly create: (
      user: DashboardUser,
      input: NewGrowthConversation
    ) => Effect.Effect<GrowthConversationThread, ValidationFailed | PermissionDenied | TenantNotFound>
    /** Adds a message (an emailed reply, or the contact's reply recorded); the conversation is open after it. */
    readonly addMessage: (
      user: DashboardUser,
      id: string,
      input: NewGrowthMessage
    ) => Effect.Effect<GrowthMessage, ValidationFailed | PermissionDenied | TenantNotFound | GrowthConversationNotFound>
    readonly setStatus: (
      tenantId: string,
      id: string,
      status: GrowthConversationStatus
    ) => Effect.Effect<GrowthConversation, GrowthConversationNotFound>
  }
>() {
  static readonly layer = Layer.effect(
    GrowthConversationService,
    Effect.gen(function* () {
      const conversations = yield* GrowthConversationRepository
      const messages = yield* GrowthMessageRepository
      const pipeline = yield* EmailPipeline
      const tenants = yield* TenantService
      const crypto = yield* SecretCrypto
      const unit = yield* UnitOfWork
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const notFound = () => new GrowthConversationNotFound()

      const find = (tenantId: string, id: string) =>
        Effect.flatMap(
          conversations.find(tenantId, id),
          Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed })
        )

      const append = (draft: GrowthMessageDraft) =>
        Effect.flatMap(
          messages.append(draft),
          Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed })
        )

      /** Emails `content` to the conversation's contact and stores it as the user's outbound message. */
      const sendOutbound = (
        tenant: Tenant,
        user: DashboardUser,
        conversation: GrowthConversation,
        subject: string,
        content: string
      ) =>
        Effect.gen(function* () {
          const { messageId } = yield* pipeline.send(
            { tenantId: tenant.id, entitlements: tenant.entitlements },
            { source: GROWTH_CONVERSATIONS_SOURCE, to: conversation.contactEmail, subject, text: content }
          )
          return yield* append({
            id: randomUuid(crypto),
            tenantId: conversation.tenantId,
            conversationId: conversation.id,
            direction: "outbound",
            content,
            authorId: user.userId,
            emailMessageId: messageId,
            createdAt: yield* now
          })
        })

      return {
        list: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            // The list's keyset is (time, id), its time the last activity.
            (cursor) =>
              Effect.map(
                conversations.find(tenantId, cursor),
                Option.map((conversation) => ({ createdAt: conversation.lastMessageAt, id: conversation.id }))
              ),
            (page) =>
              conversations.list(tenantId, {
                limit: page.limit,
                after: page.after && { lastMessageAt: page.after.createdAt, id: page.after.id },
                status: query.status
              })
          ),
        get: (tenantId, id) =>
          Effect.gen(function* () {
            const conversation = yield* find(tenantId, id)
            return { conversation, messages: yield* messages.listLatest(tenantId, id, MAX_MESSAGES_SHOWN) }
          }),
        create: (user, input) =>
          Effect.gen(function* () {
            yield* checkContact(input.contact)
            yield* checkSubject(input.subject)
            yield* checkText("content", input.content, MAX_CONTENT_LENGTH)
            const tenant = yield* tenants.get(user.tenantId)
            const createdAt = yield* now
            const conversation: GrowthConversation = {
              id: randomUuid(crypto),
              tenantId: user.tenantId,
              contactEmail: input.contact.email,
              contactName: input.contact.name ?? null,
              subject: input.subject,
              status: "open",
              messageCount: 0,
              lastMessageAt: createdAt,
              createdBy: user.userId,
              createdAt,
              updatedAt: createdAt
            }
            const first = yield* unit.withTransaction(
              Effect.zipRight(
                conversations.insert(conversation),
                sendOutbound(tenant, user, conversation, input.subject, input.content)
              )
            ).pipe(
              // It was inserted in this very unit of work.
              Effect.catchTag("GrowthConversationNotFound", Effect.die)
            )
            return { conversation: first.conversation, messages: [first.message] }
          }),
        addMessage: (user, id, input) =>
          Effect.gen(function* () {
            yield* checkText("content", input.content, MAX_CONTENT_LENGTH)
            if (input.direction === "inbound") {
              const recorded = yield* append({
                id: randomUuid(crypto),
                tenantId: user.tenantId,
                conversationId: id,
                direction: "inbound",
                content: input.content,
                authorId: null,
                emailMessageId: null,
                createdAt: yield* now
              })
              return recorded.message
            }
            const tenant = yield* tenants.get(user.tenantId)
            const sent = yield* unit.withTransaction(
              Effect.flatMap(find(user.tenantId, id), (conversation) =>
                sendOutbound(tenant, user, conversation, replySubject(conversation.subject), input.content)
              )
            )
            return sent.message
          }),
        setStatus: (tenantId, id, status) =>
          Effect.flatMap(now, (updatedAt) =>
            Effect.flatMap(
              conversations.setStatus(tenantId, id, status, updatedAt),
              Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed })
            )
          )
      }
    })
  )
}
