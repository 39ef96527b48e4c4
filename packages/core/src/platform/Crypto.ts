import { sha256 } from "@noble/hashes/sha2"
import { hmac } from "@noble/hashes/hmac"
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils"
import { Context, Effect, Layer } from "effect"

/**
 * Randomness and digests for secrets. A port so that tests can make secrets
 * deterministic; the default draws from the runtime's Web Crypto.
 */
export class SecretCrypto extends Context.Tag("@servicekit/core/SecretCrypto")<
  SecretCrypto,
  {
    readonly randomBytes: (size: number) => Uint8Array
    readonly sha256Hex: (text: string) => Effect.Effect<string>
    /** Lowercase hex HMAC-SHA256 of the UTF-8 `text`, keyed with the UTF-8 `key`: a webhook signature. */
    readonly hmacSha256Hex: (key: string, text: string) => string
  }
>() {}

// Synchronous on purpose: Web Crypto's digest is asynchronous and, on the key-verification
// hot path, its round trip cost more than the hash itself.
const sha256Hex = (text: string) => Effect.sync(() => bytesToHex(sha256(text)))
const hmacSha256Hex = (key: string, text: string) => bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(text)))

export const layerCrypto: Layer.Layer<SecretCrypto> = Layer.succeed(SecretCrypto, {
  randomBytes: (size) => globalThis.crypto.getRandomValues(new Uint8Array(size)),
  sha256Hex,
  hmacSha256Hex
})

/**
 * Deterministic randomness (a counter-seeded xorshift) with real digests: for tests only.
 */
export const layerDeterministic = (seed = 1): Layer.Layer<SecretCrypto> =>
  Layer.sync(SecretCrypto, () => {
    let state = seed >>> 0 || 1
    const next = () => {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      return state >>> 0
    }
    return {
      randomBytes: (size) => Uint8Array.from({ length: size }, () => next() & 0xff),
      sha256Hex,
      hmacSha256Hex
    }
  })

/** Compares two strings in time that depends only on their lengths. */
export const constantTimeEqual = (a: string, b: string): boolean => {
  const length = Math.max(a.length, b.length)
  let diff = a.length ^ b.length
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0)
  return diff === 0
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"

/** Unbiased random string over an alphabet (rejection sampling). */
const randomString = (bytes: (size: number) => Uint8Array, alphabet: string, length: number): string => {
  const limit = 256 - (256 % alphabet.length)
  let out = ""
  while (out.length < length) {
    for (const byte of bytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length]
    }
  }
  return out
}

export const randomBase62 = (crypto: SecretCrypto["Type"], length: number) =>
  randomString(crypto.randomBytes, BASE62, length)

/** `length` characters drawn uniformly from `alphabet` (at most 256 characters). */
export const randomOf = (crypto: SecretCrypto["Type"], alphabet: string, length: number) =>
  randomString(crypto.randomBytes, alphabet, length)

export const randomBase36 = (crypto: SecretCrypto["Type"], length: number) =>
  randomString(crypto.randomBytes, BASE36, length)

/** RFC 4122 version 4 uuid from the crypto port. */
export const randomUuid = (crypto: SecretCrypto["Type"]): string => uuidOfBytes(crypto.randomBytes(16), 4)

/** The same uuid for the same name, drawn from its SHA-256 (RFC 9562 version 8): a record stored once per name. */
export const nameUuid = (name: string): string => uuidOfBytes(sha256(utf8ToBytes(name)).slice(0, 16), 8)

/** Uuid text of 16 bytes, with its version and the RFC variant set. */
const uuidOfBytes = (b: Uint8Array, version: number): string => {
  b[6] = (b[6]! & 0x0f) | (version << 4)
  b[8] = (b[8]! & 0x3f) | 0x80
  return uuidTextOf(b)
}

/** The canonical text of 16 bytes as they are. */
export const uuidTextOf = (b: Uint8Array): string => {
  const h = bytesToHex(b)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** The 16 bytes of uuid text. */
export const bytesOfUuid = (uuid: string): Uint8Array => hexToBytes(uuid.replaceAll("-", ""))

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Lowercase canonical uuid text (what storage holds and returns). */
export const isUuid = (text: string): boolean => UUID.test(text)

/** Standard base64 (RFC 4648 §4, padded), byte by byte: no spread, so any length fits the stack. */
export const toBase64 = (bytes: Uint8Array): string => {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}
