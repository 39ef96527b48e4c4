import { Context, Effect, Layer, Option } from "effect"
import { MemoryDatabase } from "../platform/UnitOfWork.js"

/**
 * A tenant's deletion as it stands: requested, under way, then done. It outlives the tenant, as
 * the platform's record of what was deleted, and holds nothing of the tenant's but its id.
 */
export interface TenantDeletionRecord {
  readonly tenantId: string
  readonly status: "deleting" | "deleted"
  readonly requestedAt: Date
  readonly finishedAt: Date | null
  /** Rows deleted so far, by kind (see TenantData). */
  readonly deleted: Readonly<Record<string, number>>
}

/** Storage of tenant deletions, one a tenant. */
export class TenantDeletionRepository extends Context.Tag("@servicekit/core/TenantDeletionRepository")<
  TenantDeletionRepository,
  {
    /** Stores the record unless the tenant has one already: the stored record either way. */
    readonly start: (record: TenantDeletionRecord) => Effect.Effect<TenantDeletionRecord>
    readonly find: (tenantId: string) => Effect.Effect<Option.Option<TenantDeletionRecord>>
    /** Adds `rows` to the kind's count, in one write: two deleters at once both count. */
    readonly count: (tenantId: string, kind: string, rows: number) => Effect.Effect<void>
    /** Marks the deletion done at `at`, its counts as they stand. */
    readonly finish: (tenantId: string, at: Date) => Effect.Effect<void>
    /** Up to `limit` deletions not done yet, the oldest first. */
    readonly unfinished: (limit: number) => Effect.Effect<ReadonlyArray<TenantDeletionRecord>>
  }
>() {
  static readonly layerMemory: Layer.Layer<TenantDeletionRepository, never, MemoryDatabase> = Layer.effect(
    TenantDeletionRepository,
    Effect.map(MemoryDatabase, (db) => {
      const records = new Map<string, TenantDeletionRecord>()
      const change = (
        tenantId: string,
        changed: (record: TenantDeletionRecord) => TenantDeletionRecord,
        undo: (reverse: () => void) => void
      ) => {
        const previous = records.get(tenantId)
        if (previous === undefined) return
        records.set(tenantId, changed(previous))
        undo(() => records.set(tenantId, previous))
      }
      return {
        start: (record) =>
          db.run((undo) => {
            const found = records.get(record.tenantId)
            if (found !== undefined) return found
            records.set(record.tenantId, record)
            undo(() => records.delete(record.tenantId))
            return record
          }),
        find: (tenantId) => db.run(() => Option.fromNullable(records.get(tenantId))),
        count: (tenantId, kind, rows) =>
          db.run((undo) =>
            change(
              tenantId,
              (record) => ({ ...record, deleted: { ...record.deleted, [kind]: (record.deleted[kind] ?? 0) + rows } }),
              undo
            )
          ),
        finish: (tenantId, at) =>
          db.run((undo) => change(tenantId, (record) => ({ ...record, status: "deleted", finishedAt: at }), undo)),
        unfinished: (limit) =>
          db.run(() =>
            [...records.values()]
              .filter((record) => record.status === "deleting")
              .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime())
              .slice(0, limit)
          )
      }
    })
  )
}
