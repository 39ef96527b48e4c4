import { Effect, FastCheck, type Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerCrypto, SecretCrypto, signWebhook } from "@servicekit/core/internal"

const reference = Effect.runSync(Effect.provide(SecretCrypto, layerCrypto))

/** The behaviour every SecretCrypto must share: standard SHA-256 and HMAC-SHA256 hex, and sized random bytes. */
export const secretCryptoConformance = (name: string, layer: Layer.Layer<SecretCrypto>) =>
  describe(`SecretCrypto conformance: ${name}`, () => {
    const crypto = Effect.runSync(Effect.provide(SecretCrypto, layer))
    const digest = (text: string) => Effect.runSync(crypto.sha256Hex(text))

    it("gives standard SHA-256 digests in lowercase hex, the same as the portable default for any text", () => {
      expect(digest("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
      expect(digest("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
      FastCheck.assert(
        FastCheck.property(FastCheck.string({ unit: "binary", maxLength: 200 }), (text) => {
          expect(digest(text)).toBe(Effect.runSync(reference.sha256Hex(text)))
        }),
        { numRuns: 300 }
      )
    })

    it("gives standard HMAC-SHA256 in lowercase hex, as signWebhook signs, for any key and text", () => {
      // RFC 4231, test case 2.
      expect(crypto.hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe(
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
      )
      FastCheck.assert(
        FastCheck.property(
          FastCheck.string({ unit: "binary", maxLength: 80 }),
          FastCheck.integer({ min: 0, max: 2 ** 32 }),
          FastCheck.string({ unit: "binary", maxLength: 300 }),
          (key, timestamp, body) => {
            expect(crypto.hmacSha256Hex(key, `${timestamp}.${body}`)).toBe(signWebhook(key, timestamp, body))
          }
        ),
        { numRuns: 300 }
      )
    })

    it("draws random bytes of the requested size, different from one call to the next", () => {
      const a = crypto.randomBytes(32)
      const b = crypto.randomBytes(32)
      expect(a).toBeInstanceOf(Uint8Array)
      expect(a).toHaveLength(32)
      expect(crypto.randomBytes(0)).toHaveLength(0)
      expect([...a]).not.toEqual([...b])
      // Many small draws (ids) never repeat bytes handed out before, whatever an adapter pools.
      const ids = Array.from({ length: 2_000 }, () => Buffer.from(crypto.randomBytes(16)).toString("hex"))
      expect(new Set(ids).size).toBe(ids.length)
      expect(crypto.randomBytes(10_000)).toHaveLength(10_000)
    })
  })
