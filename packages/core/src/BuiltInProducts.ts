import { Schema } from "effect"
import { type KeyAccessOf, type KeyProductOf, type ProductOf, type ScopeOf as ScopeOfModules, catalogOf } from "./module/ModuleProducts.js"
import { type Modules, modules } from "./Modules.js"

/**
 * The built-in modules' products as closed lists, for the compiler and for embedders: the catalog
 * a kit without added modules has, and its names as types and schemas.
 */
export const builtInCatalog = catalogOf(modules)

/** Products a tenant can be entitled to. */
export type Product = ProductOf<Modules>
/** Products that API keys can be issued for. */
export type KeyProduct = KeyProductOf<Modules>
/** A scope a key of product `P` may carry. */
export type ScopeOf<P extends KeyProduct> = ScopeOfModules<Modules, P>
export type Scope = ScopeOf<KeyProduct>
/** A key's product and scopes, typed together: `{ product: "voice", scopes: ["chat:read"] }` does not compile. */
export type KeyAccess = KeyAccessOf<Modules>

const literals = <A extends string>(names: ReadonlyArray<string>) => Schema.Literal(...(names as [A, ...Array<A>]))

export const Product = literals<Product>(builtInCatalog.products)
export const KeyProduct = literals<KeyProduct>(builtInCatalog.keyProducts)
export const Scope = literals<Scope>(builtInCatalog.scopes)

export const allProducts: ReadonlyArray<Product> = Product.literals

/** The scopes each key product grants, as the public API lists them. */
export const scopesByProduct = Object.fromEntries(
  builtInCatalog.keyProducts.map((product) => [product, builtInCatalog.scopesOf(product)])
) as { readonly [P in KeyProduct]: ReadonlyArray<ScopeOf<P>> }
