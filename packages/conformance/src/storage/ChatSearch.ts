import { ChatMessageRepository, ConversationRepository, type TenantRepository, VisitorRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant } from "./fixtures.js"
import { makeConversation, makeDraft, makeUpsert } from "./chatFixtures.js"

export const chatSearchSuite: StorageSuite<ChatMessageRepository | ConversationRepository | VisitorRepository | TenantRepository> = {
  name: "chat search",
  tests: (it) => {
    it.effect("finds conversations by their names and visitor, or by words beginning in one of their messages, with the list's filters", () =>
      Effect.gen(function* () {
        const messages = yield* ChatMessageRepository
        const conversations = yield* ConversationRepository
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const grace = yield* visitors.upsert(
          makeUpsert(tenant.id, { externalId: "crm-4711", displayName: "Grace Hopper", email: "grace@navy.example" })
        )
        const minute = (n: number) => at(`2026-05-01T09:0${n}:00.000Z`)
        const refund = makeConversation(tenant.id, { name: "Order 17", createdAt: minute(1) })
        const hopper = makeConversation(tenant.id, {
          name: null,
          visitorId: grace.id,
          visitor: { id: grace.id, externalId: grace.externalId, displayName: grace.displayName, email: grace.email },
          createdAt: minute(2)
        })
        const split = makeConversation(tenant.id, { name: "Kettle", status: "resolved", createdAt: minute(3) })
        const theirs = makeConversation(other.id, { name: "Order 17", createdAt: minute(4) })
        for (const each of [refund, hopper, split, theirs]) yield* conversations.insert(each)
        const say = (conversation: typeof refund, content: string) => messages.append(makeDraft(conversation, { content }))
        yield* say(refund, "I would like a REFUND for my crème brûlée set, please.")
        yield* say(hopper, "Where is my parcel?")
        yield* say(split, "The kettle leaks.")
        yield* say(split, "A refund would do.")
        yield* say(theirs, "Refund me too")

        const found = (terms: ReadonlyArray<string>, filters: Partial<Parameters<typeof messages.search>[1]> = {}) =>
          Effect.map(messages.search(tenant.id, { limit: 10, ...filters }, terms), (rows) => rows.map((row) => row.id))

        // Words beginning in a message, any case; newest first.
        expect(yield* found(["refu"])).toEqual([split.id, refund.id])
        expect(yield* found(["crème", "brû"])).toEqual([refund.id])
        // Every word in one message, or every word in the names: split across two, not found.
        expect(yield* found(["refund", "do"])).toEqual([split.id])
        expect(yield* found(["leaks", "refund"])).toEqual([])
        expect(yield* found(["kettle", "refund"])).toEqual([])
        // The title and the visitor's names, email and id, by containment.
        expect(yield* found(["hopper"])).toEqual([hopper.id])
        expect(yield* found(["navy", "example"])).toEqual([hopper.id])
        expect(yield* found(["4711"])).toEqual([hopper.id])
        expect(yield* found(["order", "17"])).toEqual([refund.id])
        // With the list's filters and pages; other tenants' never.
        expect(yield* found(["refund"], { status: "open" })).toEqual([refund.id])
        expect(yield* found(["refund"], { limit: 1 })).toEqual([split.id])
        expect(yield* found(["refund"], { limit: 10, after: split })).toEqual([refund.id])
        expect(yield* found(["nothing"])).toEqual([])
        expect((yield* messages.search(other.id, { limit: 10 }, ["refund"])).map((row) => row.id)).toEqual([theirs.id])
      })
    )
  }
}
