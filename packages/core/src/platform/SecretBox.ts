import { Context, Effect, Layer } from "effect"
import { sha256 } from "@noble/hashes/sha2"
import { hmac } from "@noble/hashes/hmac"
import { utf8ToBytes } from "@noble/hashes/utils"
import { toBase64 } from "./Crypto.js"

/**
 * Encryption at rest for secrets ServiceKit must use again (SIP passwords, signing secrets):
 * AES-256-GCM under the configured key, a fresh 96-bit IV per secret. `seal` gives text to store;
 * `open` gives the secret back.
 */
export class SecretBox extends Context.Tag("@servicekit/core/SecretBox")<
  SecretBox,
  {
    readonly seal: (plaintext: string) => Effect.Effect<string>
    /** Dies when the text was sealed under another key or altered: a configuration fault, not a request's. */
    readonly open: (sealed: string) => Effect.Effect<string>
    /**
     * HMAC-SHA256 of `text` under a key of its own for `purpose`, derived from the configured key:
     * a tag that proves the platform made a value it finds again (a bounce address).
     */
    readonly tag: (purpose: string, text: string) => Uint8Array
  }
>() {}

const VERSION = "v1."
const KEY_HEX = /^[0-9a-fA-F]{64}$/

/** Whether `text` is a key for the secret box: 32 bytes as 64 hex digits. */
export const isSecretKey = (text: string) => KEY_HEX.test(text)

const toBase64Url = (bytes: Uint8Array) =>
  toBase64(bytes)
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "")

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0))

/** The secret box on the runtime's Web Crypto (Node, Bun), with a 32-byte key given as 64 hex digits. */
export const layerSecretBox = (keyHex: string): Layer.Layer<SecretBox> =>
  Layer.effect(
    SecretBox,
    Effect.promise(async () => {
      if (!isSecretKey(keyHex)) throw new Error("The secret key must be 32 bytes written as 64 hex digits")
      const raw = Uint8Array.from(keyHex.match(/../g)!, (pair) => parseInt(pair, 16))
      const key = await globalThis.crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"])
      const encoder = new TextEncoder()
      const decoder = new TextDecoder()
      // Each purpose its own key, none of them the encryption key itself.
      const tagKeys = new Map<string, Uint8Array>()
      const tagKeyOf = (purpose: string) => {
        let tagKey = tagKeys.get(purpose)
        if (tagKey === undefined) {
          tagKey = hmac(sha256, raw, utf8ToBytes(`servicekit tag key: ${purpose}`))
          tagKeys.set(purpose, tagKey)
        }
        return tagKey
      }
      return SecretBox.of({
        tag: (purpose, text) => hmac(sha256, tagKeyOf(purpose), utf8ToBytes(text)),
        seal: (plaintext) =>
          Effect.promise(async () => {
            const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
            const sealed = new Uint8Array(
              await globalThis.crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(plaintext))
            )
            const out = new Uint8Array(iv.length + sealed.length)
            out.set(iv)
            out.set(sealed, iv.length)
            return VERSION + toBase64Url(out)
          }),
        open: (sealed) =>
          Effect.tryPromise(async () => {
            if (!sealed.startsWith(VERSION)) throw new Error("not a sealed secret")
            const bytes = fromBase64Url(sealed.slice(VERSION.length))
            const plain = await globalThis.crypto.subtle.decrypt(
              { name: "AES-GCM", iv: bytes.subarray(0, 12) },
              key,
              bytes.subarray(12)
            )
            return decoder.decode(plain)
          }).pipe(
            Effect.orDieWith(
              () =>
                new Error(
                  "A stored secret cannot be opened: it was sealed under another SERVICEKIT_SECRET_KEY, or altered"
                )
            )
          )
      })
    })
  )
