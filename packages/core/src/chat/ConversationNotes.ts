import { Context, Effect, Layer, type Option } from "effect"
import type { Page } from "../platform/Keyset.js"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"

/**
 * A private note on a conversation: the team's own words about it, never the visitor's to see.
 * Notes are kept apart from the messages (they take no place in the conversation's sequence, count
 * or last message), so that nothing a visitor or a webhook receiver reads can carry one.
 */
export interface ConversationNote {
  readonly id: string
  readonly tenantId: string
  readonly conversationId: string
  /** `agent` (a dashboard user) or `api` (a key). */
  readonly authorType: "agent" | "api"
  /** The agent's id; null for the API. */
  readonly authorId: string | null
  /** The agent's name and initials as their profile had them when they wrote. */
  readonly authorName: string | null
  readonly authorInitials: string | null
  readonly content: string
  readonly createdAt: Date
}

/** Notes a conversation may keep. */
export const MAX_NOTES_PER_CONVERSATION = 500

export class ConversationNoteRepository extends Context.Tag("@servicekit/core/ConversationNoteRepository")<
  ConversationNoteRepository,
  {
    readonly insert: (note: ConversationNote) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<ConversationNote>>
    /** The conversation's notes, newest first. */
    readonly list: (
      tenantId: string,
      conversationId: string,
      page: Page
    ) => Effect.Effect<ReadonlyArray<ConversationNote>>
    /** How many notes the conversation has, counting no further than `upTo`. */
    readonly count: (tenantId: string, conversationId: string, upTo: number) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<ConversationNoteRepository, never, MemoryDatabase> = Layer.effect(
    ConversationNoteRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<ConversationNote>(db, "chat_notes")
      const of = (conversationId: string) => (note: ConversationNote) => note.conversationId === conversationId
      return ConversationNoteRepository.of({
        insert: (note) => table.save(note),
        find: table.find,
        list: (tenantId, conversationId, page) => table.list(tenantId, page, of(conversationId)),
        count: (tenantId, conversationId, upTo) =>
          db.run(() =>
            Math.min(upTo, [...table.rows()].filter((note) => note.tenantId === tenantId && of(conversationId)(note)).length)
          )
      })
    })
  )
}
