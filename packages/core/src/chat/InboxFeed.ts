import { Context, Deferred, Effect, Exit, Layer, Option, Runtime, Schema, Scope, Stream } from "effect"
import { HEARTBEAT_INTERVAL, encodeEvent, heartbeatComment, type ServerSentEvent } from "../http/EventStream.js"
import { FanOut } from "../jobs/FanOut.js"
import { isUuid } from "../platform/Crypto.js"
import type { ChatMessage, Conversation } from "./Chat.js"
import { ConversationJson, MessageJson, conversationJson, messageJson } from "./ChatJson.js"
import { ChatMessageRepository, ConversationRepository } from "./ChatRepositories.js"

/** The fan-out topic that announces every change of a tenant's conversations to its agents' inboxes. */
export const inboxTopic = (tenantId: string) => `chat.inbox.${tenantId}`

/** What the inbox topic carries: which conversation changed or which message was added; readers fetch it from storage. */
export type InboxSignal = `conversation:${string}` | `message:${string}`

export const conversationChanged = (conversationId: string): InboxSignal => `conversation:${conversationId}`
export const messageAdded = (messageId: string): InboxSignal => `message:${messageId}`

/** How long one connection lasts: the client reconnects with its current token, so a revoked or expired one stops. */
export const INBOX_STREAM_MINUTES = 15
/** What a stream may have queued for a client that does not read before it is cut off. */
const MAX_QUEUED_BYTES = 1024 * 1024
const RECONNECTED = "reconnected"

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

const messageEvent = (message: ChatMessage) =>
  bytesOf({ event: "message", data: JSON.stringify(Schema.encodeSync(MessageJson)(messageJson(message))) })

/** One open inbox stream, as its hub sees it. */
export interface InboxSink {
  readonly send: (bytes: Uint8Array) => void
  readonly close: () => void
}

/** One process's live view of a tenant's conversations, shared by all its agents' streams in the process. */
interface Hub {
  readonly ready: Deferred.Deferred<void>
  readonly sinks: Set<InboxSink>
  readonly scope: Scope.CloseableScope
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
  static readonly layer: Layer.Layer<InboxHubs, never, FanOut | ChatMessageRepository | ConversationRepository> =
    Layer.scoped(
      InboxHubs,
      Effect.gen(function* () {
        const fanOut = yield* FanOut
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const hubs = new Map<string, Hub>()
        const runtime = yield* Effect.runtime<never>()
        const close = (tenantId: string, hub: Hub) => {
          if (hubs.get(tenantId) === hub) hubs.delete(tenantId)
          for (const sink of hub.sinks) sink.close()
          hub.sinks.clear()
          return Scope.close(hub.scope, Exit.void)
        }
        yield* Effect.addFinalizer(() => Effect.forEach([...hubs], ([key, hub]) => close(key, hub), { discard: true }))

        const broadcast = (hub: Hub, bytes: Uint8Array) => {
          for (const sink of hub.sinks) sink.send(bytes)
        }

        const announceConversation = (hub: Hub, tenantId: string, conversationId: string) =>
          Effect.map(conversations.find(tenantId, conversationId), (found) => {
            if (Option.isSome(found)) broadcast(hub, conversationEvent(found.value))
          })

        const onSignal = (hub: Hub, tenantId: string, signal: string): Effect.Effect<void> => {
          // Back from a break in the fan-out: the clients read from storage whatever changed meanwhile.
          if (signal === RECONNECTED) return Effect.sync(() => broadcast(hub, resync))
          const colon = signal.indexOf(":")
          const kind = signal.slice(0, colon)
          const id = signal.slice(colon + 1)
          if (!isUuid(id)) return Effect.void
          if (kind === "conversation") return announceConversation(hub, tenantId, id)
          if (kind !== "message") return Effect.void
          // The message, then its conversation with the new count and last message time.
          return Effect.flatMap(messages.find(tenantId, id), (found) => {
            if (Option.isNone(found)) return Effect.void
            broadcast(hub, messageEvent(found.value))
            return announceConversation(hub, tenantId, found.value.conversationId)
          })
        }

        const open = (tenantId: string, hub: Hub) =>
          Effect.gen(function* () {
            const signals = yield* Scope.extend(fanOut.subscribe(inboxTopic(tenantId)), hub.scope)
            const reconnects = yield* Scope.extend(fanOut.reconnects, hub.scope)
            // One at a time, so that the events of one change keep their order.
            const follow = Stream.runForEach(Stream.merge(signals, Stream.as(reconnects, RECONNECTED)), (signal) =>
              Effect.catchAllCause(onSignal(hub, tenantId, signal), (cause) =>
                Effect.logWarning("a live inbox update could not be read; clients catch up on their next resync", cause)
              )
            )
            yield* Effect.forkIn(Effect.interruptible(follow), hub.scope)
            const beat = Effect.sync(() => broadcast(hub, heartbeat))
            yield* Effect.forkIn(
              Effect.interruptible(Effect.forever(Effect.zipRight(Effect.sleep(HEARTBEAT_INTERVAL), beat))),
              hub.scope
            )
          }).pipe(
            Effect.onExit((exit) =>
              Exit.isSuccess(exit)
                ? Deferred.done(hub.ready, exit)
                : Effect.zipRight(close(tenantId, hub), Deferred.done(hub.ready, exit))
            ),
            Effect.uninterruptible
          )

        return {
          join: (tenantId, sink) =>
            Effect.gen(function* () {
              let hub = hubs.get(tenantId)
              if (hub === undefined) {
                hub = { ready: yield* Deferred.make<void>(), sinks: new Set(), scope: yield* Scope.make() }
                hubs.set(tenantId, hub)
                yield* Effect.forkDaemon(open(tenantId, hub))
              }
              const joined = hub
              joined.sinks.add(sink)
              const leave = () => {
                if (!joined.sinks.delete(sink) || joined.sinks.size > 0) return
                Runtime.runFork(runtime)(close(tenantId, joined))
              }
              yield* Deferred.await(joined.ready).pipe(Effect.onInterrupt(() => Effect.sync(leave)))
              return { leave }
            })
        }
      })
    )
}

/**
 * A tenant's inbox as a `text/event-stream` body: `resync` first (the stream is live from here:
 * fetch what you show now), then `conversation` and `message` events as changes commit, for
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
