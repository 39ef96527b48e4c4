import { Context, Effect, Layer, Option, Schema } from "effect"
import { encodeEvent, heartbeatComment, type ServerSentEvent } from "../http/EventStream.js"
import type { FanOut } from "../jobs/FanOut.js"
import type { TenantStanding } from "../platform/TenantStanding.js"
import { isUuid } from "../platform/Crypto.js"
import type { ChatMessage, Conversation } from "./Chat.js"
import { ConversationJson, MessageJson, NoteJson, conversationJson, messageJson, noteJson } from "./ChatJson.js"
import { ChatFileLinks, type FileLinker } from "./ChatFileLinks.js"
import { ChatMessageRepository, ConversationRepository } from "./ChatRepositories.js"
import { type ConversationNote, ConversationNoteRepository } from "./ConversationNotes.js"
import { type Hub, RECONNECTED, makeFeedHubs } from "./FeedHubs.js"

/** The fan-out topic that announces every change of a tenant's conversations to its agents' inboxes. */
export const inboxTopic = (tenantId: string) => `chat.inbox.${tenantId}`

/**
 * What the inbox topic carries: which conversation changed, which message or note was added, which
 * readers fetch from storage; in which conversation the visitor is typing, never stored; and how
 * far an agent has read one, told as it is, so that the agent's other tabs count what is unread.
 */
export type InboxSignal =
  | `conversation:${string}`
  | `message:${string}`
  | `note:${string}`
  | `typing:${string}`
  | `read:${string}`

export const conversationChanged = (conversationId: string): InboxSignal => `conversation:${conversationId}`
export const messageAdded = (messageId: string): InboxSignal => `message:${messageId}`
export const visitorTyping = (conversationId: string): InboxSignal => `typing:${conversationId}`
export const noteAdded = (noteId: string): InboxSignal => `note:${noteId}`
/** An agent's read mark moved: the conversation, the mark, then the agent (whose id may hold any character). */
export const readMarked = (conversationId: string, sequence: number, readerId: string): InboxSignal =>
  `read:${conversationId}:${sequence}:${readerId}`

/** How long one connection lasts: the client reconnects with its current token, so a revoked or expired one stops. */
export const INBOX_STREAM_MINUTES = 15
/** What a stream may have queued for a client that does not read before it is cut off. */
const MAX_QUEUED_BYTES = 1024 * 1024

const encoder = new TextEncoder()
const bytesOf = (event: ServerSentEvent) => encoder.encode(encodeEvent(event))
const heartbeat = encoder.encode(heartbeatComment)
/** Sent first on every connection and after a break in the fan-out: what the client shows may be stale. */
const resync = bytesOf({ event: "resync", data: "{}" })

const conversationEvent = (conversation: Conversation) =>
  bytesOf({
    event: "conversation",
    data: JSON.stringify(Schema.encodeSync(ConversationJson)(conversationJson(conversation)))
  })

const typingEvent = (conversationId: string) =>
  bytesOf({ event: "typing", data: JSON.stringify({ conversationId, authorType: "visitor" }) })

/** `read`: an agent's mark on a conversation moved; a signal that says otherwise is dropped. */
const readEvent = (said: string) => {
  const [conversationId = "", sequence = "", ...reader] = said.split(":")
  const lastReadSequence = Number(sequence)
  if (!isUuid(conversationId) || !Number.isSafeInteger(lastReadSequence) || reader.length === 0) return undefined
  return bytesOf({
    event: "read",
    data: JSON.stringify({ conversationId, readerId: reader.join(":"), lastReadSequence })
  })
}

const noteEvent = (note: ConversationNote) =>
  bytesOf({ event: "note", data: JSON.stringify(Schema.encodeSync(NoteJson)(noteJson(note))) })

const messageEvent = (message: ChatMessage, link: FileLinker) =>
  bytesOf({ event: "message", data: JSON.stringify(Schema.encodeSync(MessageJson)(messageJson(message, link))) })

/** One open inbox stream, as its hub sees it. */
export interface InboxSink {
  readonly send: (bytes: Uint8Array) => void
  readonly close: () => void
}

/**
 * The inbox hubs of this process, one per tenant with an open inbox: each follows the tenant's
 * inbox topic, reads each change from storage once and encodes it once for all its streams.
 */
