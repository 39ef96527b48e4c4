import { Context, Effect, Layer } from "effect"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"

/** How far one agent has read one conversation. */
export interface ConversationRead {
  readonly tenantId: string
  readonly conversationId: string
  /** The agent: the dashboard token's subject. */
  readonly readerId: string
  /** The `sequence` of the last message they read. */
  readonly sequence: number
  readonly readAt: Date
}

/** What each agent has read of each conversation, for the inbox's unread counts. */
export class ConversationReadRepository extends Context.Tag("@servicekit/core/ConversationReadRepository")<
  ConversationReadRepository,
  {
    /** Moves the reader's mark forward to `sequence` (never back); the mark after it. */
    readonly markRead: (read: ConversationRead) => Effect.Effect<number>
    /** The furthest any agent has read the conversation: the greatest mark, 0 when none has read it. */
    readonly furthest: (tenantId: string, conversationId: string) => Effect.Effect<number>
    /** The reader's marks on these conversations; a conversation never read is absent. */
    readonly marks: (
      tenantId: string,
      readerId: string,
      conversationIds: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyMap<string, number>>
  }
>() {
  static readonly layerMemory: Layer.Layer<ConversationReadRepository, never, MemoryDatabase> = Layer.effect(
    ConversationReadRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, ConversationRead>()
      const key = (tenantId: string, conversationId: string, readerId: string) =>
        JSON.stringify([tenantId, conversationId, readerId])
      db.holdsTenantRows("chat_conversation_reads", tenantRowsOf(rows, (read) => read.tenantId))
      return ConversationReadRepository.of({
        markRead: (read) =>
          db.run((undo) => {
            const at = key(read.tenantId, read.conversationId, read.readerId)
            const stored = rows.get(at)
            if (stored !== undefined && stored.sequence >= read.sequence) return stored.sequence
            rows.set(at, read)
            undo(() => (stored === undefined ? rows.delete(at) : rows.set(at, stored)))
            return read.sequence
          }),
        furthest: (tenantId, conversationId) =>
          db.run(() =>
            Math.max(
              0,
              ...[...rows.values()]
                .filter((read) => read.tenantId === tenantId && read.conversationId === conversationId)
                .map((read) => read.sequence)
            )
          ),
        marks: (tenantId, readerId, conversationIds) =>
          db.run(() => {
            const found = new Map<string, number>()
            for (const id of conversationIds) {
              const read = rows.get(key(tenantId, id, readerId))
              if (read !== undefined) found.set(id, read.sequence)
            }
            return found
          })
      })
    })
  )
}
