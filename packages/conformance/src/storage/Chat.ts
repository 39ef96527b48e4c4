import {
  type ChatMessage,
  ChatMessageRepository,
  type Conversation,
  ConversationRepository,
  type MessageDraft,
  type TenantRepository,
  type UnitOfWork,
  type Visitor,
  VisitorRepository,
  type VisitorToken,
  VisitorTokenRepository,
  type VisitorUpsert,
  type Widget,
  WidgetRepository,
  withTransaction
} from "@servicekit/core"
import { Deferred, Effect, Fiber, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, insertTenant, MINUTE, newestFirst, plus, uuid } from "./fixtures.js"

const makeUpsert = (tenantId: string, overrides: Partial<VisitorUpsert> = {}): VisitorUpsert => ({
  id: uuid(),
  tenantId,
  externalId: `user-${uuid()}`,
  displayName: null,
  email: null,
  attributes: null,
  at: at("2026-05-01T09:00:00.000Z"),
  ...overrides
})

const makeConversation = (tenantId: string, overrides: Partial<Conversation> = {}): Conversation => ({
  id: uuid(),
  tenantId,
  visitorId: null,
  name: "Where is my order?",
  status: "open",
  priority: "normal",
  source: "api",
  assigneeId: null,
  csat: null,
  messageCount: 0,
  lastMessageAt: null,
  createdAt: at("2026-05-01T09:00:00.000Z"),
  updatedAt: at("2026-05-01T09:00:00.000Z"),
  ...overrides
})

const makeDraft = (conversation: Conversation, overrides: Partial<MessageDraft> = {}): MessageDraft => ({
  id: uuid(),
  tenantId: conversation.tenantId,
  conversationId: conversation.id,
  authorType: "visitor",
  authorId: conversation.visitorId,
  content: "Hello, my parcel has not arrived.",
  createdAt: at("2026-05-01T09:01:00.000Z"),
  ...overrides
})

const siteKey = () => `svw_${uuid().replaceAll("-", "").slice(0, 24)}`

/** Attribute values at the edges of what JSON carries, and text in many scripts, nested. */
const richAttributes = {
  plan: "pro",
  seats: 42,
  ratio: 0.1 + 0.2,
  big: Number.MAX_SAFE_INTEGER,
  tiny: 1e-7,
  flags: [true, false, null],
  "clé ✓ 東京": "naïve café — 東京 — مرحبا — 👩‍💻🎉",
  escaped: 'she said "hi" \\ \n\ttab \u2028 </script> \u0001',
  nested: { deep: { deeper: [1, [2, { three: 3, "": "empty key" }]] }, empty: {}, none: [] }
}

const conversationsNewestFirst = newestFirst<Conversation>((conversation) => conversation.createdAt)
const visitorsNewestFirst = newestFirst<Visitor>((visitor) => visitor.createdAt)

