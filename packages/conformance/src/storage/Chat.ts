import type { Conversation } from "@servicekit/core/chat"
import {
  ChatMessageRepository,
  ConversationRepository,
  type TenantRepository,
  type UnitOfWork,
  VisitorRepository,
  WidgetRepository,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { makeUpsert, makeConversation, makeDraft, makeWidget, conversationsNewestFirst } from "./chatFixtures.js"

export const conversationsSuite: StorageSuite<ConversationRepository | VisitorRepository | TenantRepository> = {
  name: "chat conversations",
  tests: (it) => {
    it.effect("stores a conversation whole and finds it only within its tenant", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const rated = makeConversation(tenant.id, {
          visitorId: uuid(),
          name: "Rückerstattung 💶 — 返金",
          status: "resolved",
          priority: "urgent",
          source: "widget",
          assigneeId: "agent|42",
          csat: { rating: 5, comment: "Quick and kind ✓", submittedAt: at("2026-05-01T10:00:00.000Z") },
          messageCount: 7,
          lastMessageAt: at("2026-05-01T09:30:00.123Z"),
          updatedAt: at("2026-05-01T10:00:00.000Z")
        })
        const bare = makeConversation(tenant.id, {
          name: null,
          csat: { rating: 1, comment: null, submittedAt: at("2026-05-01T10:00:00.000Z") }
        })
        const elsewhere = makeConversation(other.id, { id: rated.id })
        for (const conversation of [rated, bare, elsewhere]) yield* conversations.insert(conversation)

        expect(yield* conversations.find(tenant.id, rated.id)).toEqual(Option.some(rated))
        expect(yield* conversations.find(tenant.id, bare.id)).toEqual(Option.some(bare))
        expect(yield* conversations.find(other.id, rated.id)).toEqual(Option.some(elsewhere))
        expect(yield* conversations.find(other.id, bare.id)).toEqual(Option.none())
        expect(yield* conversations.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* conversations.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* conversations.find("not-a-uuid", rated.id)).toEqual(Option.none())
      })
    )

    it.effect("lists newest first (then by id) in keyset pages, of every status and source or of one", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-05-01T00:00:00.000Z")
        const statuses = ["open", "pending", "resolved", "closed", "open"] as const
        const sources = ["api", "widget", "api"]
        const stored = Array.from({ length: 15 }, (_, i) =>
          makeConversation(tenant.id, {
            status: statuses[i % statuses.length],
            source: sources[i % sources.length],
            assigneeId: [null, "agent-ada", "agent-bo"][i % 3]!,
            createdAt: plus(base, Math.floor(i / 3) * MINUTE)
          })
        )
        for (const conversation of stored) yield* conversations.insert(conversation)
        yield* conversations.insert(makeConversation(other.id, { createdAt: plus(base, 2 * MINUTE) }))
        const expected = [...stored].sort(conversationsNewestFirst)

        expect(yield* conversations.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 4, 15]) {
          expect(yield* allPages((after) => conversations.list(tenant.id, { limit, after }), limit)).toEqual(expected)
          for (const status of ["open", "closed"] as const) {
            expect(yield* allPages((after) => conversations.list(tenant.id, { limit, after, status }), limit)).toEqual(
              expected.filter((conversation) => conversation.status === status)
            )
          }
          expect(
            yield* allPages((after) => conversations.list(tenant.id, { limit, after, source: "widget" }), limit)
          ).toEqual(expected.filter((conversation) => conversation.source === "widget"))
          expect(
            yield* allPages(
              (after) => conversations.list(tenant.id, { limit, after, status: "open", source: "api" }),
              limit
            )
          ).toEqual(expected.filter((conversation) => conversation.status === "open" && conversation.source === "api"))
        }
        for (const assigneeId of [null, "agent-ada"]) {
          expect(yield* allPages((after) => conversations.list(tenant.id, { limit: 2, after, assigneeId }), 2)).toEqual(
            expected.filter((conversation) => conversation.assigneeId === assigneeId)
          )
        }
        expect(
          yield* conversations.list(tenant.id, { limit: 100, status: "pending", assigneeId: "agent-ada" })
        ).toEqual(
          expected.filter((conversation) => conversation.status === "pending" && conversation.assigneeId === "agent-ada")
        )
        expect(yield* conversations.list(tenant.id, { limit: 10, source: "email" })).toEqual([])
        expect(yield* conversations.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* conversations.list("not-a-uuid", { limit: 10, status: "open" })).toEqual([])
      })
    )

    it.effect("lists one visitor's conversations of every status, newest first in keyset pages, of that tenant only", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const visitorId = uuid()
        const base = at("2026-05-01T00:00:00.000Z")
        const statuses = ["open", "closed", "resolved", "pending", "closed"] as const
        const theirs = statuses.map((status, i) =>
          makeConversation(tenant.id, { visitorId, status, createdAt: plus(base, Math.floor(i / 2) * MINUTE) })
        )
        const stored = [
          ...theirs,
          makeConversation(tenant.id, { visitorId: uuid(), createdAt: plus(base, MINUTE) }),
          makeConversation(tenant.id, { visitorId: null, createdAt: plus(base, MINUTE) }),
          makeConversation(other.id, { visitorId, createdAt: plus(base, MINUTE) })
        ]
        for (const row of stored) yield* conversations.insert(row)
        const expected = [...theirs].sort(conversationsNewestFirst)

        for (const limit of [1, 2, 5]) {
          expect(yield* allPages((after) => conversations.list(tenant.id, { limit, after, visitorId }), limit)).toEqual(
            expected
          )
        }
        expect(yield* conversations.list(tenant.id, { limit: 10, visitorId, status: "closed" })).toEqual(
          expected.filter((conversation) => conversation.status === "closed")
        )
        expect(yield* conversations.list(tenant.id, { limit: 10, visitorId: uuid() })).toEqual([])
        expect(yield* conversations.list(tenant.id, { limit: 10, visitorId: "not-a-uuid" })).toEqual([])
      })
    )

    it.effect("finds the visitor's newest open or pending conversation, of that visitor and tenant only", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const visitorId = uuid()
        const base = at("2026-05-01T00:00:00.000Z")
        const conversation = (minutes: number, overrides: Partial<Conversation>) =>
          makeConversation(tenant.id, { visitorId, createdAt: plus(base, minutes * MINUTE), ...overrides })
        const olderOpen = conversation(0, { status: "open" })
        const pending = conversation(1, { status: "pending" })
        const stored = [
          olderOpen,
          pending,
          conversation(2, { status: "resolved" }),
          conversation(3, { status: "closed" }),
          // Another visitor's, and another tenant's for the same visitor id, both newer.
          makeConversation(tenant.id, { visitorId: uuid(), createdAt: plus(base, 4 * MINUTE) }),
          makeConversation(tenant.id, { createdAt: plus(base, 4 * MINUTE) }),
          makeConversation(other.id, { visitorId, createdAt: plus(base, 5 * MINUTE) })
        ]
        for (const row of stored) yield* conversations.insert(row)

        expect(yield* conversations.findOpen(tenant.id, visitorId)).toEqual(Option.some(pending))
        yield* conversations.update({ ...pending, status: "closed" })
        expect(yield* conversations.findOpen(tenant.id, visitorId)).toEqual(Option.some(olderOpen))
        // Ties on createdAt: the greater id, as lists order them.
        const tied = [conversation(0, {}), conversation(0, {})]
        for (const row of tied) yield* conversations.insert(row)
        const [newest] = [olderOpen, ...tied].sort(conversationsNewestFirst)
        expect(yield* conversations.findOpen(tenant.id, visitorId)).toEqual(Option.some(newest))

        const closedOnly = uuid()
        yield* conversations.insert(makeConversation(tenant.id, { visitorId: closedOnly, status: "closed" }))
        expect(yield* conversations.findOpen(tenant.id, closedOnly)).toEqual(Option.none())
        expect(yield* conversations.findOpen(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* conversations.findOpen(uuid(), visitorId)).toEqual(Option.none())
        expect(yield* conversations.findOpen(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* conversations.findOpen("not-a-uuid", visitorId)).toEqual(Option.none())
      })
    )

    it.effect("updates only status, assignee, labels, rating and updatedAt; None for a conversation it cannot find", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const stored = makeConversation(tenant.id, {
          visitorId: uuid(),
          messageCount: 3,
          lastMessageAt: at("2026-05-01T09:05:00.000Z"),
          lastMessage: { authorType: "agent", preview: "On its way" }
        })
        const elsewhere = makeConversation(other.id, { id: stored.id })
        yield* conversations.insert(stored)
        yield* conversations.insert(elsewhere)

        // A change built from a stale, otherwise different copy changes nothing else.
        const csat = { rating: 4, comment: null, submittedAt: at("2026-05-01T11:00:00.000Z") }
        const change = {
          ...stored,
          name: "Renamed",
          priority: "low" as const,
          source: "widget",
          visitorId: uuid(),
          messageCount: 0,
          lastMessageAt: null,
          lastMessage: null,
          createdAt: at("2020-01-01T00:00:00.000Z"),
          status: "resolved" as const,
          assigneeId: "agent-7",
          labels: ["billing", "vip <b>"],
          csat,
          updatedAt: at("2026-05-01T11:00:00.000Z")
        }
        const expected: Conversation = {
          ...stored,
          status: "resolved",
          assigneeId: "agent-7",
          labels: ["billing", "vip <b>"],
          csat,
          updatedAt: at("2026-05-01T11:00:00.000Z")
        }
        expect(yield* conversations.update(change)).toEqual(Option.some(expected))
        expect(yield* conversations.find(tenant.id, stored.id)).toEqual(Option.some(expected))

        // And back: no assignee, labels or rating.
        const reopened = { ...expected, status: "open" as const, assigneeId: null, labels: [], csat: null }
        expect(yield* conversations.update(reopened)).toEqual(Option.some(reopened))
        expect(yield* conversations.find(tenant.id, stored.id)).toEqual(Option.some(reopened))

        expect(yield* conversations.update({ ...change, id: uuid() })).toEqual(Option.none())
        expect(yield* conversations.update({ ...change, tenantId: uuid() })).toEqual(Option.none())
        expect(yield* conversations.update({ ...change, id: "not-a-uuid" })).toEqual(Option.none())
        expect(yield* conversations.find(other.id, stored.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("lists the conversations with a label, newest first, with the other filters, of that tenant only", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const made = (minute: number, labels: ReadonlyArray<string>, overrides: Partial<Conversation> = {}) =>
          makeConversation(tenant.id, { labels, createdAt: plus(at("2026-05-01T09:00:00.000Z"), minute * MINUTE), ...overrides })
        const refund = made(1, ["refund"])
        const both = made(2, ["vip", "refund"])
        const vip = made(3, ["vip"])
        const resolved = made(4, ["refund"], { status: "resolved" })
        const none = made(5, [])
        for (const each of [refund, both, vip, resolved, none]) yield* conversations.insert(each)
        yield* conversations.insert(makeConversation(other.id, { labels: ["refund"] }))

        expect(yield* conversations.list(tenant.id, { limit: 10, label: "refund" })).toEqual([resolved, both, refund])
        expect(yield* conversations.list(tenant.id, { limit: 10, label: "refund", status: "open" })).toEqual([both, refund])
        expect(yield* conversations.list(tenant.id, { limit: 1, label: "refund", after: resolved })).toEqual([both])
        expect(yield* conversations.list(tenant.id, { limit: 10, label: "vip" })).toEqual([vip, both])
        expect(yield* conversations.list(tenant.id, { limit: 10, label: "ref" })).toEqual([])
        expect(yield* conversations.list(tenant.id, { limit: 10 })).toHaveLength(5)
      })
    )

    it.effect("reads every conversation with its visitor's names as the visitor's record has them now", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const visitor = yield* visitors.upsert(makeUpsert(tenant.id, { externalId: "customer-1042", email: "grace@example.com" }))
        // Another tenant's visitor of the same id is never joined.
        yield* visitors.upsert(makeUpsert(other.id, { id: visitor.id, externalId: "customer-1042", displayName: "Not Grace" }))
        const conversation = makeConversation(tenant.id, {
          visitorId: visitor.id,
          visitor: { id: visitor.id, externalId: "customer-1042", displayName: null, email: "grace@example.com" }
        })
        yield* conversations.insert(conversation)
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(conversation))

        yield* visitors.upsert(makeUpsert(tenant.id, { externalId: "customer-1042", displayName: "Grace Hopper", email: "grace@navy.example" }))
        const named = {
          ...conversation,
          visitor: { id: visitor.id, externalId: "customer-1042", displayName: "Grace Hopper", email: "grace@navy.example" }
        }
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.some(named))
        expect(yield* conversations.list(tenant.id, { limit: 5 })).toEqual([named])
        expect(yield* conversations.findOpen(tenant.id, visitor.id)).toEqual(Option.some(named))
        const assigned = { ...named, assigneeId: "agent-7", updatedAt: at("2026-05-01T10:00:00.000Z") }
        expect(yield* conversations.update(assigned)).toEqual(Option.some(assigned))
      })
    )
  }
}

