import { Context, Effect, Layer, Option } from "effect"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"

/** When the visitor last had a conversation open, and how far its replies have gone by email. */
export interface VisitorSeen {
  readonly tenantId: string
  readonly conversationId: string
  /** Null until the visitor's page first says it is open. */
  readonly seenAt: Date | null
  /** The `sequence` of the last message an email carried; 0 before any. */
  readonly emailedThrough: number
}

export class VisitorSeenRepository extends Context.Tag("@servicekit/core/VisitorSeenRepository")<
  VisitorSeenRepository,
  {
    /** Moves the conversation's `seenAt` forward to `at` (never back). */
    readonly seen: (tenantId: string, conversationId: string, at: Date) => Effect.Effect<void>
    /** Moves `emailedThrough` forward to `sequence` (never back). */
    readonly emailed: (tenantId: string, conversationId: string, sequence: number) => Effect.Effect<void>
    /** None before either happened. */
    readonly find: (tenantId: string, conversationId: string) => Effect.Effect<Option.Option<VisitorSeen>>
  }
>() {
  static readonly layerMemory: Layer.Layer<VisitorSeenRepository, never, MemoryDatabase> = Layer.effect(
    VisitorSeenRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, VisitorSeen>()
      db.holdsTenantRows("chat_visitor_seen", tenantRowsOf(rows, (row) => row.tenantId))
      const key = (tenantId: string, conversationId: string) => JSON.stringify([tenantId, conversationId])
      const change = (tenantId: string, conversationId: string, next: (row: VisitorSeen) => VisitorSeen) =>
        db.run((undo) => {
          const at = key(tenantId, conversationId)
          const stored = rows.get(at)
          rows.set(at, next(stored ?? { tenantId, conversationId, seenAt: null, emailedThrough: 0 }))
          undo(() => (stored === undefined ? rows.delete(at) : rows.set(at, stored)))
        })
      return VisitorSeenRepository.of({
        seen: (tenantId, conversationId, at) =>
          change(tenantId, conversationId, (row) => (row.seenAt !== null && row.seenAt >= at ? row : { ...row, seenAt: at })),
        emailed: (tenantId, conversationId, sequence) =>
          change(tenantId, conversationId, (row) => ({ ...row, emailedThrough: Math.max(row.emailedThrough, sequence) })),
        find: (tenantId, conversationId) => db.run(() => Option.fromNullable(rows.get(key(tenantId, conversationId))))
      })
    })
  )
}
