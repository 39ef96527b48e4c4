import { createHash, randomFillSync } from "node:crypto"
import { SecretCrypto } from "@servicekit/core"
import { Effect, Layer } from "effect"

/**
 * Secret randomness and digests from `node:crypto` (Node and Bun): the same results as
 * core's portable default, with a native SHA-256, which key verification runs on every request.
 */
export const layerNodeCrypto: Layer.Layer<SecretCrypto> = Layer.succeed(SecretCrypto, {
  randomBytes: (size) => randomFillSync(new Uint8Array(size)),
  sha256Hex: (text) => Effect.sync(() => createHash("sha256").update(text, "utf8").digest("hex"))
})
