import { Context, Effect, Layer } from "effect"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"

/** A tenant's own period for a kind of retained data. */
export interface TenantPeriod {
  readonly tenantId: string
  readonly kind: string
  readonly days: number
  readonly updatedAt: Date
}

/** Storage of the periods tenants chose: at most one a tenant and kind. */
export class TenantPeriodRepository extends Context.Tag("@servicekit/core/TenantPeriodRepository")<
  TenantPeriodRepository,
  {
    /** The tenant's periods, by kind. */
    readonly of: (tenantId: string) => Effect.Effect<ReadonlyArray<TenantPeriod>>
    /** Sets the tenant's period for the kind, replacing any. */
    readonly set: (period: TenantPeriod) => Effect.Effect<void>
    /** Removes the tenant's period for the kind: it follows the platform's again. */
    readonly remove: (tenantId: string, kind: string) => Effect.Effect<void>
    /** Up to `limit` tenants' periods for the kind, by tenant id after `after`: the sweep's pages. */
    readonly ofKind: (kind: string, after: string | null, limit: number) => Effect.Effect<ReadonlyArray<TenantPeriod>>
  }
>() {
  static readonly layerMemory: Layer.Layer<TenantPeriodRepository, never, MemoryDatabase> = Layer.effect(
    TenantPeriodRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, TenantPeriod>()
      const key = (tenantId: string, kind: string) => `${tenantId}/${kind}`
      db.holdsTenantRows("tenant_retention_periods", tenantRowsOf(rows, (row) => row.tenantId))
      return {
        of: (tenantId) => db.run(() => [...rows.values()].filter((row) => row.tenantId === tenantId)),
        set: (period) =>
          db.run((undo) => {
            const at = key(period.tenantId, period.kind)
            const previous = rows.get(at)
            rows.set(at, period)
            undo(() => (previous === undefined ? rows.delete(at) : rows.set(at, previous)))
          }),
        remove: (tenantId, kind) =>
          db.run((undo) => {
            const at = key(tenantId, kind)
            const previous = rows.get(at)
            if (previous === undefined) return
            rows.delete(at)
            undo(() => rows.set(at, previous))
          }),
        ofKind: (kind, after, limit) =>
          db.run(() =>
            [...rows.values()]
              .filter((row) => row.kind === kind && (after === null || row.tenantId > after))
              .sort((a, b) => (a.tenantId < b.tenantId ? -1 : a.tenantId > b.tenantId ? 1 : 0))
              .slice(0, limit)
          )
      }
    })
  )
}
