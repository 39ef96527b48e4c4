import type { GrowthConversation, GrowthMessageDraft } from "@servicekit/core/growth"
import {
  type ActivityPosition,
  GrowthConversationRepository,
  GrowthMessageRepository,
  type TenantRepository,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, at, expectDefect, insertTenant, plus, uuid } from "./fixtures.js"

const T0 = at("2026-10-01T09:00:00.000Z")

const makeConversation = (tenantId: string, overrides: Partial<GrowthConversation> = {}): GrowthConversation => ({
  id: uuid(),
  tenantId,
  contactEmail: "ann@example.com",
  contactName: "Ann — Grüße ✓",
  subject: "Your quote 東京",
  status: "open",
  messageCount: 0,
  lastMessageAt: T0,
  createdBy: "user-1",
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})

const makeDraft = (
  conversation: GrowthConversation,
  overrides: Partial<GrowthMessageDraft> = {}
): GrowthMessageDraft => ({
  id: uuid(),
  tenantId: conversation.tenantId,
  conversationId: conversation.id,
  direction: "outbound",
  content: "Hello — naïve ✓ 東京\nsecond line",
  authorId: "user-1",
  emailMessageId: uuid(),
  createdAt: plus(T0, MINUTE),
  ...overrides
})

/** Every page of the tenant's list, following the keyset of each page's last conversation. */
const allPages = (tenantId: string, limit: number, status?: GrowthConversation["status"]) =>
  Effect.gen(function* () {
    const conversations = yield* GrowthConversationRepository
    const seen: Array<GrowthConversation> = []
    let after: ActivityPosition | undefined
    for (let pages = 0; pages < 100; pages++) {
      const page = yield* conversations.list(tenantId, { limit, after, status })
      expect(page.length).toBeLessThanOrEqual(limit)
      seen.push(...page)
      if (page.length < limit) return seen
      const last = page[page.length - 1]!
      after = { lastMessageAt: last.lastMessageAt, id: last.id }
    }
    throw new Error("paging did not end")
  })

type Ports = GrowthConversationRepository | GrowthMessageRepository | TenantRepository | UnitOfWork

