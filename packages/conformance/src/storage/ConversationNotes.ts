import { ConversationNoteRepository, ConversationRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"
import { makeConversation } from "./chatFixtures.js"

export const conversationNotesSuite: StorageSuite<ConversationNoteRepository | ConversationRepository | TenantRepository> = {
  name: "chat conversation notes",
  tests: (it) => {
    it.effect("keeps each conversation's notes, newest first by page, counted up to a bound, apart from other tenants", () =>
      Effect.gen(function* () {
        const notes = yield* ConversationNoteRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        const beside = makeConversation(tenant.id)
        const theirs = makeConversation(other.id, { id: conversation.id })
        for (const each of [conversation, beside, theirs]) yield* conversations.insert(each)
        const note = (minute: number, overrides: Partial<Parameters<typeof notes.insert>[0]> = {}) => ({
          id: uuid(),
          tenantId: tenant.id,
          conversationId: conversation.id,
          authorType: "agent" as const,
          authorId: "agent-ada",
          authorName: "Ada <b>Lovelace</b>",
          authorInitials: "AL",
          content: `Note ${minute}: refund approved\nsee ticket 7`,
          createdAt: at(`2026-05-01T10:0${minute}:00.000Z`),
          ...overrides
        })
        const written = [note(1), note(2, { authorType: "api", authorId: null, authorName: null, authorInitials: null }), note(3)]
        for (const each of written) yield* notes.insert(each)
        // Two at the same moment: ordered by id, descending.
        const tied = [note(4), note(4)].sort((a, b) => (a.id < b.id ? 1 : -1))
        for (const each of tied) yield* notes.insert(each)
        yield* notes.insert(note(5, { conversationId: beside.id }))
        yield* notes.insert(note(6, { tenantId: other.id }))

        const newest = [...tied, written[2]!, written[1]!, written[0]!]
        expect(yield* notes.list(tenant.id, conversation.id, { limit: 10 })).toEqual(newest)
        const first = yield* notes.list(tenant.id, conversation.id, { limit: 2 })
        expect(first).toEqual(newest.slice(0, 2))
        expect(yield* notes.list(tenant.id, conversation.id, { limit: 10, after: first[1]! })).toEqual(newest.slice(2))
        expect(yield* notes.find(tenant.id, written[1]!.id)).toEqual(Option.some(written[1]))
        expect(yield* notes.find(other.id, written[1]!.id)).toEqual(Option.none())
        expect(yield* notes.count(tenant.id, conversation.id, 100)).toBe(5)
        expect(yield* notes.count(tenant.id, conversation.id, 3)).toBe(3)
        expect(yield* notes.count(other.id, conversation.id, 100)).toBe(1)
        expect(yield* notes.list("not-a-uuid", conversation.id, { limit: 10 })).toEqual([])
        expect(yield* notes.list(tenant.id, "not-a-uuid", { limit: 10 })).toEqual([])
        expect(yield* notes.count("not-a-uuid", conversation.id, 10)).toBe(0)
        expect(yield* notes.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
      })
    )
  }
}
