import { createHash, createHmac, randomFillSync } from "node:crypto"
import { SecretCrypto } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"

/** Small requests (ids, tokens) are cut from a pool filled 4 KiB at a time, each byte handed out once. */
const POOL_BYTES = 4096
const POOLED_UP_TO = 256

const makeRandomBytes = () => {
  let pool = new Uint8Array(0)
  let offset = 0
  return (size: number): Uint8Array => {
    if (size > POOLED_UP_TO) return randomFillSync(new Uint8Array(size))
    if (offset + size > pool.length) {
      pool = randomFillSync(new Uint8Array(POOL_BYTES))
      offset = 0
    }
    offset += size
    return pool.slice(offset - size, offset)
  }
}

/**
 * Secret randomness and digests from `node:crypto` (Node and Bun): the same results as
 * core's portable default, with a native SHA-256, which key verification runs on every request,
 * and a native HMAC, which signs every webhook delivery. Random bytes come from a pool, as
 * `crypto.randomUUID` does it: a call to the system's generator for every id had cost a
 * measurable share of a write's CPU.
 */
export const layerNodeCrypto: Layer.Layer<SecretCrypto> = Layer.sync(SecretCrypto, () => ({
  randomBytes: makeRandomBytes(),
  sha256Hex: (text) => Effect.sync(() => createHash("sha256").update(text, "utf8").digest("hex")),
  hmacSha256Hex: (key, text) => createHmac("sha256", key).update(text, "utf8").digest("hex")
}))