export const growthConversationsSuite: StorageSuite<Ports> = {
  name: "growth conversations",
  tests: (it) => {
    it.effect("stores a conversation, finds it within its tenant only, and refuses its id twice", () =>
      Effect.gen(function* () {
        const conversations = yield* GrowthConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const conversation = makeConversation(tenant.id, { contactName: null })
        yield* conversations.insert(conversation)

        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(conversation))
        expect(yield* conversations.find(other.id, conversation.id)).toEqual(Option.none())
        expect(yield* conversations.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        yield* expectDefect(conversations.insert({ ...conversation, subject: "again" }))
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(conversation))
      })
    )

    it.effect("lists newest activity first, by id on ties, page by page, optionally one status", () =>
      Effect.gen(function* () {
        const conversations = yield* GrowthConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        // Created in one order, active in another; two share their last activity.
        const made = [3, 1, 4, 1, 5].map((minutes, i) =>
          makeConversation(tenant.id, {
            createdAt: plus(T0, i * MINUTE),
            lastMessageAt: plus(T0, minutes * 10 * MINUTE),
            status: i % 2 === 0 ? "open" : "closed"
          })
        )
        for (const conversation of made) yield* conversations.insert(conversation)
        yield* conversations.insert(makeConversation(other.id, { lastMessageAt: plus(T0, 99 * MINUTE) }))

        const expected = [...made].sort(
          (a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime() || (b.id < a.id ? -1 : 1)
        )
        expect(yield* allPages(tenant.id, 2)).toEqual(expected)
        expect(yield* allPages(tenant.id, 1, "closed")).toEqual(expected.filter((row) => row.status === "closed"))
        expect(yield* allPages(tenant.id, 10, "open")).toEqual(expected.filter((row) => row.status === "open"))
        expect(yield* conversations.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("numbers appended messages 1, 2, 3, counting them on the conversation, which they reopen", () =>
      Effect.gen(function* () {
        const conversations = yield* GrowthConversationRepository
        const messages = yield* GrowthMessageRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        yield* conversations.insert(conversation)

        const first = Option.getOrThrow(yield* messages.append(makeDraft(conversation)))
        expect(first.message.sequence).toBe(1)
        expect(first.conversation).toEqual({
          ...conversation,
          messageCount: 1,
          lastMessageAt: plus(T0, MINUTE),
          updatedAt: plus(T0, MINUTE)
        })

        const closedAt = plus(T0, 2 * MINUTE)
        const closed = yield* conversations.setStatus(tenant.id, conversation.id, "closed", closedAt)
        expect(closed).toEqual(Option.some({ ...first.conversation, status: "closed", updatedAt: closedAt }))

        const inbound = makeDraft(conversation, {
          direction: "inbound",
          authorId: null,
          emailMessageId: null,
          createdAt: plus(T0, 3 * MINUTE)
        })
        const second = Option.getOrThrow(yield* messages.append(inbound))
        expect(second.message).toEqual({ ...inbound, sequence: 2 })
        expect(second.conversation).toMatchObject({
          status: "open",
          messageCount: 2,
          lastMessageAt: inbound.createdAt,
          updatedAt: inbound.createdAt
        })
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(second.conversation))
        expect(yield* messages.listLatest(tenant.id, conversation.id, 10)).toEqual([first.message, second.message])
      })
    )

    it.effect("appends nothing to another tenant's or a missing conversation", () =>
      Effect.gen(function* () {
        const conversations = yield* GrowthConversationRepository
        const messages = yield* GrowthMessageRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        yield* conversations.insert(conversation)

        expect(yield* messages.append(makeDraft(conversation, { tenantId: other.id }))).toEqual(Option.none())
        expect(yield* messages.append(makeDraft(makeConversation(tenant.id)))).toEqual(Option.none())
        expect(yield* messages.append(makeDraft(conversation, { conversationId: "not-a-uuid" }))).toEqual(
          Option.none()
        )
        expect(yield* messages.listLatest(tenant.id, conversation.id, 10)).toEqual([])
        expect(yield* messages.listLatest(other.id, conversation.id, 10)).toEqual([])
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(conversation))
        expect(yield* conversations.setStatus(other.id, conversation.id, "closed", T0)).toEqual(Option.none())
        expect(yield* conversations.setStatus(tenant.id, "not-a-uuid", "closed", T0)).toEqual(Option.none())
      })
    )

    it.effect("reads a conversation's latest messages, oldest first", () =>
      Effect.gen(function* () {
        const conversations = yield* GrowthConversationRepository
        const messages = yield* GrowthMessageRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        const elsewhere = makeConversation(tenant.id)
        yield* conversations.insert(conversation)
        yield* conversations.insert(elsewhere)
        const appended = []
        for (let i = 0; i < 5; i++) {
          const draft = makeDraft(conversation, { content: `message ${i}`, createdAt: plus(T0, i * MINUTE) })
          appended.push(Option.getOrThrow(yield* messages.append(draft)).message)
          yield* messages.append(makeDraft(elsewhere))
        }
        expect((yield* messages.listLatest(tenant.id, conversation.id, 3)).map((m) => m.sequence)).toEqual([3, 4, 5])
        expect(yield* messages.listLatest(tenant.id, conversation.id, 100)).toEqual(appended)
      })
    )

    it.effect("gives appends at once distinct sequences, each counted", () =>
      Effect.gen(function* () {
        const conversations = yield* GrowthConversationRepository
        const messages = yield* GrowthMessageRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        yield* conversations.insert(conversation)
        const appended = yield* Effect.all(
          Array.from({ length: 8 }, () => withTransaction(messages.append(makeDraft(conversation)))),
          { concurrency: "unbounded" }
        )
        expect(appended.map((result) => Option.getOrThrow(result).message.sequence).sort((a, b) => a - b)).toEqual([
          1, 2, 3, 4, 5, 6, 7, 8
        ])
        const stored = Option.getOrThrow(yield* conversations.find(tenant.id, conversation.id))
        expect(stored.messageCount).toBe(8)
      })
    )

    it.effect("keeps nothing of a unit of work that fails: neither the conversation nor its message", () =>
      Effect.gen(function* () {
        const conversations = yield* GrowthConversationRepository
        const messages = yield* GrowthMessageRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        const failed = withTransaction(
          Effect.gen(function* () {
            yield* conversations.insert(conversation)
            yield* messages.append(makeDraft(conversation))
            return yield* Effect.fail("declined")
          })
        )
        expect(yield* Effect.flip(failed)).toBe("declined")
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.none())
        expect(yield* messages.listLatest(tenant.id, conversation.id, 10)).toEqual([])
        expect(yield* conversations.list(tenant.id, { limit: 10 })).toEqual([])
      })
    )
  }
}