export const visitorsSuite: StorageSuite<VisitorRepository | TenantRepository> = {
  name: "chat visitors",
  tests: (it) => {
    it.effect("creates a visitor on the first upsert and finds it only within its tenant", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const input = makeUpsert(tenant.id)
        const created = yield* visitors.upsert(input)
        // Nothing given: null fields and no attributes.
        const expected: Visitor = {
          id: input.id,
          tenantId: tenant.id,
          externalId: input.externalId,
          displayName: null,
          email: null,
          attributes: {},
          createdAt: input.at,
          updatedAt: input.at
        }
        expect(created).toEqual(expected)

        expect(yield* visitors.find(tenant.id, input.id)).toEqual(Option.some(expected))
        expect(yield* visitors.findByExternalId(tenant.id, input.externalId)).toEqual(Option.some(expected))
        expect(yield* visitors.find(other.id, input.id)).toEqual(Option.none())
        expect(yield* visitors.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* visitors.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* visitors.find("not-a-uuid", input.id)).toEqual(Option.none())
        expect(yield* visitors.findByExternalId(other.id, input.externalId)).toEqual(Option.none())
        expect(yield* visitors.findByExternalId(tenant.id, `${input.externalId}-2`)).toEqual(Option.none())
        expect(yield* visitors.findByExternalId("not-a-uuid", input.externalId)).toEqual(Option.none())
        expect(yield* visitors.list(other.id, { limit: 10 })).toEqual([])
      })
    )

    it.effect("updates the visitor on later upserts: null keeps a field, a value replaces it", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const first = makeUpsert(tenant.id, {
          externalId: "user-42 ✓",
          displayName: "Ada",
          email: "ada@example.com",
          attributes: richAttributes
        })
        const created = yield* visitors.upsert(first)
        expect(created.attributes).toEqual(richAttributes)

        // A new id and nothing else: the stored visitor, its id and createdAt kept.
        const later = plus(first.at, MINUTE)
        const kept = yield* visitors.upsert(makeUpsert(tenant.id, { externalId: first.externalId, at: later }))
        expect(kept).toEqual({ ...created, updatedAt: later })

        // Attributes are replaced whole, never merged.
        const latest = plus(first.at, 2 * MINUTE)
        const changed = yield* visitors.upsert(
          makeUpsert(tenant.id, {
            externalId: first.externalId,
            displayName: "Ada Lovelace",
            attributes: { tier: 2 },
            at: latest
          })
        )
        const expected: Visitor = {
          ...created,
          displayName: "Ada Lovelace",
          attributes: { tier: 2 },
          updatedAt: latest
        }
        expect(changed).toEqual(expected)
        expect(yield* visitors.find(tenant.id, first.id)).toEqual(Option.some(expected))
        expect(yield* visitors.list(tenant.id, { limit: 10 })).toEqual([expected])
      })
    )

    it.effect("never merges visitors of other tenants or other externalIds", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const ada = yield* visitors.upsert(makeUpsert(tenant.id, { externalId: "user-1", displayName: "Ada" }))
        // Same externalId in another tenant, same id even: another visitor.
        const elsewhere = yield* visitors.upsert(
          makeUpsert(other.id, { id: ada.id, externalId: "user-1", displayName: "Grace" })
        )
        // An externalId differing only in case is another externalId.
        const upper = yield* visitors.upsert(makeUpsert(tenant.id, { externalId: "USER-1", displayName: "Alan" }))

        expect(elsewhere.displayName).toBe("Grace")
        expect(upper.id).not.toBe(ada.id)
        expect(yield* visitors.find(tenant.id, ada.id)).toEqual(Option.some(ada))
        expect(yield* visitors.find(other.id, ada.id)).toEqual(Option.some(elsewhere))
        expect(yield* visitors.findByExternalId(tenant.id, "USER-1")).toEqual(Option.some(upper))
        expect(yield* visitors.list(other.id, { limit: 10 })).toEqual([elsewhere])
        expect(yield* visitors.list(tenant.id, { limit: 10 })).toEqual([ada, upper].sort(visitorsNewestFirst))
      })
    )

    it.effect("ends two first upserts of one externalId at once with one visitor", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const externalId = `user-${uuid()}`
        const results = yield* Effect.all(
          Array.from({ length: 5 }, (_, i) =>
            visitors.upsert(makeUpsert(tenant.id, { externalId, displayName: `Try ${i}` }))
          ),
          { concurrency: "unbounded" }
        )
        expect(new Set(results.map((visitor) => visitor.id)).size).toBe(1)
        const stored = yield* visitors.list(tenant.id, { limit: 10 })
        expect(stored).toHaveLength(1)
        expect(stored[0].id).toBe(results[0].id)
      })
    )

    it.effect("lists a tenant's visitors newest first (then by id), in keyset pages", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-05-01T00:00:00.000Z")
        const stored: Array<Visitor> = []
        // Three share a creation time, so the id decides their order.
        for (const minutes of [0, 1, 1, 1, 2, 3, 5]) {
          stored.push(yield* visitors.upsert(makeUpsert(tenant.id, { at: plus(base, minutes * MINUTE) })))
        }
        yield* visitors.upsert(makeUpsert(other.id, { at: plus(base, 4 * MINUTE) }))
        // An update keeps the visitor's place.
        const updatedAt = plus(base, 9 * MINUTE)
        stored[0] = yield* visitors.upsert(
          makeUpsert(tenant.id, { externalId: stored[0].externalId, email: "a@example.com", at: updatedAt })
        )
        const expected = [...stored].sort(visitorsNewestFirst)

        expect(yield* visitors.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 3, 7]) {
          expect(yield* allPages((after) => visitors.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* visitors.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        expect(yield* visitors.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* visitors.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )
  }
}

export const widgetsSuite: StorageSuite<WidgetRepository | TenantRepository> = {
  name: "chat widgets",
  tests: (it) => {
    it.effect("stores the tenant's first widget and answers it ever after; finds it by site key", () =>
      Effect.gen(function* () {
        const widgets = yield* WidgetRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const first: Widget = { tenantId: tenant.id, siteKey: siteKey(), createdAt: at("2026-05-01T09:00:00.000Z") }
        const second: Widget = { ...first, siteKey: siteKey(), createdAt: at("2026-05-02T09:00:00.000Z") }
        expect(yield* widgets.ensure(first)).toEqual(first)
        expect(yield* widgets.ensure(second)).toEqual(first)
        expect(yield* widgets.findBySiteKey(first.siteKey)).toEqual(Option.some(first))
        expect(yield* widgets.findBySiteKey(second.siteKey)).toEqual(Option.none())

        const elsewhere: Widget = { tenantId: other.id, siteKey: siteKey(), createdAt: first.createdAt }
        expect(yield* widgets.ensure(elsewhere)).toEqual(elsewhere)
        expect(yield* widgets.findBySiteKey(elsewhere.siteKey)).toEqual(Option.some(elsewhere))
        expect(yield* widgets.findBySiteKey(first.siteKey)).toEqual(Option.some(first))
        expect(yield* widgets.findBySiteKey(first.siteKey.toUpperCase())).toEqual(Option.none())
        expect(yield* widgets.findBySiteKey("")).toEqual(Option.none())
      })
    )

    it.effect("ends concurrent first widgets of one tenant with one widget, answered to each", () =>
      Effect.gen(function* () {
        const widgets = yield* WidgetRepository
        const tenant = yield* insertTenant()
        const candidates = Array.from(
          { length: 5 },
          (): Widget => ({ tenantId: tenant.id, siteKey: siteKey(), createdAt: at("2026-05-01T09:00:00.000Z") })
        )
        const results = yield* Effect.all(
          candidates.map((widget) => widgets.ensure(widget)),
          { concurrency: "unbounded" }
        )
        const winner = results[0]
        expect(candidates).toContainEqual(winner)
        for (const result of results) expect(result).toEqual(winner)
        for (const candidate of candidates) {
          expect(yield* widgets.findBySiteKey(candidate.siteKey)).toEqual(
            candidate.siteKey === winner.siteKey ? Option.some(winner) : Option.none()
          )
        }
      })
    )
  }
}

export const conversationsSuite: StorageSuite<ConversationRepository | TenantRepository> = {
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

    it.effect("updates only status, assignee, rating and updatedAt; None for a conversation it cannot find", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const stored = makeConversation(tenant.id, {
          visitorId: uuid(),
          messageCount: 3,
          lastMessageAt: at("2026-05-01T09:05:00.000Z")
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
          createdAt: at("2020-01-01T00:00:00.000Z"),
          status: "resolved" as const,
          assigneeId: "agent-7",
          csat,
          updatedAt: at("2026-05-01T11:00:00.000Z")
        }
        const expected: Conversation = {
          ...stored,
          status: "resolved",
          assigneeId: "agent-7",
          csat,
          updatedAt: at("2026-05-01T11:00:00.000Z")
        }
        expect(yield* conversations.update(change)).toEqual(Option.some(expected))
        expect(yield* conversations.find(tenant.id, stored.id)).toEqual(Option.some(expected))

        // And back: no assignee, no rating.
        const reopened = { ...expected, status: "open" as const, assigneeId: null, csat: null }
        expect(yield* conversations.update(reopened)).toEqual(Option.some(reopened))
        expect(yield* conversations.find(tenant.id, stored.id)).toEqual(Option.some(reopened))

        expect(yield* conversations.update({ ...change, id: uuid() })).toEqual(Option.none())
        expect(yield* conversations.update({ ...change, tenantId: uuid() })).toEqual(Option.none())
        expect(yield* conversations.update({ ...change, id: "not-a-uuid" })).toEqual(Option.none())
        expect(yield* conversations.find(other.id, stored.id)).toEqual(Option.some(elsewhere))
      })
    )
  }
}

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

