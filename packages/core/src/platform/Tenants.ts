import { Context, type Effect, type Option } from "effect"
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
    readonly setEntitlements: (
      id: string,
      entitlements: ReadonlyArray<Product>
    ) => Effect.Effect<Option.Option<Tenant>>
    /** All tenants, oldest first. */
    readonly list: () => Effect.Effect<ReadonlyArray<Tenant>>
  }
>() {}
