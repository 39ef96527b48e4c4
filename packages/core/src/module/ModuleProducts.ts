import { type Catalog, makeCatalog } from "../platform/Products.js"
import type { ProductModule } from "./ProductModule.js"

/**
 * The products a list of modules declares, as types, so that a kit's products and scopes are
 * closed lists for the compiler too: `{ product: "voice", scopes: ["chat:read"] }` does not compile.
 */
type DeclarationsOf<Modules extends ReadonlyArray<ProductModule>> = NonNullable<Modules[number]["products"]>[number]

/** Every product the modules declare. */
export type ProductOf<Modules extends ReadonlyArray<ProductModule>> = DeclarationsOf<Modules>["name"]

/** The products API keys can be issued for. */
export type KeyProductOf<Modules extends ReadonlyArray<ProductModule>> = Extract<
  DeclarationsOf<Modules>,
  { readonly keys: object }
>["name"]

/** A scope a key of product `P` may carry: its product's, or a platform module's. */
export type ScopeOf<Modules extends ReadonlyArray<ProductModule>, P extends string> =
  | NonNullable<Extract<DeclarationsOf<Modules>, { readonly name: P }>["keys"]>["scopes"][number]
  | NonNullable<Modules[number]["scopes"]>[number]

/** A key's product and scopes, typed together. */
export type KeyAccessOf<Modules extends ReadonlyArray<ProductModule>> = {
  readonly [P in KeyProductOf<Modules>]: { readonly product: P; readonly scopes: ReadonlyArray<ScopeOf<Modules, P>> }
}[KeyProductOf<Modules>]

/** The catalog of the products `modules` declare, in module order (checked: see `makeCatalog`). */
export const catalogOf = (modules: ReadonlyArray<ProductModule>): Catalog =>
  makeCatalog(
    modules.flatMap((module) => module.products ?? []),
    modules.flatMap((module) => module.scopes ?? []),
    modules.flatMap((module) => module.events ?? [])
  )
