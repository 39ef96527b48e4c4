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
export const scopesByProduct: Readonly<Record<KeyProduct, ReadonlyArray<string>>> = {
  chat: ["chat:read", "chat:write", "visitors:read", "webhooks:manage"],
  voice: ["voice:read"],
  transactional: ["transactional:send"],
  automations: ["automations:manage"]
}

/** The product whose keys carry `scope`, if any. */
export const productOfScope = (scope: string): KeyProduct | undefined =>
  (Object.keys(scopesByProduct) as Array<KeyProduct>).find((product) => scopesByProduct[product].includes(scope))

export const isProduct = Schema.is(Product)
export const isKeyProduct = Schema.is(KeyProduct)
