import { Context, Schema } from "effect"

/**
 * A product's name, as tenants are entitled to it. The products themselves are declared by the
 * modules that own them; a kit's catalog holds those of its modules.
 */
export type Product = string

export const Environment = Schema.Literal("live", "test")
export type Environment = typeof Environment.Type

/** How a product's keys begin after `svk_`, by environment, when not `<environment>_<product>`. */
export interface KeyHead {
  readonly live: string
  readonly test: string
}

/**
 * An event a product sends its tenants' webhook endpoints: its name (`resource.action`, e.g.
 * `message.created`) and the body a delivery POSTs (`{ event, eventId, timestamp, payload }`,
 * documented under the OpenAPI document's `webhooks`). A name without a body is accepted in
 * subscriptions but never sent (Live Chat's `visitor.created`).
 */
export interface ProductEvent {
  readonly name: string
  readonly body?: Schema.Schema<any, any> | undefined
}

/** A product as the module owning it declares it. */
export interface ProductDeclaration<Name extends string = string, Scope extends string = string> {
  /** The entitlement's name: lowercase letters, digits and underscores. */
  readonly name: Name
  /** When API keys can be issued for the product: the scopes they may carry, and their head if it differs. */
  readonly keys?: { readonly scopes: ReadonlyArray<Scope>; readonly head?: KeyHead | undefined } | undefined
  /** Products the product's use needs besides itself (sending transactional email needs business_email). */
  readonly requires?: ReadonlyArray<string> | undefined
  /** The events the product sends to its tenants' webhook endpoints. */
  readonly events?: ReadonlyArray<ProductEvent> | undefined
}

/** An event of the catalog, with the product that sends it; none for a platform module's own (any tenant may subscribe). */
export interface CatalogEvent extends ProductEvent {
  readonly product: Product | undefined
}

/** The product and environment a key's head stands for. */
export interface KeyOwner {
  readonly product: Product
  readonly environment: Environment
}

/**
 * The products of a kit, folded from its modules' declarations in module order: what tenants may
 * be entitled to, which of them API keys are issued for, and the scopes those keys may carry.
 */
export interface Catalog {
  readonly products: ReadonlyArray<Product>
  /** The products API keys can be issued for. */
  readonly keyProducts: ReadonlyArray<Product>
  /** Every key product's scopes, in order, then the platform's shared scopes. */
  readonly scopes: ReadonlyArray<string>
  readonly isProduct: (name: string) => boolean
  readonly isKeyProduct: (name: string) => boolean
  /** The scopes a key of `product` may carry (its own, then the shared ones); none for a product without keys. */
  readonly scopesOf: (product: Product) => ReadonlyArray<string>
  /** Whether a key of `product` may carry `scope`. */
  readonly grants: (product: Product, scope: string) => boolean
  /** The product whose keys carry `scope`, if any: none for a shared scope (every key product's keys may carry it). */
  readonly productOfScope: (scope: string) => Product | undefined
  /** Whether `scope` is a platform module's, shared by every key product (`webhooks:manage`). */
  readonly isSharedScope: (scope: string) => boolean
  /** The products `product`'s use also needs. */
  readonly requirementsOf: (product: Product) => ReadonlyArray<Product>
  /** How a key of `product` in `environment` begins after the brand (`live_voice`). */
  readonly keyHead: (product: Product, environment: Environment) => string
  /** The key product and environment a key's head stands for, if any. */
  readonly keyOwner: (head: string) => KeyOwner | undefined
  /** Every product's webhook events, in product order, then the platform modules' own. */
  readonly events: ReadonlyArray<CatalogEvent>
}

/** A kit's product catalog, built by the root from its modules' declarations. */
export class ProductCatalog extends Context.Tag("@servicekit/core/ProductCatalog")<ProductCatalog, Catalog>() {}

const PRODUCT_NAME = /^[a-z][a-z0-9_]*$/
// A key's parts are split on `_`: a key product's name has none.
const KEY_PRODUCT_NAME = /^[a-z][a-z0-9]*$/
const SCOPE = /^[a-z][a-z0-9_]*:[a-z][a-z0-9_]*$/
const EVENT = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/

/**
 * The catalog of `declarations` and the platform modules' `sharedScopes`, checked: a name declared
 * twice, a key product or scope that cannot be written in a key or claimed twice, two products'
 * keys beginning alike, an event not named `resource.action` or declared by two products, or a
 * requirement naming no product throws, naming them. The root builds it when a kit is made.
 */
