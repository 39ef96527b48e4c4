import { Clock, Context, Effect, Layer, Option } from "effect"
import { type JobQueue, defineQueue } from "../jobs/JobQueue.js"
import type { EmailPipeline } from "../module/EmailPipeline.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { TenantService } from "../platform/TenantService.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { shownAppearance } from "./Appearance.js"
import type { ChatMessage, Conversation, Visitor, Widget } from "./Chat.js"
import { makeChatChanges } from "./ChatChanges.js"
import { WIDGET_TOKEN_DAYS, hostedChatUrl } from "./ChatInputs.js"
import { ChatMessageRepository, ConversationRepository, VisitorRepository } from "./ChatRepositories.js"
import { VisitorSeenRepository } from "./VisitorSeen.js"
import { WidgetRepository } from "./WidgetRepository.js"

/** "Conversation X has replies its visitor may not have seen": keyed by the conversation, so a burst of replies makes one email. */
export const replyEmailQueue = defineQueue("servicekit.chat.reply-email", {
  maxAttempts: 5,
  backoff: "10 seconds",
  lease: "1 minute"
})

/** The activity ledger's `metadata.source` of Live Chat's reply emails. */
export const REPLY_EMAIL_SOURCE = "live_chat_replies"
/** Messages an email shows of the conversation, its new replies among them. */
export const REPLY_EMAIL_TRANSCRIPT = 10

const isReply = (authorType: string) => authorType === "agent" || authorType === "api"

/** Asks for a look at the conversation's replies, now or at `runAt`. */
export const lookAt = (jobs: JobQueue["Type"], tenantId: string, conversationId: string, runAt?: Date) =>
  jobs.enqueue(replyEmailQueue, { tenantId, conversationId }, { key: conversationId, tenant: tenantId, runAt })

/** Asks for a look at each conversation an agent or the API replied in whose visitor left an email address. */
export const wakeReplyEmails = (jobs: JobQueue["Type"]) => (events: ReadonlyArray<DomainEvent>) =>
  Effect.forEach(
    events.filter((event) => {
      const payload = event.payload as {
        readonly visitor?: { readonly email?: unknown } | null
        readonly message?: { readonly authorType?: unknown }
      }
      return typeof payload.visitor?.email === "string" && isReply(String(payload.message?.authorType))
    }),
    (event) => lookAt(jobs, event.tenantId, String((event.payload as { conversationId: unknown }).conversationId)),
    { discard: true }
  )

/** One line of the transcript: who wrote, and what (files by name). */
const transcriptLine = (message: ChatMessage, tenantName: string) => {
  const who = message.authorType === "visitor" ? "You" : (message.authorName ?? tenantName)
  const files = message.files.map((file) => `[${file.name}]`).join(" ")
  return `${who}: ${[message.content, files].filter((part) => part !== "").join(" ")}`
}

/**
 * Replies by email: once a conversation's visitor, who left an email address, has not had the chat
 * open (nor written) for the tenant's `emailAfterMinutes`, the agents' replies they have not seen go
 * to them by email through the platform's mail pipeline, with the recent conversation and a link
 * that opens it again. Each reply goes at most once.
 */
export class ReplyEmailService extends Context.Tag("@servicekit/core/ReplyEmailService")<
  ReplyEmailService,
  {
    /**
     * Emails the conversation's unseen replies if its visitor has been away long enough; otherwise
     * when to look again: once they will have been, unless they come back. Nothing without a
     * pipeline (no Transactional module).
     */
    readonly look: (
      tenantId: string,
      conversationId: string,
      pipeline: Option.Option<EmailPipeline["Type"]>
    ) => Effect.Effect<Option.Option<Date>>
  }
