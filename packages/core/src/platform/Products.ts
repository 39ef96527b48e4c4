import { Schema } from "effect"

/** Products a tenant can be entitled to. */
export const Product = Schema.Literal(
  "chat",
  "voice",
  "transactional",
  "business_email",
  "marketing",
  "automations",
  "ai_agent"
)
export type Product = typeof Product.Type

export const allProducts: ReadonlyArray<Product> = Product.literals

/** Products that API keys can be issued for. */
export const KeyProduct = Schema.Literal("chat", "voice", "transactional", "automations")
export type KeyProduct = typeof KeyProduct.Type

export const Environment = Schema.Literal("live", "test")
export type Environment = typeof Environment.Type

/** The scopes each key product grants, as the public API lists them. */
export const scopesByProduct = {
  chat: ["chat:read", "chat:write", "visitors:read", "webhooks:manage"],
  voice: ["voice:read"],
  transactional: ["transactional:send"],
  automations: ["automations:manage"]
} as const satisfies Readonly<Record<KeyProduct, ReadonlyArray<string>>>

/** A scope a key of product `P` may carry. */
export type ScopeOf<P extends KeyProduct> = (typeof scopesByProduct)[P][number]
export type Scope = ScopeOf<KeyProduct>
export const Scope = Schema.Literal(...(Object.values(scopesByProduct).flat() as [Scope, ...Array<Scope>]))

/** A key's product and scopes, typed together: `{ product: "voice", scopes: ["chat:read"] }` does not compile. */
export type KeyAccess = {
  readonly [P in KeyProduct]: { readonly product: P; readonly scopes: ReadonlyArray<ScopeOf<P>> }
}[KeyProduct]

/** Whether a key of `product` may carry `scope`. */
export const grants = (product: KeyProduct, scope: string): boolean =>
  (scopesByProduct[product] as ReadonlyArray<string>).includes(scope)

/** The product whose keys carry `scope`, if any. */
export const productOfScope = (scope: string): KeyProduct | undefined =>
  (Object.keys(scopesByProduct) as Array<KeyProduct>).find((product) => grants(product, scope))

export const isProduct = Schema.is(Product)
export const isKeyProduct = Schema.is(KeyProduct)
