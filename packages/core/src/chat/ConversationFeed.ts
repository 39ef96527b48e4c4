import { Context, Effect, Exit, Layer, Option, Schema } from "effect"
import { encodeEvent, heartbeatComment, type ServerSentEvent } from "../http/EventStream.js"
import type { FanOut } from "../jobs/FanOut.js"
import type { TenantStanding } from "../platform/TenantStanding.js"
import { isUuid } from "../platform/Crypto.js"
import type { AgentSignature } from "./AgentProfiles.js"
import type { ChatMessage, Conversation, VisitorToken } from "./Chat.js"
import { VisitorConversationJson, VisitorMessageJson, visitorConversationJson, visitorMessageJson } from "./ChatJson.js"
import { ChatFileLinks, type FileLinker } from "./ChatFileLinks.js"
import { ChatMessageRepository, ConversationRepository } from "./ChatRepositories.js"
import { ConversationReadRepository } from "./ConversationReads.js"
import { type Hub, RECONNECTED, makeFeedHubs } from "./FeedHubs.js"

/** The fan-out topic that announces a conversation's changes to every process. */
export const conversationTopic = (conversationId: string) => `chat.conversation.${conversationId}`

/**
 * What a topic carries: that the conversation changed, or a new message's sequence (`message:<n>`),
 * which readers fetch from storage; how far agents have read it (`seen:<n>`); and an agent typing
 * (`typing:` and their signature as JSON), which is never stored.
 */
export type ConversationSignal = "conversation" | `message:${number}` | `seen:${number}` | `typing:${string}`

export const messageSignal = (sequence: number): ConversationSignal => `message:${sequence}`
export const seenSignal = (sequence: number): ConversationSignal => `seen:${sequence}`

/** An agent typing, signed to the visitor as their replies are. */
export const typingSignal = (agent: AgentSignature): ConversationSignal =>
  `typing:${JSON.stringify({ authorName: agent.authorName, authorInitials: agent.authorInitials })}`

/** The sequence a message signal announces; undefined for a signal without one (`message`, from an earlier version). */
const signalledSequence = (signal: string): number | undefined => {
  const sequence = Number(signal.slice("message:".length))
  return signal.startsWith("message:") && Number.isSafeInteger(sequence) ? sequence : undefined
}

const PAGE = 100
/** What a stream may have queued for a client that does not read before it is cut off (it resumes with Last-Event-ID). */
const MAX_QUEUED_BYTES = 1024 * 1024

const encoder = new TextEncoder()
const heartbeat = encoder.encode(heartbeatComment)
const bytesOf = (event: ServerSentEvent) => encoder.encode(encodeEvent(event))

const messageEvent = (message: ChatMessage, link: FileLinker): ServerSentEvent => ({
  id: message.id,
  event: "message",
  data: JSON.stringify(Schema.encodeSync(VisitorMessageJson)(visitorMessageJson(message, link)))
})

/** `seen`: agents have read the conversation up to message `sequence`. */
const seenEvent = (sequence: number): ServerSentEvent => ({ event: "seen", data: JSON.stringify({ sequence }) })

/** `typing`: an agent is writing, signed as their replies are; a signal that says otherwise is dropped. */
const typingEvent = (signed: string): ServerSentEvent | undefined => {
  let agent: unknown
  try {
    agent = JSON.parse(signed)
  } catch {
    return undefined
  }
  const text = (value: unknown) => (typeof value === "string" ? value : null)
  if (typeof agent !== "object" || agent === null) return undefined
  const { authorInitials, authorName } = agent as Record<string, unknown>
  return {
    event: "typing",
    data: JSON.stringify({ authorType: "agent", authorName: text(authorName), authorInitials: text(authorInitials) })
  }
}

const conversationEvent = (conversation: Conversation): ServerSentEvent => ({
  event: "conversation",
  data: JSON.stringify(Schema.encodeSync(VisitorConversationJson)(visitorConversationJson(conversation)))
})

