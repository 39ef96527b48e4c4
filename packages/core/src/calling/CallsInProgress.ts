import { Context, Effect, Layer } from "effect"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { Direction } from "./Call.js"

/** A call the softphone relay carries, stored from its INVITE until its record is written. */
export interface CallInProgress {
  readonly tenantId: string
  /** The id its call record will have (drawn from the tenant and the whole Call-ID). */
  readonly id: string
  /** The SIP Call-ID, as the record keeps it (at most 200 characters). */
  readonly callId: string
  readonly direction: Direction
  readonly fromId: string
  readonly toId: string
  readonly startedAt: Date
  readonly answeredAt: Date | null
  /** When the relay carrying it last said it still does. */
  readonly seenAt: Date
}

/**
 * The calls relays carry now, across every host: a call whose relay dies with its host is found
 * here, unseen, and closed by the sweep (RelayedCallLog).
 */
export class CallsInProgress extends Context.Tag("@servicekit/core/CallsInProgress")<
  CallsInProgress,
  {
    /** Stores a call at its INVITE; a call already stored (the same id) is left as it is. */
    readonly begin: (call: CallInProgress) => Effect.Effect<void>
    /** The call was answered at `at` (its first answer counts). */
    readonly answered: (tenantId: string, id: string, at: Date) => Effect.Effect<void>
    /** The relay still carries these calls of the tenant at `at`. */
    readonly seen: (tenantId: string, ids: ReadonlyArray<string>, at: Date) => Effect.Effect<void>
    /** The call's record is written: it is no longer in progress. */
    readonly end: (tenantId: string, id: string) => Effect.Effect<void>
    /** At most `limit` calls of any tenant last seen before `before`, the longest unseen first. */
    readonly unseenSince: (before: Date, limit: number) => Effect.Effect<ReadonlyArray<CallInProgress>>
  }
>() {
  static readonly layerMemory: Layer.Layer<CallsInProgress, never, MemoryDatabase> = Layer.effect(
    CallsInProgress,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<CallInProgress>(db, "calls_in_progress")
      const update = (tenantId: string, id: string, change: (row: CallInProgress) => CallInProgress) =>
        db.run((undo) => {
          const row = table.get(tenantId, id)
          if (row !== undefined) table.put(change(row), undo)
        })
      return CallsInProgress.of({
        begin: (call) =>
          db.run((undo) => {
            if (table.get(call.tenantId, call.id) === undefined) table.put(call, undo)
          }),
        answered: (tenantId, id, at) =>
          update(tenantId, id, (row) => ({ ...row, answeredAt: row.answeredAt ?? at, seenAt: at })),
        seen: (tenantId, ids, at) =>
          Effect.forEach(ids, (id) => update(tenantId, id, (row) => ({ ...row, seenAt: at })), { discard: true }),
        end: (tenantId, id) => Effect.asVoid(table.remove(tenantId, id)),
        unseenSince: (before, limit) =>
          db.run(() =>
            [...table.rows()]
              .filter((row) => row.seenAt.getTime() < before.getTime())
              .sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime())
              .slice(0, limit)
          )
      })
    })
  )
}
