import { Context, Effect, Layer, Option } from "effect"
import type { Product } from "./Products.js"

export interface Tenant {
  readonly id: string
  readonly name: string
  readonly entitlements: ReadonlyArray<Product>
  readonly createdAt: Date
}

/** Storage of tenants and their product entitlements. */
export class TenantRepository extends Context.Tag("@servicekit/core/TenantRepository")<
  TenantRepository,
  {
    readonly insert: (tenant: Tenant) => Effect.Effect<void>
    readonly findById: (id: string) => Effect.Effect<Option.Option<Tenant>>
    /** Replaces the entitlements; none when the tenant does not exist. */
    readonly setEntitlements: (id: string, entitlements: ReadonlyArray<Product>) => Effect.Effect<Option.Option<Tenant>>
    /** All tenants, oldest first. */
    readonly list: () => Effect.Effect<ReadonlyArray<Tenant>>
  }
>() {
  /** In memory, for tests and embedders' tests. */
  static readonly layerMemory: Layer.Layer<TenantRepository> = Layer.sync(TenantRepository, () => {
    const rows = new Map<string, Tenant>()
    return {
      insert: (tenant) =>
        Effect.suspend(() => {
          if (rows.has(tenant.id)) return Effect.die(new Error("duplicate tenant"))
          rows.set(tenant.id, tenant)
          return Effect.void
        }),
      findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
      setEntitlements: (id, entitlements) =>
        Effect.sync(() => {
          const tenant = rows.get(id)
          if (tenant === undefined) return Option.none()
          const updated = { ...tenant, entitlements: [...entitlements] }
          rows.set(id, updated)
          return Option.some(updated)
        }),
      list: () =>
        Effect.sync(() =>
          [...rows.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        )
    }
  })
}