/** What a hub hands its streams: an encoded event, with its sequence when it is a message (so a stream sends each once). */
interface Update {
  readonly sequence?: number
  readonly bytes: Uint8Array
}

/** One open stream, as its hub sees it. */
export interface Sink {
  readonly send: (update: Update) => void
  readonly close: () => void
}

/**
 * The hubs of this process, one per followed conversation: opened by its first stream, closed
 * with its last. Each follows the conversation's topic, reads each change from storage once and
 * encodes it once for all its streams.
 */
export class ConversationHubs extends Context.Tag("@servicekit/core/ConversationHubs")<
  ConversationHubs,
  {
    /** The conversation's hub, `sink` added; it is removed (and the hub closed after the last) by `leave`. */
    readonly join: (
      tenantId: string,
      conversationId: string,
      sink: Sink
    ) => Effect.Effect<{ readonly leave: () => void }>
  }
>() {
  static readonly layer: Layer.Layer<
    ConversationHubs,
    never,
    FanOut | ChatMessageRepository | ConversationRepository | TenantStanding | ChatFileLinks
  > =
    Layer.scoped(
      ConversationHubs,
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const { linker } = yield* ChatFileLinks
        const broadcast = (hub: Hub<Sink>, update: Update) => {
          for (const sink of hub.sinks) sink.send(update)
        }

        const hubs = yield* makeFeedHubs<{ readonly tenantId: string; readonly conversationId: string }, Sink>({
          id: ({ conversationId, tenantId }) => `${tenantId}/${conversationId}`,
          tenantOf: ({ tenantId }) => tenantId,
          topic: ({ conversationId }) => conversationTopic(conversationId),
          beat: (sink) => sink.send({ bytes: heartbeat }),
          failure: "a live chat update could not be read; the next one catches up",
          // The topic is joined before the count is read: a message committed after that read is signalled to the hub.
          setUp: ({ conversationId, tenantId }, hub) =>
            Effect.gen(function* () {
              /** The last message the hub handed on. */
              let after = Option.match(yield* conversations.find(tenantId, conversationId), {
                onNone: () => 0,
                onSome: (found) => found.messageCount
              })

              /** Every message after the hub's last, page by page. */
              const catchUp: Effect.Effect<void> = Effect.suspend(() =>
                Effect.zipWith(messages.list(tenantId, conversationId, { limit: PAGE, afterSequence: after }), linker, (page, link) => [page, link] as const).pipe(Effect.flatMap(([page, link]) => {
                  for (const message of page)
                    broadcast(hub, { sequence: message.sequence, bytes: bytesOf(messageEvent(message, link)) })
                  if (page.length > 0) after = page[page.length - 1]!.sequence
                  return page.length === PAGE ? catchUp : Effect.void
                }))
              )

              const announceConversation = Effect.map(conversations.find(tenantId, conversationId), (found) => {
                if (Option.isSome(found)) broadcast(hub, { bytes: bytesOf(conversationEvent(found.value)) })
              })

              return (signal: string): Effect.Effect<void> => {
                if (signal === "conversation") return announceConversation
                // Neither is read from storage: what they say is in the signal.
                if (signal.startsWith("typing:")) {
                  const typing = typingEvent(signal.slice("typing:".length))
                  return Effect.sync(() => {
                    if (typing !== undefined) broadcast(hub, { bytes: bytesOf(typing) })
                  })
                }
                if (signal.startsWith("seen:")) {
                  const sequence = Number(signal.slice("seen:".length))
                  if (!Number.isSafeInteger(sequence)) return Effect.void
                  return Effect.sync(() => broadcast(hub, { bytes: bytesOf(seenEvent(sequence)) }))
                }
                // Back from a break in the fan-out: whatever changed meanwhile, read from storage.
                if (signal === RECONNECTED) return Effect.zipRight(announceConversation, catchUp)
                const sequence = signalledSequence(signal)
                return sequence !== undefined && sequence <= after ? Effect.void : catchUp
              }
            })
        })
        return { join: (tenantId, conversationId, sink) => hubs.join({ tenantId, conversationId }, sink) }
      })
    )
}

