import { Effect, Option } from "effect"
import { FanOut } from "../jobs/FanOut.js"
import { AgentProfileRepository, signatureOf } from "./AgentProfiles.js"
import type { ChatChanges } from "./ChatChanges.js"
import type { ChatService } from "./ChatService.js"
import { conversationTopic, typingSignal } from "./ConversationFeed.js"
import { inboxTopic, visitorTyping } from "./InboxFeed.js"

/** One typing signal per author and conversation in this long: pages say it every few seconds while someone types. */
export const TYPING_EVERY_MS = 2_000
/** Authors this process remembers for the throttle; past it, the oldest are forgotten. */
const REMEMBERED = 10_000

/**
 * Who is typing, told live and never stored: the visitor to the tenant's inboxes, an agent to the
 * visitor's page (signed as their replies are). Each author's signals are thinned to one per
 * TYPING_EVERY_MS per process; a closed conversation takes none.
 */
export const makeChatTyping = (changes: ChatChanges) =>
  Effect.gen(function* () {
    const fanOut = yield* FanOut
    const profiles = yield* AgentProfileRepository
    const lastSaid = new Map<string, number>()

    /** Whether this author may be told typing now; remembers that they were. */
    const due = (key: string, now: number) => {
      const last = lastSaid.get(key)
      if (last !== undefined && now - last < TYPING_EVERY_MS) return false
      lastSaid.delete(key)
      lastSaid.set(key, now)
      // A Map keeps insertion order: the first keys are the longest silent.
      if (lastSaid.size > REMEMBERED) lastSaid.delete(lastSaid.keys().next().value!)
      return true
    }

    const methods: Pick<ChatService["Type"], "typing"> = {
      typing: (tenantId, conversationId, author) =>
        Effect.gen(function* () {
          const conversation = yield* changes.find(tenantId, conversationId)
          const now = yield* changes.now
          if (conversation.status === "closed") return
          if (!due(JSON.stringify([tenantId, conversationId, author.type, author.id]), now.getTime())) return
          if (author.type === "visitor") return yield* fanOut.publish(inboxTopic(tenantId), visitorTyping(conversationId))
          const profile = author.id === null ? Option.none() : yield* profiles.find(tenantId, author.id)
          yield* fanOut.publish(conversationTopic(conversationId), typingSignal(signatureOf(profile)))
        })
    }
    return methods
  })
