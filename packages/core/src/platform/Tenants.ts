import { Context, type Duration, Effect, Layer, Option } from "effect"
import { type FreshReader, readFresh } from "./FreshReads.js"
import { MemoryDatabase, UniqueViolation } from "./UnitOfWork.js"
import type { Product } from "./Products.js"

/** The share of background work a tenant has unless the platform sets one. */
export const DEFAULT_WEIGHT = 1
/** The largest share: a tenant of that weight takes that many jobs for each one of a weight-1 tenant's. */
export const MAX_WEIGHT = 100
/** The largest cap a platform may set on a tenant's running runs. */
export const MAX_RUNNING_RUNS = 100_000

export interface Tenant {
  readonly id: string
  readonly name: string
  readonly entitlements: ReadonlyArray<Product>
  /** The tenant's share of background work, 1 to 100 (see jobs/FairTurns.ts); 1 unless the platform sets it. */
  readonly weight: number
  /**
   * How many of the tenant's runs may run at once, across every process (see
   * automations/records/RunCaps.ts); null for the platform's default (`maxRunningRunsPerTenant`).
   */
  readonly maxRunningRuns: number | null
  /**
   * Set while the platform has suspended the tenant (see TenantService.suspend): its keys, tokens
   * and links are refused and none of its background work starts; null in good standing.
   */
  readonly suspension: TenantSuspension | null
  readonly createdAt: Date
}

/** When, and as the platform said why, a tenant was suspended. */
export interface TenantSuspension {
  readonly at: Date
  readonly reason: string | null
}

/** What an update of a tenant may change; what is left out stays. */
export interface TenantChanges {
  readonly name?: string | undefined
  readonly entitlements?: ReadonlyArray<Product> | undefined
  readonly weight?: number | undefined
  /** A cap, or null for the platform's default again. */
  readonly maxRunningRuns?: number | null | undefined
  /** Suspends the tenant, or with null resumes it. */
  readonly suspension?: TenantSuspension | null | undefined
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
    /**
     * Deletes the tenant's own row, once every row of its data is gone (see TenantData): whether
     * there was one. A row still referencing it makes the Kysely storage fail (a defect).
     */
    readonly remove: (id: string) => Effect.Effect<boolean>
  }
>() {
  /** In memory, for tests and embedders' tests. */
  static readonly layerMemory: Layer.Layer<TenantRepository, never, MemoryDatabase> = Layer.effect(
    TenantRepository,
    Effect.map(MemoryDatabase, (db) => {
      // Not held as a kind of the tenant's rows (see TenantData): the tenant's own row goes last, once they are gone.
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
              weight: changes.weight ?? tenant.weight,
              maxRunningRuns: changes.maxRunningRuns === undefined ? tenant.maxRunningRuns : changes.maxRunningRuns,
              suspension: changes.suspension === undefined ? tenant.suspension : changes.suspension
            }
            rows.set(id, updated)
            undo(() => rows.set(id, tenant))
            return Option.some(updated)
          }),
        list: () =>
          db.run(() =>
            [...rows.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          ),
        remove: (id) =>
          db.run((undo) => {
            const tenant = rows.get(id)
            if (tenant === undefined) return false
            rows.delete(id)
            undo(() => rows.set(id, tenant))
            return true
          })
      }
    })
  )
}

/**
 * A reader of a setting of many tenants (`pick` of each stored tenant, or of undefined for one
 * not found), each tenant read at most once a `fresh` while (see readFresh).
 */
export const readTenantsFresh = <A>(
  pick: (tenant: Tenant | undefined) => A,
  fresh: Duration.DurationInput = "5 seconds"
): Effect.Effect<FreshReader<A>, never, TenantRepository> =>
  Effect.map(TenantRepository, (repository) =>
    readFresh((tenant) => Effect.map(repository.findById(tenant), (stored) => pick(Option.getOrUndefined(stored))), fresh)
  )