/**
 * A visitor's conversation as a `text/event-stream` body: the conversation, how far agents have
 * read it, then every message after `lastEventId` (a message id; all of them without one), then
 * each change as it happens, until the visitor's token expires. The stream joins its hub before it reads anything and holds
 * back what the hub hands it until its backlog is sent, and it sends a message only when it is
 * past the last one sent, so no message is skipped or sent twice however changes interleave.
 */
export const conversationFeed = (session: VisitorToken, lastEventId: string | undefined, now: Date) =>
  Effect.gen(function* () {
    const hubs = yield* ConversationHubs
    const messages = yield* ChatMessageRepository
    const { linker } = yield* ChatFileLinks
    const conversations = yield* ConversationRepository
    const reads = yield* ConversationReadRepository
    const { tenantId, conversationId } = session
    let after = 0
    // What the hub hands on while the backlog is read; undefined once the stream is live.
    let held: Array<Update> | undefined = []
    let controller!: ReadableStreamDefaultController<Uint8Array>
    let membership: { readonly leave: () => void } | undefined
    let expiry: ReturnType<typeof setTimeout> | undefined
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      membership?.leave()
      clearTimeout(expiry)
      try {
        controller.close()
      } catch {
        // Already closed or errored by the reader going away.
      }
    }
    // How low the queue's room may go: MAX_QUEUED_BYTES below the most it has had since the stream
    // went live, so that an unread backlog, however long, does not count against a client that reads.
    let floor = -Infinity
    const send = (update: Update) => {
      if (ended) return
      if (update.sequence !== undefined) {
        if (update.sequence <= after) return
        after = update.sequence
      }
      const room = controller.desiredSize ?? 0
      controller.enqueue(update.bytes)
      if (held !== undefined) return
      // A client that stopped reading is cut off rather than buffered for without end.
      floor = Math.max(floor, room - MAX_QUEUED_BYTES)
      if ((controller.desiredSize ?? 0) < floor) end()
    }
    const body = new ReadableStream<Uint8Array>(
      {
        start: (started) => void (controller = started),
        cancel: end
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 })
    )
    membership = yield* hubs.join(tenantId, conversationId, {
      send: (update) => {
        if (held === undefined) send(update)
        else held.push(update)
      },
      close: end
    })
    return yield* Effect.gen(function* () {
      if (lastEventId !== undefined && isUuid(lastEventId)) {
        const seen = yield* messages.find(tenantId, lastEventId)
        if (Option.isSome(seen) && seen.value.conversationId === conversationId) after = seen.value.sequence
      }
      const conversation = yield* conversations.find(tenantId, conversationId)
      if (Option.isSome(conversation)) send({ bytes: bytesOf(conversationEvent(conversation.value)) })
      const seen = yield* reads.furthest(tenantId, conversationId)
      if (seen > 0) send({ bytes: bytesOf(seenEvent(seen)) })
      for (;;) {
        const page = yield* messages.list(tenantId, conversationId, { limit: PAGE, afterSequence: after })
        const link = yield* linker
        for (const message of page) send({ sequence: message.sequence, bytes: bytesOf(messageEvent(message, link)) })
        // An ended stream (its client or its hub gone) takes nothing more, so `after` stops moving.
        if (page.length < PAGE || ended) break
      }
      const waiting = held ?? []
      held = undefined
      for (const update of waiting) send(update)
      // setTimeout takes at most 2^31 - 1 ms.
      const remaining = Math.min(2 ** 31 - 1, Math.max(0, session.expiresAt.getTime() - now.getTime()))
      expiry = setTimeout(end, remaining)
      return body
    }).pipe(Effect.onExit((exit) => (Exit.isFailure(exit) ? Effect.sync(end) : Effect.void)))
  })
