import type { Environment, KeyProduct } from "./Products.js"

/**
 * API key layout, brand `svk`:
 *   chat           svk_live_<prefix>_<secret>               svk_test_live_<prefix>_<secret>
 *   voice          svk_live_voice_<prefix>_<secret>         svk_test_voice_<prefix>_<secret>
 *   transactional  svk_live_transactional_<prefix>_<secret> svk_test_transactional_<prefix>_<secret>
 *   automations    svk_live_automations_<prefix>_<secret>   svk_test_automations_<prefix>_<secret>
 * The prefix is 8 lowercase alphanumerics and identifies the key in listings;
 * the secret is 32 base62 characters (about 190 bits).
 */
export const BRAND = "svk"
export const PREFIX_LENGTH = 8
export const SECRET_LENGTH = 32

const PREFIX = /^[a-z0-9]{8}$/
const SECRET = /^[A-Za-z0-9]{32}$/

export interface ParsedKey {
  readonly product: KeyProduct
  readonly environment: Environment
  readonly prefix: string
}

const productSegment = (product: KeyProduct, environment: Environment): ReadonlyArray<string> =>
  product === "chat" ? (environment === "live" ? ["live"] : ["test", "live"]) : [environment, product]

export const formatKey = (
  product: KeyProduct,
  environment: Environment,
  prefix: string,
  secret: string
): string => [BRAND, ...productSegment(product, environment), prefix, secret].join("_")

/** The non-secret head of a key shown in listings, e.g. `svk_live_voice_ab12cd34`. */
export const displayPrefix = (product: KeyProduct, environment: Environment, prefix: string): string =>
  [BRAND, ...productSegment(product, environment), prefix].join("_")

/** Parses the shape of a key; undefined when it cannot be a ServiceKit key. */
export const parseKey = (key: string): ParsedKey | undefined => {
  if (key.length > 128) return undefined
  const parts = key.split("_")
  if (parts[0] !== BRAND) return undefined
  const secret = parts[parts.length - 1]
  const prefix = parts[parts.length - 2]
  if (!SECRET.test(secret) || !PREFIX.test(prefix)) return undefined
  const middle = parts.slice(1, -2).join("_")
  switch (middle) {
    case "live":
      return { product: "chat", environment: "live", prefix }
    case "test_live":
      return { product: "chat", environment: "test", prefix }
    case "live_voice":
    case "test_voice":
    case "live_transactional":
    case "test_transactional":
    case "live_automations":
    case "test_automations": {
      const [environment, product] = middle.split("_") as [Environment, KeyProduct]
      return { product, environment, prefix }
    }
    default:
      return undefined
  }
}
