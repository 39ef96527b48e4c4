import { Context, Effect, Layer, Option } from "effect"
import { MemoryDatabase, UniqueViolation } from "./UnitOfWork.js"
import type { Product } from "./Products.js"

/** The share of background work a tenant has unless the platform sets one. */
export const DEFAULT_WEIGHT = 1
/** The largest share: a tenant of that weight takes that many jobs for each one of a weight-1 tenant's. */
export const MAX_WEIGHT = 100

export interface Tenant {
  readonly id: string
  readonly name: string
  readonly entitlements: ReadonlyArray<Product>
  /** The tenant's share of background work, 1 to 100 (see jobs/FairTurns.ts); 1 unless the platform sets it. */
  readonly weight: number
  readonly createdAt: Date
}

/** What an update of a tenant may change; what is left out stays. */
export interface TenantChanges {
  readonly name?: string | undefined
  readonly entitlements?: ReadonlyArray<Product> | undefined
  readonly weight?: number | undefined
}

/** Storage of tenants and their product entitlements. */
export class TenantRepository extends Context.Tag("@servicekit/core/TenantRepository")<
  TenantRepository,
  {
    /** Fails with UniqueViolation `tenants_pkey` when the id exists. */
    readonly insert: (tenant: Tenant) => Effect.Effect<void, UniqueViolation>
    readonly findById: (id: string) => Effect.Effect<Option.Option<Tenant>>
    /** Changes the name and/or replaces the entitlements; none when the tenant does not exist. */
    readonly update: (id: string, changes: TenantChanges) => Effect.Effect<Option.Option<Tenant>>
    /** All tenants, oldest first. */
    readonly list: () => Effect.Effect<ReadonlyArray<Tenant>>
  }
>() {
  /** In memory, for tests and embedders' tests. */
  static readonly layerMemory: Layer.Layer<TenantRepository, never, MemoryDatabase> = Layer.effect(
    TenantRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, Tenant>()
      return {
        insert: (tenant) =>
          db.attempt((undo) => {
            if (rows.has(tenant.id)) return Effect.fail(new UniqueViolation({ constraint: "tenants_pkey" }))
            rows.set(tenant.id, tenant)
            undo(() => rows.delete(tenant.id))
            return Effect.void
          }),
        findById: (id) => db.run(() => Option.fromNullable(rows.get(id))),
        update: (id, changes) =>
          db.run((undo) => {
            const tenant = rows.get(id)
            if (tenant === undefined) return Option.none()
            const updated = {
              ...tenant,
              name: changes.name ?? tenant.name,
              entitlements: [...(changes.entitlements ?? tenant.entitlements)],
              weight: changes.weight ?? tenant.weight
            }
            rows.set(id, updated)
            undo(() => rows.set(id, tenant))
            return Option.some(updated)
          }),
        list: () =>
          db.run(() =>
            [...rows.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          )
      }
    })
  )
}
