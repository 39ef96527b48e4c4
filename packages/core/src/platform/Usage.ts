import { Context, Effect, Layer } from "effect"
import { tenantRowsOfArray } from "./MemoryTable.js"
import { MemoryDatabase, UniqueViolation } from "./UnitOfWork.js"

/** One append-only usage entry, e.g. kind `chat_session_mint`. */
export interface UsageEntry {
  readonly id: string
  readonly tenantId: string
  readonly kind: string
  readonly quantity: number
  readonly metadata: Readonly<Record<string, unknown>>
  readonly occurredAt: Date
}

export interface UsageQuery {
  readonly kind?: string | undefined
  readonly since?: Date | undefined
}

/** Append-only per-tenant usage ledger that products write to for billing. */
export class UsageLedger extends Context.Tag("@servicekit/core/UsageLedger")<
  UsageLedger,
  {
    /** Fails with UniqueViolation `usage_entries_pkey` when the entry's id exists. */
    readonly append: (entry: UsageEntry) => Effect.Effect<void, UniqueViolation>
    /** Entries of a tenant, oldest first. */
    readonly list: (tenantId: string, query?: UsageQuery) => Effect.Effect<ReadonlyArray<UsageEntry>>
  }
>() {
  /** In memory, for tests and embedders' tests. */
  static readonly layerMemory: Layer.Layer<UsageLedger, never, MemoryDatabase> = Layer.effect(
    UsageLedger,
    Effect.map(MemoryDatabase, (db) => {
      const rows: Array<UsageEntry> = []
      const ids = new Set<string>()
      db.holdsTenantRows(
        "usage_entries",
        tenantRowsOfArray(rows, (entry) => entry.tenantId, (entry, undo) => {
          ids.delete(entry.id)
          undo(() => ids.add(entry.id))
        })
      )
      return {
        append: (entry) =>
          db.attempt((undo) => {
            if (ids.has(entry.id)) return Effect.fail(new UniqueViolation({ constraint: "usage_entries_pkey" }))
            ids.add(entry.id)
            rows.push(entry)
            undo(() => {
              rows.splice(rows.lastIndexOf(entry), 1)
              ids.delete(entry.id)
            })
            return Effect.void
          }),
        list: (tenantId, query = {}) =>
          db.run(() =>
            rows
              .filter(
                (e) =>
                  e.tenantId === tenantId &&
                  (query.kind === undefined || e.kind === query.kind) &&
                  (query.since === undefined || e.occurredAt.getTime() >= query.since.getTime())
              )
              .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : 1))
          )
      }
    })
  )
}
