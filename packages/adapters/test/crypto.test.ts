import { SecretCrypto, layerCrypto } from "@servicekit/core"
import { Effect, FastCheck } from "effect"
import { describe, expect, it } from "vitest"
import { layerNodeCrypto } from "../src/index.js"

const portable = Effect.runSync(Effect.provide(SecretCrypto, layerCrypto))
const native = Effect.runSync(Effect.provide(SecretCrypto, layerNodeCrypto))

describe("node:crypto secret crypto", () => {
  it("gives the same SHA-256 digests as the portable default, for any text", () => {
    FastCheck.assert(
      FastCheck.property(FastCheck.string({ unit: "binary", maxLength: 200 }), (text) => {
        expect(Effect.runSync(native.sha256Hex(text))).toBe(Effect.runSync(portable.sha256Hex(text)))
      }),
      { numRuns: 500 }
    )
    expect(Effect.runSync(native.sha256Hex("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })

  it("draws fresh random bytes of the requested size", () => {
    const a = native.randomBytes(32)
    const b = native.randomBytes(32)
    expect(a).toHaveLength(32)
    expect(native.randomBytes(0)).toHaveLength(0)
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false)
  })
})