export class InboxHubs extends Context.Tag("@servicekit/core/InboxHubs")<
  InboxHubs,
  {
    /** The tenant's hub, `sink` added; it is removed (and the hub closed after the last) by `leave`. */
    readonly join: (tenantId: string, sink: InboxSink) => Effect.Effect<{ readonly leave: () => void }>
  }
>() {
  static readonly layer: Layer.Layer<
    InboxHubs,
    never,
    FanOut | ChatMessageRepository | ConversationRepository | ConversationNoteRepository | TenantStanding | ChatFileLinks
  > =
    Layer.scoped(
      InboxHubs,
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const { linker } = yield* ChatFileLinks
        const conversations = yield* ConversationRepository
        const notes = yield* ConversationNoteRepository
        const broadcast = (hub: Hub<InboxSink>, bytes: Uint8Array) => {
          for (const sink of hub.sinks) sink.send(bytes)
        }
        return yield* makeFeedHubs<string, InboxSink>({
          id: (tenantId) => tenantId,
          tenantOf: (tenantId) => tenantId,
          topic: inboxTopic,
          beat: (sink) => sink.send(heartbeat),
          failure: "a live inbox update could not be read; clients catch up on their next resync",
          setUp: (tenantId, hub) => {
            const announceConversation = (conversationId: string) =>
              Effect.map(conversations.find(tenantId, conversationId), (found) => {
                if (Option.isSome(found)) broadcast(hub, conversationEvent(found.value))
              })
            return Effect.succeed((signal: string): Effect.Effect<void> => {
              // Back from a break in the fan-out: the clients read from storage whatever changed meanwhile.
              if (signal === RECONNECTED) return Effect.sync(() => broadcast(hub, resync))
              const colon = signal.indexOf(":")
              const kind = signal.slice(0, colon)
              const id = signal.slice(colon + 1)
              if (kind === "read") {
                const read = readEvent(id)
                return Effect.sync(() => {
                  if (read !== undefined) broadcast(hub, read)
                })
              }
              if (!isUuid(id)) return Effect.void
              if (kind === "conversation") return announceConversation(id)
              if (kind === "typing") return Effect.sync(() => broadcast(hub, typingEvent(id)))
              if (kind === "note") {
                return Effect.map(notes.find(tenantId, id), (found) => {
                  if (Option.isSome(found)) broadcast(hub, noteEvent(found.value))
                })
              }
              if (kind !== "message") return Effect.void
              // The message, then its conversation with the new count and last message time.
              return Effect.flatMap(Effect.zip(messages.find(tenantId, id), linker), ([found, link]) => {
                if (Option.isNone(found)) return Effect.void
                broadcast(hub, messageEvent(found.value, link))
                return announceConversation(found.value.conversationId)
              })
            })
          }
        })
      })
    )
}

/**
 * A tenant's inbox as a `text/event-stream` body: `resync` first (the stream is live from here:
 * fetch what you show now), then `conversation`, `message`, `note`, `typing` and `read` events as they come, for
 * INBOX_STREAM_MINUTES. The stream joins its hub before it sends `resync`, so a client that
 * fetches after `resync` misses nothing.
 */
export const inboxFeed = (tenantId: string) =>
  Effect.gen(function* () {
    const hubs = yield* InboxHubs
    let controller!: ReadableStreamDefaultController<Uint8Array>
    let membership: { readonly leave: () => void } | undefined
    let lifetime: ReturnType<typeof setTimeout> | undefined
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      membership?.leave()
      clearTimeout(lifetime)
      try {
        controller.close()
      } catch {
        // Already closed or errored by the reader going away.
      }
    }
    const body = new ReadableStream<Uint8Array>(
      { start: (started) => void (controller = started), cancel: end },
      new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 })
    )
    const send = (bytes: Uint8Array) => {
      if (ended) return
      controller.enqueue(bytes)
      // A client that stopped reading is cut off rather than buffered for without end.
      if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) end()
    }
    membership = yield* hubs.join(tenantId, { send, close: end })
    send(resync)
    lifetime = setTimeout(end, INBOX_STREAM_MINUTES * 60_000)
    return body
  })
