import { Effect, Layer, type Scope } from "effect"
import { describe, expect, it } from "vitest"
import type { Conversation, VisitorToken } from "../src/chat/Chat.js"
import { ChatMessageRepository, ConversationRepository, VisitorRepository } from "../src/chat/ChatRepositories.js"
import {
  ConversationHubs,
  conversationFeed,
  conversationTopic,
  messageSignal,
  seenSignal,
  typingSignal
} from "../src/chat/ConversationFeed.js"
import { ConversationReadRepository } from "../src/chat/ConversationReads.js"
import { ChatFileLinks } from "../src/chat/ChatFileLinks.js"
import { FanOut } from "../src/jobs/FanOut.js"
import { layerSecretBox } from "../src/platform/SecretBox.js"
import { ServiceKitSettings } from "../src/platform/Settings.js"
import { TenantRepository } from "../src/platform/Tenants.js"
import { TenantStanding } from "../src/platform/TenantStanding.js"
import { MemoryDatabase } from "../src/platform/UnitOfWork.js"

const tenantId = "00000000-0000-4000-8000-000000000001"
const conversationId = "00000000-0000-4000-8000-000000000002"
const at = new Date("2026-11-26T10:00:00Z")
const session: VisitorToken = {
  digest: "d",
  tenantId,
  visitorId: "00000000-0000-4000-8000-000000000003",
  conversationId,
  expiresAt: new Date(at.getTime() + 3_600_000),
  createdAt: at
}

/** Memory storage whose message reads are counted, and the hubs over it. */
const setUp = () => {
  const counted = { reads: 0 }
  const storage = Layer.effect(
    ChatMessageRepository,
    Effect.map(ChatMessageRepository, (messages) =>
      ChatMessageRepository.of({
        ...messages,
        list: (...args) => Effect.suspend(() => (counted.reads++, messages.list(...args)))
      })
    )
  ).pipe(
    Layer.provide(ChatMessageRepository.layerMemory),
    Layer.provideMerge(ConversationRepository.layerMemory),
    Layer.provideMerge(VisitorRepository.layerMemory),
    Layer.provideMerge(ConversationReadRepository.layerMemory),
    Layer.provideMerge(TenantStanding.layer.pipe(Layer.provide(TenantRepository.layerMemory))),
    Layer.provideMerge(MemoryDatabase.layer),
    Layer.provideMerge(FanOut.layerMemory),
    Layer.provideMerge(ChatFileLinks.layer.pipe(Layer.provide(Layer.merge(layerSecretBox("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"), ServiceKitSettings.layer()))))
  )
  const layer = ConversationHubs.layer.pipe(Layer.provideMerge(storage))
  const conversation: Conversation = {
    id: conversationId,
    tenantId,
    visitorId: session.visitorId,
    visitor: null,
    name: "Order 1042",
    priority: "normal",
    source: "api",
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
  /** Stores a message and announces it, as a post does once it has committed. */
  const post = (content: string) =>
    Effect.gen(function* () {
      const appended = yield* (yield* ChatMessageRepository).append({
        id: globalThis.crypto.randomUUID(),
        tenantId,
        conversationId,
        authorType: "agent",
        authorId: null,
        authorName: null,
        authorInitials: null,
        files: [],
        content,
        createdAt: at
      })
      const { sequence } = (appended as any).value.message
      yield* (yield* FanOut).publish(conversationTopic(conversationId), messageSignal(sequence))
    })
  const run = <A, E>(program: Effect.Effect<A, E, Layer.Layer.Success<typeof layer> | Scope.Scope>) =>
    Effect.runPromise(
      Effect.scoped(
        Effect.provide(
          Effect.zipRight(
            Effect.flatMap(ConversationRepository, (conversations) => conversations.insert(conversation)),
            program
          ),
          layer
        )
      )
    )
  return { counted, post, run }
}

const decoder = new TextDecoder()

/** The next chunk a stream's reader gets, and the event in it. */
const next = (reader: ReadableStreamDefaultReader<Uint8Array>) =>
  Effect.promise(async () => {
    const { value } = await reader.read()
    const text = decoder.decode(value!)
    return {
      chunk: value!,
      event: /^event: (\w+)$/m.exec(text)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(text)![1]!)
    }
  })

