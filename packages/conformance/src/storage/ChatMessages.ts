import type { ChatMessage } from "@servicekit/core/chat"
import {
  ChatMessageRepository,
  ConversationRepository,
  type TenantRepository,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"
import { Deferred, Effect, Fiber, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { makeConversation, makeDraft } from "./chatFixtures.js"

export const chatMessagesSuite: StorageSuite<
  ChatMessageRepository | ConversationRepository | TenantRepository | UnitOfWork
> = {
  name: "chat messages",
  tests: (it) => {
    it.effect("numbers each conversation's messages 1, 2, 3 and bumps its count and lastMessageAt", () =>
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const first = makeConversation(tenant.id, { visitorId: uuid() })
        const second = makeConversation(tenant.id)
        yield* conversations.insert(first)
        yield* conversations.insert(second)

        const appended: Array<ChatMessage> = []
        for (const [i, conversation] of [first, first, second, first].entries()) {
          const createdAt = plus(at("2026-05-01T09:10:00.000Z"), i * MINUTE)
          const draft = makeDraft(conversation, { createdAt, content: `message ${i} — ✓ 👋` })
          const result = yield* messages.append(draft)
          expect(Option.isSome(result)).toBe(true)
          const { conversation: after, message } = Option.getOrThrow(result)
          expect(after).toEqual({
            ...conversation,
            messageCount: message.sequence,
            lastMessageAt: createdAt,
            lastMessage: { authorType: "visitor", preview: draft.content },
            updatedAt: createdAt
          })
          expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(after))
          appended.push(message)
        }
        expect(appended.map((message) => message.sequence)).toEqual([1, 2, 1, 3])
        for (const message of appended) {
          expect(yield* messages.find(tenant.id, message.id)).toEqual(Option.some(message))
        }
        expect(yield* messages.list(tenant.id, first.id, { limit: 10 })).toEqual([
          appended[0],
          appended[1],
          appended[3]
        ])
        expect(yield* messages.list(tenant.id, second.id, { limit: 10 })).toEqual([appended[2]])
        const agent = makeDraft(first, { authorType: "agent", authorId: "agent|7", content: "" })
        const system = makeDraft(first, { authorType: "system", authorId: null })
        expect(Option.getOrThrow(yield* messages.append(agent)).message).toEqual({ ...agent, sequence: 4 })
        expect(Option.getOrThrow(yield* messages.append(system)).message).toEqual({ ...system, sequence: 5 })
        expect(yield* messages.find(tenant.id, agent.id)).toEqual(Option.some({ ...agent, sequence: 4 }))
      })
    )

    it.effect("keeps the last message's author and first line with text, whitespace collapsed, at most 140 characters", () =>
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        yield* conversations.insert(conversation)
        const lastOf = (content: string, authorType: ChatMessage["authorType"] = "visitor") =>
          Effect.map(
            messages.append(makeDraft(conversation, { content, authorType, authorId: null })),
            (appended) => Option.getOrThrow(appended).conversation.lastMessage
          )
        expect(yield* lastOf("\n  \n\t Where is   my\tparcel?  \nIt was due Monday.")).toEqual({
          authorType: "visitor",
          preview: "Where is my parcel?"
        })
        // 150 characters, each an emoji of two UTF-16 units: cut at 140 whole characters.
        expect(yield* lastOf("📦".repeat(150), "agent")).toEqual({ authorType: "agent", preview: "📦".repeat(140) })
        expect(yield* lastOf("<b>bold</b> & 'quoted'", "api")).toEqual({ authorType: "api", preview: "<b>bold</b> & 'quoted'" })
        expect(yield* lastOf("", "system")).toEqual({ authorType: "system", preview: "" })
        const stored = Option.getOrThrow(yield* conversations.find(tenant.id, conversation.id))
        expect(stored).toMatchObject({ messageCount: 4, lastMessage: { authorType: "system", preview: "" } })
        expect(yield* conversations.list(tenant.id, { limit: 5 })).toEqual([stored])
      })
    )

    it.effect("appends nothing to a conversation it cannot find, nor to another tenant's", () =>
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        yield* conversations.insert(conversation)
        const stored = Option.getOrThrow(yield* messages.append(makeDraft(conversation)))

        for (const draft of [
          makeDraft(conversation, { tenantId: other.id }),
          makeDraft(conversation, { conversationId: uuid() }),
          makeDraft(conversation, { conversationId: "not-a-uuid" }),
          makeDraft(conversation, { tenantId: "not-a-uuid" })
        ]) {
          expect(yield* messages.append(draft)).toEqual(Option.none())
          expect(yield* messages.find(draft.tenantId, draft.id)).toEqual(Option.none())
        }
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(stored.conversation))
        expect(yield* messages.list(other.id, conversation.id, { limit: 10 })).toEqual([])
        expect(yield* messages.find(other.id, stored.message.id)).toEqual(Option.none())
        expect(yield* messages.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* messages.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* messages.find("not-a-uuid", stored.message.id)).toEqual(Option.none())
        expect(yield* messages.list("not-a-uuid", conversation.id, { limit: 10 })).toEqual([])
        expect(yield* messages.list(tenant.id, "not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("lists a conversation's messages oldest first, after a sequence, up to a limit", () =>
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        const neighbour = makeConversation(tenant.id)
        yield* conversations.insert(conversation)
        yield* conversations.insert(neighbour)
        const stored: Array<ChatMessage> = []
        for (let i = 0; i < 7; i++) {
          // Later messages may carry earlier times: the sequence orders them, not the clock.
          const draft = makeDraft(conversation, { createdAt: plus(at("2026-05-01T09:00:00.000Z"), -i * MINUTE) })
          stored.push(Option.getOrThrow(yield* messages.append(draft)).message)
          yield* messages.append(makeDraft(neighbour))
        }

        expect(yield* messages.list(tenant.id, conversation.id, { limit: 100 })).toEqual(stored)
        expect(yield* messages.list(tenant.id, conversation.id, { limit: 3 })).toEqual(stored.slice(0, 3))
        expect(yield* messages.list(tenant.id, conversation.id, { limit: 3, afterSequence: 3 })).toEqual(
          stored.slice(3, 6)
        )
        expect(yield* messages.list(tenant.id, conversation.id, { limit: 100, afterSequence: 0 })).toEqual(stored)
        expect(yield* messages.list(tenant.id, conversation.id, { limit: 100, afterSequence: 6 })).toEqual([stored[6]])
        expect(yield* messages.list(tenant.id, conversation.id, { limit: 100, afterSequence: 7 })).toEqual([])
        expect(yield* messages.list(tenant.id, uuid(), { limit: 100 })).toEqual([])
      })
    )

    it.effect("gives concurrent appends, each in its own unit of work, distinct consecutive sequences", () =>
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        yield* conversations.insert(conversation)
        const drafts = Array.from({ length: 10 }, (_, i) => makeDraft(conversation, { content: `concurrent ${i}` }))

        const results = yield* Effect.all(
          drafts.map((draft) => withTransaction(messages.append(draft))),
          { concurrency: 10 }
        )
        const appended = results.map((result) => Option.getOrThrow(result).message)
        expect(appended.map((message) => message.sequence).sort((a, b) => a - b)).toEqual([
          1, 2, 3, 4, 5, 6, 7, 8, 9, 10
        ])
        expect(yield* messages.list(tenant.id, conversation.id, { limit: 100 })).toEqual(
          [...appended].sort((a, b) => a.sequence - b.sequence)
        )
        const after = Option.getOrThrow(yield* conversations.find(tenant.id, conversation.id))
        expect(after.messageCount).toBe(10)
      })
    )

    it.effect("undoes an append with its unit of work; the next append takes its number", () =>
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        yield* conversations.insert(conversation)

        const undone = makeDraft(conversation)
        expect(
          yield* Effect.flip(withTransaction(Effect.zipRight(messages.append(undone), Effect.fail("declined"))))
        ).toBe("declined")
        expect(yield* messages.find(tenant.id, undone.id)).toEqual(Option.none())
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(conversation))

        // An append waiting behind a unit that holds the conversation gets the number that unit gave back.
        const appended = yield* Deferred.make<void>()
        const finish = yield* Deferred.make<void>()
        const holder = yield* Effect.fork(
          Effect.exit(
            withTransaction(
              Effect.all([
                messages.append(makeDraft(conversation)),
                Deferred.succeed(appended, undefined),
                Deferred.await(finish),
                Effect.fail("abandoned")
              ])
            )
          )
        )
        yield* Deferred.await(appended)
        const waiting = makeDraft(conversation)
        const waiter = yield* Effect.fork(withTransaction(messages.append(waiting)))
        yield* Effect.sleep("50 millis")
        yield* Deferred.succeed(finish, undefined)
        yield* Fiber.join(holder)
        const result = Option.getOrThrow(yield* Fiber.join(waiter))
        expect(result.message).toEqual({ ...waiting, sequence: 1 })
        expect(yield* messages.list(tenant.id, conversation.id, { limit: 10 })).toEqual([result.message])
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(result.conversation))
      })
    )
  }
}
