import { Clock, Context, Effect, Layer, Option } from "effect"
import { SecretCrypto, isUuid, randomUuid } from "./Crypto.js"
import { TenantNotFound, type ValidationFailed, invalidField } from "./Errors.js"
import { type Catalog, type Product, ProductCatalog } from "./Products.js"
import { DEFAULT_WEIGHT, MAX_RUNNING_RUNS, MAX_WEIGHT, TenantRepository, type Tenant } from "./Tenants.js"

export interface CreateTenant {
  readonly name: string
  readonly entitlements?: ReadonlyArray<string> | undefined
  /** The tenant's share of background work, 1 to 100; default 1. */
  readonly weight?: number | undefined
  /** How many of its runs may run at once, 1 to 100,000; null (the default) for the platform's default. */
  readonly maxRunningRuns?: number | null | undefined
}

/** A change of a tenant: what is left out stays. */
export interface UpdateTenant {
  readonly name?: string | undefined
  readonly entitlements?: ReadonlyArray<string> | undefined
  readonly weight?: number | undefined
  readonly maxRunningRuns?: number | null | undefined
}

const validName = (name: string) => {
  const trimmed = name.trim()
  return trimmed.length === 0 || trimmed.length > 200
    ? Effect.fail(invalidField("name", "must be 1 to 200 characters"))
    : Effect.succeed(trimmed)
}

const validWeight = (weight: number) =>
  Number.isInteger(weight) && weight >= 1 && weight <= MAX_WEIGHT
    ? Effect.succeed(weight)
    : Effect.fail(invalidField("weight", `must be a whole number from 1 to ${MAX_WEIGHT}`))

const validMaxRunningRuns = (cap: number | null) =>
  cap === null || (Number.isInteger(cap) && cap >= 1 && cap <= MAX_RUNNING_RUNS)
    ? Effect.succeed(cap)
    : Effect.fail(invalidField("maxRunningRuns", `must be a whole number from 1 to ${MAX_RUNNING_RUNS}, or null`))

/** The longest reason a platform may give for a suspension. */
export const MAX_SUSPENSION_REASON = 500

const validReason = (reason: string | null | undefined) => {
  const trimmed = reason?.trim() ?? ""
  if (trimmed.length > MAX_SUSPENSION_REASON || trimmed.includes("\u0000")) {
    return Effect.fail(invalidField("reason", `must be at most ${MAX_SUSPENSION_REASON} characters, without NUL`))
  }
  return Effect.succeed(trimmed.length === 0 ? null : trimmed)
}

const validEntitlements = (catalog: Catalog, products: ReadonlyArray<string>) =>
  Effect.forEach(products, (product) =>
    catalog.isProduct(product)
      ? Effect.succeed(product)
      : Effect.fail(invalidField("entitlements", `unknown product "${product}"`))
  ).pipe(Effect.map((list) => [...new Set(list)] as ReadonlyArray<Product>))

export class TenantService extends Context.Tag("@servicekit/core/TenantService")<
  TenantService,
  {
    readonly create: (input: CreateTenant) => Effect.Effect<Tenant, ValidationFailed>
    readonly get: (id: string) => Effect.Effect<Tenant, TenantNotFound>
    /** Every tenant, oldest first. */
    readonly list: () => Effect.Effect<ReadonlyArray<Tenant>>
    /**
     * Renames, replaces the entitlements and/or sets the weight; a removed product's keys stop
     * working (see ApiKeyService).
     */
    readonly update: (id: string, changes: UpdateTenant) => Effect.Effect<Tenant, ValidationFailed | TenantNotFound>
    /**
     * Suspends the tenant (see Tenant.suspension), with the platform's reason if it gives one. A
     * suspended tenant stays as it is, suspended since the first time.
     */
    readonly suspend: (id: string, reason?: string | null) => Effect.Effect<Tenant, ValidationFailed | TenantNotFound>
    /** Puts a suspended tenant back in good standing; a tenant in good standing stays as it is. */
    readonly resume: (id: string) => Effect.Effect<Tenant, TenantNotFound>
  }
>() {
  static readonly layer = Layer.effect(
    TenantService,
    Effect.gen(function* () {
      const tenants = yield* TenantRepository
      const crypto = yield* SecretCrypto
      const catalog = yield* ProductCatalog
      const tenantNotFound = new TenantNotFound()
      const get = (id: string) =>
        (isUuid(id) ? tenants.findById(id) : Effect.succeedNone).pipe(
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(tenantNotFound), onSome: Effect.succeed }))
        )
      const stored = (updated: Option.Option<Tenant>) =>
        Option.match(updated, { onNone: () => Effect.fail(tenantNotFound), onSome: Effect.succeed })
      return {
        create: (input) =>
          Effect.gen(function* () {
            const name = yield* validName(input.name)
            const entitlements = yield* validEntitlements(catalog, input.entitlements ?? [])
            const weight = yield* validWeight(input.weight ?? DEFAULT_WEIGHT)
            const maxRunningRuns = yield* validMaxRunningRuns(input.maxRunningRuns ?? null)
            const tenant: Tenant = {
              id: randomUuid(crypto),
              name,
              entitlements,
              weight,
              maxRunningRuns,
              suspension: null,
              createdAt: new Date(yield* Clock.currentTimeMillis)
            }
            // A random uuid that exists already is a bug, not a client error.
            yield* Effect.orDie(tenants.insert(tenant))
            return tenant
          }),
        get,
        list: () => tenants.list(),
        update: (id, changes) =>
          Effect.all({
            name: changes.name === undefined ? Effect.succeed(undefined) : validName(changes.name),
            entitlements:
              changes.entitlements === undefined ? Effect.succeed(undefined) : validEntitlements(catalog, changes.entitlements),
            weight: changes.weight === undefined ? Effect.succeed(undefined) : validWeight(changes.weight),
            maxRunningRuns:
              changes.maxRunningRuns === undefined ? Effect.succeed(undefined) : validMaxRunningRuns(changes.maxRunningRuns)
          }).pipe(
            Effect.flatMap((valid) => (isUuid(id) ? tenants.update(id, valid) : Effect.succeedNone)),
            Effect.flatMap(stored)
          ),
        suspend: (id, reason) =>
          Effect.gen(function* () {
            const valid = yield* validReason(reason)
            const tenant = yield* get(id)
            if (tenant.suspension !== null) return tenant
            const at = new Date(yield* Clock.currentTimeMillis)
            return yield* Effect.flatMap(tenants.update(tenant.id, { suspension: { at, reason: valid } }), stored)
          }),
        resume: (id) =>
          Effect.flatMap(get(id), (tenant) =>
            tenant.suspension === null
              ? Effect.succeed(tenant)
              : Effect.flatMap(tenants.update(tenant.id, { suspension: null }), stored)
          )
      }
    })
  )
}
