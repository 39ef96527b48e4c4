import type { Conversation } from "@servicekit/core/chat"
import {
  ChatFileRepository,
  ChatMessageRepository,
  ConversationNoteRepository,
  ConversationReadRepository,
  ConversationRepository,
  TenantData,
  type TenantRepository,
  VisitorRepository,
  VisitorSeenRepository,
  VisitorTokenRepository
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { makeConversation, makeDraft, makeUpsert } from "./chatFixtures.js"
import { at, insertTenant, uuid } from "./fixtures.js"

/** The tables of what hangs on a conversation, and its visitor's, as the tenant's data port counts them. */
const KINDS = [
  "conversations",
  "chat_messages",
  "chat_notes",
  "chat_files",
  "chat_conversation_reads",
  "chat_visitor_seen",
  "visitor_tokens",
  "visitors"
] as const

export const chatRetentionSuite: StorageSuite<
  | ConversationRepository
  | ChatMessageRepository
  | ConversationNoteRepository
  | ChatFileRepository
  | ConversationReadRepository
  | VisitorSeenRepository
  | VisitorTokenRepository
  | VisitorRepository
  | TenantData
  | TenantRepository
> = {
  name: "chat retention",
  tests: (it) => {
    it.effect("prunes conversations inactive since a time, oldest first, with all that hangs on them; their visitors stay", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const messages = yield* ChatMessageRepository
        const notes = yield* ConversationNoteRepository
        const files = yield* ChatFileRepository
        const reads = yield* ConversationReadRepository
        const seen = yield* VisitorSeenRepository
        const tokens = yield* VisitorTokenRepository
        const visitors = yield* VisitorRepository
        const data = yield* TenantData
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const visitor = yield* visitors.upsert(makeUpsert(tenant.id))
        const theirVisitor = yield* visitors.upsert(makeUpsert(other.id))

        /** A conversation made at `made` with two messages (the last at `last`), a note, a file, a read, a visit and a token. */
        const furnished = (tenantId: string, visitorId: string, made: string, last: string, id: string = uuid()) =>
          Effect.gen(function* () {
            const conversation = makeConversation(tenantId, { id, visitorId, createdAt: at(made), updatedAt: at(made) })
            yield* conversations.insert(conversation)
            yield* messages.append(makeDraft(conversation, { createdAt: at(made) }))
            yield* messages.append(makeDraft(conversation, { authorType: "agent", authorId: "ada", createdAt: at(last) }))
            yield* notes.insert({
              id: uuid(),
              tenantId,
              conversationId: id,
              authorType: "agent",
              authorId: "ada",
              authorName: "Ada",
              authorInitials: "A",
              content: "Call them back",
              createdAt: at(made)
            })
            yield* files.insert({
              id: uuid(),
              tenantId,
              conversationId: id,
              name: "receipt.pdf",
              contentType: "application/pdf",
              size: 10,
              authorType: "visitor",
              authorId: visitorId,
              createdAt: at(made)
            })
            yield* reads.markRead({ tenantId, conversationId: id, readerId: "ada", sequence: 2, readAt: at(last) })
            yield* seen.seen(tenantId, id, at(made))
            const digest = (uuid() + uuid()).replaceAll("-", "")
            yield* tokens.insert({ digest, tenantId, visitorId, conversationId: id, expiresAt: at(last), createdAt: at(made) })
            return { conversation, digest }
          })

        // Long before any other suite's rows: the prune of every tenant reads them all.
        const first = yield* furnished(tenant.id, visitor.id, "1995-01-01T00:00:00.000Z", "1995-01-02T00:00:00.000Z")
        // Made between the two old ones, but written in since `before`.
        const recent = yield* furnished(tenant.id, visitor.id, "1995-01-15T00:00:00.000Z", "1995-07-01T00:00:00.000Z")
        const second = yield* furnished(tenant.id, visitor.id, "1995-02-01T00:00:00.000Z", "1995-02-02T00:00:00.000Z")
        // Another tenant's, under the same id (ids are unique per tenant only).
        const theirs = yield* furnished(
          other.id,
          theirVisitor.id,
          "1995-01-01T00:00:00.000Z",
          "1995-01-02T00:00:00.000Z",
          first.conversation.id
        )
        const library = {
          id: uuid(),
          tenantId: tenant.id,
          conversationId: null,
          name: "prices.pdf",
          contentType: "application/pdf",
          size: 10,
          authorType: "api" as const,
          authorId: null,
          createdAt: at("1995-01-01T00:00:00.000Z")
        }
        yield* files.insert(library)

        const kept = (furnishing: { readonly conversation: Conversation; readonly digest: string }) =>
          Effect.gen(function* () {
            const { tenantId, id } = furnishing.conversation
            return {
              conversation: Option.isSome(yield* conversations.find(tenantId, id)),
              messages: (yield* messages.list(tenantId, id, { limit: 10 })).length,
              notes: yield* notes.count(tenantId, id, 10),
              files: yield* files.count(tenantId, id),
              read: yield* reads.furthest(tenantId, id),
              seen: Option.isSome(yield* seen.find(tenantId, id)),
              token: Option.isSome(yield* tokens.find(furnishing.digest))
            }
          })
        const whole = { conversation: true, messages: 2, notes: 1, files: 1, read: 2, seen: true, token: true }
        const none = { conversation: false, messages: 0, notes: 0, files: 0, read: 0, seen: false, token: false }
        const counts = (tenantId: string) => Effect.forEach(KINDS, (kind) => data.count(tenantId, kind))

        const before = at("1995-06-01T00:00:00.000Z")
        expect(yield* conversations.pruneInactive(before, 1, tenant.id)).toEqual([{ tenantId: tenant.id, id: first.conversation.id }])
        expect(yield* kept(first)).toEqual(none)
        expect(yield* kept(second)).toEqual(whole)
        expect(yield* conversations.pruneInactive(before, 5, tenant.id)).toEqual([{ tenantId: tenant.id, id: second.conversation.id }])
        expect(yield* conversations.pruneInactive(before, 5, tenant.id)).toEqual([])
        expect(yield* conversations.pruneInactive(before, 5, "not-a-uuid")).toEqual([])
        expect(yield* kept(second)).toEqual(none)
        expect(yield* kept(recent)).toEqual(whole)
        expect(yield* kept(theirs)).toEqual(whole)
        // The recent conversation's rows, the library file and the visitor are all that is left.
        expect(yield* counts(tenant.id)).toEqual([1, 2, 1, 2, 1, 1, 1, 1])
        expect(yield* files.find(tenant.id, library.id)).toEqual(Option.some(library))
        expect(Option.isSome(yield* visitors.find(tenant.id, visitor.id))).toBe(true)

        // Every tenant's: the other tenant's goes (with any a run before this one left), the recent one stays.
        const pruned = yield* conversations.pruneInactive(before, 1_000)
        expect(pruned).toContainEqual({ tenantId: other.id, id: theirs.conversation.id })
        expect(pruned.filter((each) => each.tenantId === tenant.id || each.tenantId === other.id)).toHaveLength(1)
        expect(yield* kept(theirs)).toEqual(none)
        expect(yield* kept(recent)).toEqual(whole)
        expect(yield* counts(other.id)).toEqual([0, 0, 0, 0, 0, 0, 0, 1])
      })
    )
  }
}