>() {
  static readonly layer = Layer.effect(
    ReplyEmailService,
    Effect.gen(function* () {
      const changes = yield* makeChatChanges
      const conversations = yield* ConversationRepository
      const visitors = yield* VisitorRepository
      const messages = yield* ChatMessageRepository
      const seen = yield* VisitorSeenRepository
      const widgets = yield* WidgetRepository
      const tenants = yield* TenantService
      const unit = yield* UnitOfWork
      const settings = yield* ServiceKitSettings

      /** One email of `replies` (with the messages before them) to the visitor, and the mark that they went. */
      const send = (
        pipeline: EmailPipeline["Type"],
        email: {
          readonly conversation: Conversation
          readonly visitor: Visitor
          readonly to: string
          readonly widget: Widget
          readonly replies: ReadonlyArray<ChatMessage>
          readonly earlier: ReadonlyArray<ChatMessage>
        },
        at: Date
      ) =>
        Effect.gen(function* () {
          const { conversation, earlier, replies, widget } = email
          const tenantName = shownAppearance(widget.appearance, settings.brand).displayName
          const expiresAt = new Date(at.getTime() + WIDGET_TOKEN_DAYS * 86_400_000)
          const token = yield* changes.mintToken(email.visitor, conversation, expiresAt, at)
          const url = hostedChatUrl(settings, widget.siteKey, token)
          const text = [
            replies.length === 1 ? `${tenantName} replied to your chat:` : `${tenantName} replied to your chat ${replies.length} times:`,
            "",
            ...replies.map((reply) => transcriptLine(reply, tenantName)),
            "",
            ...(earlier.length === 0
              ? []
              : ["Earlier in the conversation:", ...earlier.map((message) => transcriptLine(message, tenantName)), ""]),
            `Continue the conversation: ${url}`,
            `(The link opens this conversation for ${WIDGET_TOKEN_DAYS} days; keep it to yourself.)`,
            "",
            `You get this email because you left this address in ${tenantName}'s chat.`
          ].join("\n")
          const { entitlements } = yield* tenants.get(conversation.tenantId)
          yield* pipeline.send(
            { tenantId: conversation.tenantId, entitlements, noticeOf: "chat" },
            { source: REPLY_EMAIL_SOURCE, to: email.to, subject: `New reply from ${tenantName}`, text }
          )
          yield* seen.emailed(conversation.tenantId, conversation.id, replies.at(-1)!.sequence)
        })

      return ReplyEmailService.of({
        look: (tenantId, conversationId, pipeline) =>
          Effect.gen(function* () {
            const never = Option.none<Date>()
            if (Option.isNone(pipeline)) return never
            const conversation = yield* conversations.find(tenantId, conversationId)
            if (Option.isNone(conversation) || conversation.value.visitorId === null) return never
            // A closed conversation takes no more from its visitor: a link into it would lead nowhere.
            if (conversation.value.status === "closed") return never
            const visitor = yield* visitors.find(tenantId, conversation.value.visitorId)
            const widget = yield* widgets.find(tenantId)
            if (Option.isNone(visitor) || visitor.value.email === null || Option.isNone(widget)) return never
            const at = new Date(yield* Clock.currentTimeMillis)
            const state = yield* seen.find(tenantId, conversationId)
            const recent = yield* messages.list(tenantId, conversationId, {
              limit: REPLY_EMAIL_TRANSCRIPT,
              afterSequence: Math.max(0, conversation.value.messageCount - REPLY_EMAIL_TRANSCRIPT)
            })
            // The visitor was last here when their page last said so, or when they last wrote.
            const lastHere = Math.max(
              Option.match(state, { onNone: () => 0, onSome: (row) => row.seenAt?.getTime() ?? 0 }),
              ...recent.filter((message) => message.authorType === "visitor").map((message) => message.createdAt.getTime())
            )
            const emailedThrough = Option.match(state, { onNone: () => 0, onSome: (row) => row.emailedThrough })
            const unseen = recent.filter(
              (message) => isReply(message.authorType) && message.sequence > emailedThrough && message.createdAt.getTime() > lastHere
            )
            if (unseen.length === 0) return never
            const dueAt = lastHere + widget.value.workingHours.emailAfterMinutes * 60_000
            if (dueAt > at.getTime()) return Option.some(new Date(dueAt))
            const email = {
              conversation: conversation.value,
              visitor: visitor.value,
              to: visitor.value.email,
              widget: widget.value,
              replies: unseen,
              earlier: recent.filter((message) => message.sequence < unseen[0]!.sequence)
            }
            // Refused for good (the tenant gone or without Live Chat, its sending paused, an address the
            // pipeline will not take): retrying would not help, and the replies stay in the chat.
            yield* unit.withTransaction(send(pipeline.value, email, at)).pipe(
              Effect.catchAll((refused) => Effect.logWarning(`Live Chat reply by email not sent: ${refused.message}`))
            )
            return never
          })
      })
    })
  )
}
