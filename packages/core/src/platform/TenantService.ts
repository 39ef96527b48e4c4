import { Clock, Context, Effect, Layer, Option } from "effect"
import { SecretCrypto, isUuid, randomUuid } from "./Crypto.js"
import { TenantNotFound, type ValidationFailed, invalidField } from "./Errors.js"
import { isProduct, type Product } from "./Products.js"
import { TenantRepository, type Tenant } from "./Tenants.js"

export interface CreateTenant {
  readonly name: string
  readonly entitlements?: ReadonlyArray<string> | undefined
}

const validEntitlements = (products: ReadonlyArray<string>) =>
  Effect.forEach(products, (product) =>
    isProduct(product)
      ? Effect.succeed(product)
      : Effect.fail(invalidField("entitlements", `unknown product "${product}"`))
  ).pipe(Effect.map((list) => [...new Set(list)] as ReadonlyArray<Product>))

export class TenantService extends Context.Tag("@servicekit/core/TenantService")<
  TenantService,
  {
    readonly create: (input: CreateTenant) => Effect.Effect<Tenant, ValidationFailed>
    readonly get: (id: string) => Effect.Effect<Tenant, TenantNotFound>
    readonly setEntitlements: (
      id: string,
      entitlements: ReadonlyArray<string>
    ) => Effect.Effect<Tenant, ValidationFailed | TenantNotFound>
  }
>() {
  static readonly layer = Layer.effect(
    TenantService,
    Effect.gen(function* () {
      const tenants = yield* TenantRepository
      const crypto = yield* SecretCrypto
      const tenantNotFound = new TenantNotFound()
      return {
        create: (input) =>
          Effect.gen(function* () {
            const name = input.name.trim()
            if (name.length === 0 || name.length > 200) {
              return yield* invalidField("name", "must be 1 to 200 characters")
            }
            const entitlements = yield* validEntitlements(input.entitlements ?? [])
            const tenant: Tenant = {
              id: randomUuid(crypto),
              name,
              entitlements,
              createdAt: new Date(yield* Clock.currentTimeMillis)
            }
            // A random uuid that exists already is a bug, not a client error.
            yield* Effect.orDie(tenants.insert(tenant))
            return tenant
          }),
        get: (id) =>
          (isUuid(id) ? tenants.findById(id) : Effect.succeedNone).pipe(
            Effect.flatMap(Option.match({ onNone: () => Effect.fail(tenantNotFound), onSome: Effect.succeed }))
          ),
        setEntitlements: (id, entitlements) =>
          validEntitlements(entitlements).pipe(
            Effect.flatMap((list) => (isUuid(id) ? tenants.setEntitlements(id, list) : Effect.succeedNone)),
            Effect.flatMap(Option.match({ onNone: () => Effect.fail(tenantNotFound), onSome: Effect.succeed }))
          )
      }
    })
  )
}
