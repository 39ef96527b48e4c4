import { ConversationReadRepository, ConversationRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"
import { makeConversation } from "./chatFixtures.js"

export const conversationReadsSuite: StorageSuite<ConversationReadRepository | ConversationRepository | TenantRepository> = {
  name: "chat conversation reads",
  tests: (it) => {
    it.effect("moves each agent's mark on a conversation forward only, apart from other agents, conversations and tenants", () =>
      Effect.gen(function* () {
        const reads = yield* ConversationReadRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const first = makeConversation(tenant.id, { messageCount: 9 })
        const second = makeConversation(tenant.id, { messageCount: 4 })
        const elsewhere = makeConversation(other.id, { id: first.id, messageCount: 9 })
        for (const conversation of [first, second, elsewhere]) yield* conversations.insert(conversation)
        const mark = (conversationId: string, readerId: string, sequence: number, tenantId = tenant.id) =>
          reads.markRead({ tenantId, conversationId, readerId, sequence, readAt: at("2026-05-01T10:00:00.000Z") })

        expect(yield* reads.marks(tenant.id, "ada@example.com", [first.id, second.id])).toEqual(new Map())
        expect(yield* mark(first.id, "ada@example.com", 5)).toBe(5)
        expect(yield* mark(first.id, "ada@example.com", 3)).toBe(5)
        expect(yield* mark(first.id, "ada@example.com", 7)).toBe(7)
        expect(yield* mark(first.id, "grace|2", 2)).toBe(2)
        expect(yield* mark(second.id, "ada@example.com", 4)).toBe(4)
        expect(yield* mark(first.id, "ada@example.com", 9, other.id)).toBe(9)

        expect(yield* reads.marks(tenant.id, "ada@example.com", [first.id, second.id, uuid(), "not-a-uuid"])).toEqual(
          new Map([
            [first.id, 7],
            [second.id, 4]
          ])
        )
        expect(yield* reads.marks(tenant.id, "grace|2", [first.id, second.id])).toEqual(new Map([[first.id, 2]]))
        expect(yield* reads.marks(other.id, "ada@example.com", [first.id, second.id])).toEqual(new Map([[first.id, 9]]))
        expect(yield* reads.marks("not-a-uuid", "ada@example.com", [first.id])).toEqual(new Map())
        expect(yield* reads.marks(tenant.id, "ada@example.com", [])).toEqual(new Map())
        // How far anyone has read: the greatest mark of the conversation, in its tenant only.
        expect(yield* reads.furthest(tenant.id, first.id)).toBe(7)
        expect(yield* reads.furthest(tenant.id, second.id)).toBe(4)
        expect(yield* reads.furthest(other.id, first.id)).toBe(9)
        expect(yield* reads.furthest(tenant.id, uuid())).toBe(0)
        expect(yield* reads.furthest("not-a-uuid", first.id)).toBe(0)
      })
    )

    it.effect("takes concurrent marks of one agent, keeping the greatest", () =>
      Effect.gen(function* () {
        const reads = yield* ConversationReadRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const conversation = makeConversation(tenant.id, { messageCount: 20 })
        yield* conversations.insert(conversation)
        yield* Effect.forEach(
          [4, 17, 9, 12, 1],
          (sequence) =>
            reads.markRead({
              tenantId: tenant.id,
              conversationId: conversation.id,
              readerId: "ada@example.com",
              sequence,
              readAt: at("2026-05-01T10:00:00.000Z")
            }),
          { concurrency: "unbounded" }
        )
        expect(yield* reads.marks(tenant.id, "ada@example.com", [conversation.id])).toEqual(new Map([[conversation.id, 17]]))
      })
    )
  }
}
