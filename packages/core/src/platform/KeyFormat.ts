import type { Catalog, Environment, Product } from "./Products.js"

/**
 * API key layout, brand `svk`: `svk_<head>_<prefix>_<secret>`, where the head is
 * `<environment>_<product>` unless the product declares its own (the catalog knows each):
 *   voice          svk_live_voice_<prefix>_<secret>         svk_test_voice_<prefix>_<secret>
 *   chat           svk_live_<prefix>_<secret>               svk_test_live_<prefix>_<secret>
 * The prefix is 8 lowercase alphanumerics and identifies the key in listings;
 * the secret is 32 base62 characters (about 190 bits).
 */
export const BRAND = "svk"
export const PREFIX_LENGTH = 8
export const SECRET_LENGTH = 32

const PREFIX = /^[a-z0-9]{8}$/
const SECRET = /^[A-Za-z0-9]{32}$/

export interface ParsedKey {
  readonly product: Product
  readonly environment: Environment
  readonly prefix: string
}

type Heads = Pick<Catalog, "keyHead" | "keyOwner">

export const formatKey = (
  catalog: Heads,
  product: Product,
  environment: Environment,
  prefix: string,
  secret: string
): string => [BRAND, catalog.keyHead(product, environment), prefix, secret].join("_")

/** The non-secret head of a key shown in listings, e.g. `svk_live_voice_ab12cd34`. */
export const displayPrefix = (
  catalog: Heads,
  product: Product,
  environment: Environment,
  prefix: string
): string => [BRAND, catalog.keyHead(product, environment), prefix].join("_")

/** Parses the shape of a key; undefined when it cannot be a key of the catalog's products. */
export const parseKey = (catalog: Heads, key: string): ParsedKey | undefined => {
  if (key.length > 128) return undefined
  const parts = key.split("_")
  if (parts[0] !== BRAND) return undefined
  const secret = parts[parts.length - 1]
  const prefix = parts[parts.length - 2]
  if (!SECRET.test(secret) || !PREFIX.test(prefix)) return undefined
  const owner = catalog.keyOwner(parts.slice(1, -2).join("_"))
  return owner === undefined ? undefined : { ...owner, prefix }
}