export const makeCatalog = (
  declarations: ReadonlyArray<ProductDeclaration>,
  sharedScopes: ReadonlyArray<string> = [],
  platformEvents: ReadonlyArray<ProductEvent> = []
): Catalog => {
  const byName = new Map<string, ProductDeclaration>()
  const scopeOwners = new Map<string, string>()
  const heads = new Map<string, KeyOwner>()
  const shared = new Set<string>()
  for (const scope of sharedScopes) {
    if (!SCOPE.test(scope)) throw new Error(`Shared scope "${scope}" must look like resource:action`)
    if (shared.has(scope)) throw new Error(`Shared scope ${scope} is declared twice`)
    shared.add(scope)
  }
  for (const declaration of declarations) {
    const { name } = declaration
    if (!PRODUCT_NAME.test(name)) throw new Error(`Product "${name}" must be lowercase letters, digits and underscores`)
    if (byName.has(name)) throw new Error(`Product ${name} is declared twice`)
    byName.set(name, declaration)
    if (declaration.keys === undefined) continue
    if (!KEY_PRODUCT_NAME.test(name)) {
      throw new Error(`Product ${name} has keys: its name must be lowercase letters and digits only`)
    }
    for (const scope of declaration.keys.scopes) {
      if (!SCOPE.test(scope)) throw new Error(`Scope "${scope}" of product ${name} must look like resource:action`)
      const owner = scopeOwners.get(scope) ?? (shared.has(scope) ? "the platform (a shared scope)" : undefined)
      if (owner !== undefined) throw new Error(`Scope ${scope} is declared by both ${owner} and ${name}`)
      scopeOwners.set(scope, name)
    }
    for (const environment of Environment.literals) {
      const head = declaration.keys.head?.[environment] ?? `${environment}_${name}`
      const taken = heads.get(head)
      if (taken !== undefined) throw new Error(`Keys of ${taken.product} and ${name} would both begin svk_${head}_`)
      heads.set(head, { product: name, environment })
    }
  }
  const events = new Map<string, CatalogEvent>()
  const declared = [
    ...declarations.flatMap((declaration) => (declaration.events ?? []).map((event) => ({ event, product: declaration.name }))),
    ...platformEvents.map((event) => ({ event, product: undefined }))
  ]
  for (const { event, product } of declared) {
    const by = product ?? "the platform"
    if (!EVENT.test(event.name)) throw new Error(`Event "${event.name}" of ${product === undefined ? by : `product ${product}`} must look like resource.action`)
    const owner = events.get(event.name)
    if (owner !== undefined) {
      throw new Error(`Event ${event.name} is declared by both ${owner.product ?? "the platform"} and ${by}`)
    }
    events.set(event.name, { ...event, product })
  }
  for (const declaration of declarations) {
    const unknown = (declaration.requires ?? []).filter((required) => !byName.has(required))
    if (unknown.length > 0) {
      throw new Error(`Product ${declaration.name} requires ${unknown.join(", ")}, which no module declares`)
    }
  }
  const headOf = new Map([...heads].map(([head, owner]) => [`${owner.product}/${owner.environment}`, head]))
  const keyProducts = declarations.filter((declaration) => declaration.keys !== undefined).map(({ name }) => name)
  const isKeyProduct = (name: string) => byName.get(name)?.keys !== undefined
  const scopesOf = (product: Product) => {
    const keys = byName.get(product)?.keys
    return keys === undefined ? [] : [...keys.scopes, ...shared]
  }
  return {
    products: declarations.map(({ name }) => name),
    keyProducts,
    scopes: [...scopeOwners.keys(), ...shared],
    isProduct: (name) => byName.has(name),
    isKeyProduct,
    scopesOf,
    grants: (product, scope) => scopeOwners.get(scope) === product || (shared.has(scope) && isKeyProduct(product)),
    productOfScope: (scope) => scopeOwners.get(scope),
    isSharedScope: (scope) => shared.has(scope),
    requirementsOf: (product) => byName.get(product)?.requires ?? [],
    keyHead: (product, environment) => headOf.get(`${product}/${environment}`) ?? `${environment}_${product}`,
    keyOwner: (head) => heads.get(head),
    events: [...events.values()]
  }
}

/** The catalog's names as schemas, for contracts that list them: the document's enums, a 400 for any other name. */
export interface CatalogSchemas {
  readonly catalog: Catalog
  readonly Product: Schema.Schema<Product>
  readonly KeyProduct: Schema.Schema<Product>
  readonly Scope: Schema.Schema<string>
  /** The names a webhook subscription may list. */
  readonly Event: Schema.Schema<string>
}

const literals = (names: ReadonlyArray<string>): Schema.Schema<string> =>
  names.length === 0 ? (Schema.Never as unknown as Schema.Schema<string>) : Schema.Literal(...(names as [string, ...Array<string>]))

export const catalogSchemas = (catalog: Catalog): CatalogSchemas => ({
  catalog,
  Product: literals(catalog.products),
  KeyProduct: literals(catalog.keyProducts),
  Scope: literals(catalog.scopes),
  Event: literals(catalog.events.map((event) => event.name))
})
