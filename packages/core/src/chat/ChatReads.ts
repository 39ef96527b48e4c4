import { Effect } from "effect"
import type { Conversation } from "./Chat.js"
import type { ChatChanges } from "./ChatChanges.js"
import { seenSignal } from "./ConversationFeed.js"
import { readMarked } from "./InboxFeed.js"
import { ConversationReadRepository } from "./ConversationReads.js"
import type { ChatService } from "./ChatService.js"

/**
 * What each agent has read: marks that only move forward, read beside the conversations an agent
 * lists, and told to the visitor's page as how far the conversation is seen.
 */
export const makeChatReads = (changes: ChatChanges) =>
  Effect.gen(function* () {
    const reads = yield* ConversationReadRepository

    const methods: Pick<ChatService["Type"], "markRead" | "readMarks"> = {
      markRead: (tenantId, conversationId, readerId, sequence) =>
        Effect.gen(function* () {
          const conversation = yield* changes.find(tenantId, conversationId)
          const at = yield* changes.now
          // Never past the last message: a mark names a message the agent saw.
          const lastReadSequence = yield* reads.markRead({
            tenantId,
            conversationId,
            readerId,
            sequence: Math.min(sequence, conversation.messageCount),
            readAt: at
          })
          // The visitor's page says "seen" once an agent has read their message; the agent's other tabs count it read.
          yield* changes.signal(conversationId, seenSignal(lastReadSequence))
          yield* changes.signalInbox(tenantId, readMarked(conversationId, lastReadSequence, readerId))
          return { conversation, lastReadSequence }
        }),

      readMarks: (tenantId, readerId, conversations: ReadonlyArray<Conversation>) =>
        conversations.length === 0
          ? Effect.succeed(new Map())
          : reads.marks(
              tenantId,
              readerId,
              conversations.map((conversation) => conversation.id)
            )
    }
    return methods
  })