export const chatRollbackSuite: StorageSuite<
  VisitorRepository | WidgetRepository | ConversationRepository | ChatMessageRepository | TenantRepository | UnitOfWork
> = {
  name: "chat units of work",
  tests: (it) => {
    it.effect("rolls back a failed unit's visitor, widget, conversation and message together", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const widgets = yield* WidgetRepository
        const conversations = yield* ConversationRepository
        const messages = yield* ChatMessageRepository
        const tenant = yield* insertTenant()
        const existing = yield* visitors.upsert(makeUpsert(tenant.id, { displayName: "Ada" }))
        const widget = makeWidget(tenant.id)
        const fresh = makeUpsert(tenant.id)
        const conversation = makeConversation(tenant.id, { visitorId: fresh.id })
        const draft = makeDraft(conversation)

        const write = Effect.gen(function* () {
          yield* visitors.upsert(fresh)
          yield* visitors.upsert(
            makeUpsert(tenant.id, { externalId: existing.externalId, displayName: "Changed", at: plus(fresh.at, 1) })
          )
          yield* widgets.ensure(widget)
          yield* conversations.insert(conversation)
          yield* messages.append(draft)
          yield* conversations.update({ ...conversation, status: "closed" })
        })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")

        expect(yield* visitors.findByExternalId(tenant.id, fresh.externalId)).toEqual(Option.none())
        expect(yield* visitors.find(tenant.id, existing.id)).toEqual(Option.some(existing))
        expect(yield* widgets.findBySiteKey(widget.siteKey)).toEqual(Option.none())
        expect(yield* conversations.find(tenant.id, conversation.id)).toEqual(Option.none())
        expect(yield* messages.find(tenant.id, draft.id)).toEqual(Option.none())

        // The same writes commit together.
        yield* withTransaction(write)
        expect(yield* widgets.findBySiteKey(widget.siteKey)).toEqual(Option.some(widget))
        expect(Option.map(yield* conversations.find(tenant.id, conversation.id), (found) => found.status)).toEqual(
          Option.some("closed")
        )
        expect(Option.map(yield* messages.find(tenant.id, draft.id), (found) => found.sequence)).toEqual(Option.some(1))
      })
    )
  }
}
