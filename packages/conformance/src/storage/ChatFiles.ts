import type { ChatFile } from "@servicekit/core/chat"
import { ChatFileRepository, ConversationRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"
import { makeConversation } from "./chatFixtures.js"

export const chatFilesSuite: StorageSuite<ChatFileRepository | ConversationRepository | TenantRepository> = {
  name: "chat files",
  tests: (it) => {
    it.effect("keeps files by conversation and library, counted apart, found and removed within their tenant", () =>
      Effect.gen(function* () {
        const files = yield* ChatFileRepository
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const conversation = makeConversation(tenant.id)
        const beside = makeConversation(tenant.id)
        const theirs = makeConversation(other.id, { id: conversation.id })
        for (const each of [conversation, beside, theirs]) yield* conversations.insert(each)
        const file = (overrides: Partial<ChatFile> = {}): ChatFile => ({
          id: uuid(),
          tenantId: tenant.id,
          conversationId: conversation.id,
          name: "reçu <b>mai</b> 東京.pdf",
          contentType: "application/pdf",
          size: 25 * 1024 * 1024,
          authorType: "visitor",
          authorId: conversation.visitorId,
          createdAt: at("2026-05-01T10:00:00.000Z"),
          ...overrides
        })
        const written = [
          file(),
          file({ authorType: "agent", authorId: "agent-ada", contentType: "image/png", size: 0 }),
          file({ conversationId: beside.id }),
          file({ conversationId: null, authorType: "api", authorId: null }),
          file({ tenantId: other.id })
        ]
        for (const each of written) yield* files.insert(each)

        expect(yield* files.find(tenant.id, written[1]!.id)).toEqual(Option.some(written[1]))
        expect(yield* files.find(tenant.id, written[3]!.id)).toEqual(Option.some(written[3]))
        expect(yield* files.find(other.id, written[0]!.id)).toEqual(Option.none())
        expect(yield* files.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* files.count(tenant.id, conversation.id)).toBe(2)
        expect(yield* files.count(tenant.id, beside.id)).toBe(1)
        expect(yield* files.count(tenant.id, null)).toBe(1)
        expect(yield* files.count(other.id, conversation.id)).toBe(1)
        expect(yield* files.count(other.id, null)).toBe(0)

        expect(yield* files.remove(other.id, written[0]!.id)).toBe(false)
        expect(yield* files.remove(tenant.id, written[0]!.id)).toBe(true)
        expect(yield* files.remove(tenant.id, written[0]!.id)).toBe(false)
        expect(yield* files.count(tenant.id, conversation.id)).toBe(1)
        expect(yield* files.find(other.id, written[4]!.id)).toEqual(Option.some(written[4]))
      })
    )
  }
}
