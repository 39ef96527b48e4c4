import { Duration, Effect, Option, Schema, Stream } from "effect"
import type { ServerSentEvent } from "../http/EventStream.js"
import { FanOut } from "../jobs/FanOut.js"
import { isUuid } from "../platform/Crypto.js"
import type { ChatMessage, Conversation, VisitorToken } from "./Chat.js"
import { VisitorConversationJson, VisitorMessageJson, visitorConversationJson, visitorMessageJson } from "./ChatJson.js"
import { ChatMessageRepository, ConversationRepository } from "./ChatRepositories.js"

/** The fan-out topic that announces a conversation's changes to every process. */
export const conversationTopic = (conversationId: string) => `chat.conversation.${conversationId}`

/** What a topic carries: only that something changed; readers fetch the change from storage. */
export type ConversationSignal = "message" | "conversation"

const PAGE = 100

const messageEvent = (message: ChatMessage): ServerSentEvent => ({
  id: message.id,
  event: "message",
  data: JSON.stringify(Schema.encodeSync(VisitorMessageJson)(visitorMessageJson(message)))
})

const conversationEvent = (conversation: Conversation): ServerSentEvent => ({
  event: "conversation",
  data: JSON.stringify(Schema.encodeSync(VisitorConversationJson)(visitorConversationJson(conversation)))
})

/**
 * A visitor's conversation as server-sent events: the conversation, then every message after
 * `lastEventId` (a message id; all of them without one), then each change as it happens, until
 * the visitor's token expires. The topic is joined before the first read, and messages are always
 * read from storage after the last sequence sent, so no message is skipped or sent twice however
 * signals arrive.
 */
export const conversationFeed = (session: VisitorToken, lastEventId: string | undefined, now: Date) =>
  Effect.gen(function* () {
    const fanOut = yield* FanOut
    const messages = yield* ChatMessageRepository
    const conversations = yield* ConversationRepository
    const { tenantId, conversationId } = session
    return Stream.unwrapScoped(
      Effect.gen(function* () {
        const signals = yield* fanOut.subscribe(conversationTopic(conversationId))
        let after = 0
        if (lastEventId !== undefined && isUuid(lastEventId)) {
          const seen = yield* messages.find(tenantId, lastEventId)
          if (Option.isSome(seen) && seen.value.conversationId === conversationId) after = seen.value.sequence
        }
        const newMessages = Effect.gen(function* () {
          const events: Array<ServerSentEvent> = []
          for (;;) {
            const page = yield* messages.list(tenantId, conversationId, { limit: PAGE, afterSequence: after })
            for (const message of page) events.push(messageEvent(message))
            if (page.length > 0) after = page[page.length - 1]!.sequence
            if (page.length < PAGE) return events
          }
        })
        const current = Effect.map(conversations.find(tenantId, conversationId), (found) =>
          Option.toArray(Option.map(found, conversationEvent))
        )
        const first = Effect.zipWith(current, newMessages, (conversation, backlog) => [...conversation, ...backlog])
        const live = Stream.mapEffect(signals, (signal) => (signal === "message" ? newMessages : current))
        return Stream.concat(Stream.fromEffect(first), live).pipe(
          Stream.flattenIterables,
          Stream.interruptAfter(Duration.millis(Math.max(0, session.expiresAt.getTime() - now.getTime())))
        )
      })
    )
  })