describe("a conversation's live streams in one process", () => {
  it("say how far agents have read, first and as they read on, and who is typing, reading nothing for either", async () => {
    const { counted, post, run } = setUp()
    const events = await run(
      Effect.gen(function* () {
        yield* post("Hello")
        yield* post("Anyone there?")
        yield* (yield* ConversationReadRepository).markRead({
          tenantId,
          conversationId,
          readerId: "agent-ada",
          sequence: 1,
          readAt: at
        })
        const reader = (yield* conversationFeed(session, undefined, at)).getReader()
        const opening = [yield* next(reader), yield* next(reader), yield* next(reader), yield* next(reader)]
        counted.reads = 0
        const fanOut = yield* FanOut
        yield* fanOut.publish(conversationTopic(conversationId), seenSignal(2))
        // A typing signal that is not an agent's signature is dropped; the next one is told.
        yield* fanOut.publish(conversationTopic(conversationId), "typing:<not json>")
        yield* fanOut.publish(conversationTopic(conversationId), typingSignal({ authorName: "Ada", authorInitials: "A" }))
        const live = [yield* next(reader), yield* next(reader)]
        yield* Effect.promise(() => reader.cancel())
        return { opening, live }
      })
    )
    expect(events.opening.map(({ event, data }) => [event, event === "message" ? data.sequence : data])).toEqual([
      ["conversation", expect.objectContaining({ id: conversationId })],
      ["seen", { sequence: 1 }],
      ["message", 1],
      ["message", 2]
    ])
    expect(events.live.map(({ event, data }) => [event, data])).toEqual([
      ["seen", { sequence: 2 }],
      ["typing", { authorType: "agent", authorName: "Ada", authorInitials: "A" }]
    ])
    expect(counted.reads).toBe(0)
  })

  it("read each new message from storage once for them all, and encode it once", async () => {
    const { counted, post, run } = setUp()
    const received = await run(
      Effect.gen(function* () {
        const readers = yield* Effect.forEach(Array.from({ length: 200 }), () =>
          Effect.map(conversationFeed(session, undefined, at), (body) => body.getReader())
        )
        for (const reader of readers) expect((yield* next(reader)).event).toBe("conversation")
        counted.reads = 0
        yield* post("Your parcel left the warehouse.")
        const received = yield* Effect.forEach(readers, next)
        yield* Effect.promise(() => Promise.all(readers.map((reader) => reader.cancel())))
        return received
      })
    )
    expect(counted.reads).toBe(1)
    expect(received.every(({ event, data }) => event === "message" && data.sequence === 1)).toBe(true)
    expect(received[0]!.data.content).toBe("Your parcel left the warehouse.")
    expect(received.every(({ chunk }) => chunk === received[0]!.chunk)).toBe(true)
  })

  it("send the backlog after the last event id, then each message once, and stop reading once the last stream goes", async () => {
    const { counted, post, run } = setUp()
    await run(
      Effect.gen(function* () {
        yield* post("one")
        yield* post("two")
        const first = (yield* conversationFeed(session, undefined, at)).getReader()
        expect((yield* next(first)).event).toBe("conversation")
        const one = yield* next(first)
        expect(one.data.content).toBe("one")
        expect((yield* next(first)).data.content).toBe("two")
        // A reconnecting client resumes after the message it saw last.
        const resumed = (yield* conversationFeed(session, one.data.id, at)).getReader()
        expect((yield* next(resumed)).event).toBe("conversation")
        expect((yield* next(resumed)).data.content).toBe("two")
        yield* post("three")
        expect((yield* next(first)).data).toMatchObject({ content: "three", sequence: 3 })
        expect((yield* next(resumed)).data).toMatchObject({ content: "three", sequence: 3 })
        yield* Effect.promise(() => Promise.all([first.cancel(), resumed.cancel()]))
        // The hub closes in the background.
        yield* Effect.sleep("20 millis")
        counted.reads = 0
        yield* post("four")
        yield* Effect.sleep("20 millis")
      })
    )
    expect(counted.reads).toBe(0)
  })

  it("send a backlog larger than what a stream may queue, then cut off a client that stops reading", async () => {
    const { post, run } = setUp()
    const long = (n: number) => `${n} `.padEnd(10_000, "x")
    const { backlog, live, done } = await run(
      Effect.gen(function* () {
        for (let n = 1; n <= 150; n++) yield* post(long(n))
        const reader = (yield* conversationFeed(session, undefined, at)).getReader()
        yield* next(reader)
        const backlog = []
        for (let n = 1; n <= 150; n++) backlog.push((yield* next(reader)).data.sequence)
        // The client reads no more while 150 messages of 10,000 characters (1.5 MB) come.
        for (let n = 151; n <= 300; n++) yield* post(long(n))
        const live = []
        for (;;) {
          const { value, done } = yield* Effect.promise(() => reader.read())
          if (done) return { backlog, live, done }
          live.push(JSON.parse(/^data: (.*)$/m.exec(decoder.decode(value))![1]!).sequence)
        }
      })
    )
    expect(backlog).toEqual(Array.from({ length: 150 }, (_, i) => i + 1))
    expect(done).toBe(true)
    expect(live.length).toBeGreaterThan(50)
    expect(live.length).toBeLessThan(150)
    expect(live).toEqual(Array.from({ length: live.length }, (_, i) => i + 151))
  })
})