export const visitorTokensSuite: StorageSuite<VisitorTokenRepository | TenantRepository | UnitOfWork> = {
  name: "chat visitor tokens",
  tests: (it) => {
    it.effect("stores a token under its digest and finds it by the digest alone", () =>
      Effect.gen(function* () {
        const tokens = yield* VisitorTokenRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const token: VisitorToken = {
          digest: (uuid() + uuid()).replaceAll("-", ""),
          tenantId: tenant.id,
          visitorId: uuid(),
          conversationId: uuid(),
          expiresAt: at("2026-05-02T09:00:00.000Z"),
          createdAt: at("2026-05-01T09:00:00.000Z")
        }
        const another: VisitorToken = { ...token, digest: (uuid() + uuid()).replaceAll("-", ""), tenantId: other.id }
        yield* tokens.insert(token)
        yield* tokens.insert(another)
        expect(yield* tokens.find(token.digest)).toEqual(Option.some(token))
        expect(yield* tokens.find(another.digest)).toEqual(Option.some(another))
        expect(yield* tokens.find(token.digest.toUpperCase())).toEqual(Option.none())
        expect(yield* tokens.find(token.digest.slice(1))).toEqual(Option.none())
        expect(yield* tokens.find("")).toEqual(Option.none())
      })
    )

    it.effect("keeps no token of a unit of work that rolled back", () =>
      Effect.gen(function* () {
        const tokens = yield* VisitorTokenRepository
        const tenant = yield* insertTenant()
        const token: VisitorToken = {
          digest: (uuid() + uuid()).replaceAll("-", ""),
          tenantId: tenant.id,
          visitorId: uuid(),
          conversationId: uuid(),
          expiresAt: at("2026-05-02T09:00:00.000Z"),
          createdAt: at("2026-05-01T09:00:00.000Z")
        }
        yield* Effect.exit(withTransaction(Effect.zipRight(tokens.insert(token), Effect.fail("declined"))))
        expect(yield* tokens.find(token.digest)).toEqual(Option.none())
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
        const widget: Widget = { tenantId: tenant.id, siteKey: siteKey(), createdAt: at("2026-05-01T09:00:00.000Z") }
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
