import { createHash, createHmac, randomFillSync } from "node:crypto"
import { SecretCrypto } from "@servicekit/core"
import { Effect, Layer } from "effect"

/**
 * Secret randomness and digests from `node:crypto` (Node and Bun): the same results as
 * core's portable default, with a native SHA-256, which key verification runs on every request,
 * and a native HMAC, which signs every webhook delivery.
 */
export const layerNodeCrypto: Layer.Layer<SecretCrypto> = Layer.succeed(SecretCrypto, {
  randomBytes: (size) => randomFillSync(new Uint8Array(size)),
  sha256Hex: (text) => Effect.sync(() => createHash("sha256").update(text, "utf8").digest("hex")),
  hmacSha256Hex: (key, text) => createHmac("sha256", key).update(text, "utf8").digest("hex")
})
