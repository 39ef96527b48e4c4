import { SecretBox } from "../platform/SecretBox.js"
import { bytesOfUuid, constantTimeEqual, uuidTextOf } from "../platform/Crypto.js"

/**
 * Tokens that name one message of one tenant, with a tag only the platform's key makes, so that
 * what comes back with one maps to its message and a forged one maps to nothing: the tenant's and
 * the message's ids (32 bytes) and 6 bytes of the tag, in lowercase base32 (62 characters, one
 * case, as some mail servers fold it). Each purpose tags with a key of its own: a Return-Path is
 * no unsubscribe link.
 */

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"
const TAG_BYTES = 6
const TOKEN = /^([a-z2-7]{52})([a-z2-7]{10})$/

/** What a token is for: the envelope sender bounces come back to, or a one-click unsubscribe link. */
export type TokenPurpose = "return-path" | "unsubscribe"

const base32 = (bytes: Uint8Array): string => {
  let out = ""
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

const fromBase32 = (text: string, size: number): Uint8Array => {
  const out = new Uint8Array(size)
  let buffer = 0
  let bits = 0
  let at = 0
  for (const char of text) {
    buffer = ((buffer << 5) | ALPHABET.indexOf(char)) & 0xffff
    bits += 5
    if (bits >= 8 && at < size) {
      out[at++] = (buffer >>> (bits - 8)) & 0xff
      bits -= 8
    }
  }
  return out
}

const tagOf = (box: SecretBox["Type"], purpose: TokenPurpose, ids: string) =>
  base32(box.tag(purpose, ids).subarray(0, TAG_BYTES))

/** The token of the tenant's message for `purpose`. */
export const messageToken = (box: SecretBox["Type"], purpose: TokenPurpose, tenantId: string, messageId: string) => {
  const ids = new Uint8Array(32)
  ids.set(bytesOfUuid(tenantId))
  ids.set(bytesOfUuid(messageId), 16)
  const encoded = base32(ids)
  return `${encoded}${tagOf(box, purpose, encoded)}`
}

/** The tenant and message a token names, if the platform made it for `purpose`. */
export const messageOfToken = (
  box: SecretBox["Type"],
  purpose: TokenPurpose,
  token: string
): { readonly tenantId: string; readonly messageId: string } | undefined => {
  const match = TOKEN.exec(token.toLowerCase())
  if (match === null || !constantTimeEqual(match[2]!, tagOf(box, purpose, match[1]!))) return undefined
  const ids = fromBase32(match[1]!, 32)
  return { tenantId: uuidTextOf(ids.subarray(0, 16)), messageId: uuidTextOf(ids.subarray(16)) }
}

/**
 * The per-message Return-Path (VERP) at the platform's bounce domain: `b` and the message's token,
 * 63 characters, under SMTP's 64 for a local part.
 */
export const returnPathOf = (box: SecretBox["Type"], tenantId: string, messageId: string, domain: string): string =>
  `b${messageToken(box, "return-path", tenantId, messageId)}@${domain}`

/** The tenant and message a Return-Path address names, if the platform made it. */
export const messageOfReturnPath = (box: SecretBox["Type"], address: string) => {
  const at = address.lastIndexOf("@")
  const local = (at < 0 ? address : address.slice(0, at)).toLowerCase()
  return local.startsWith("b") ? messageOfToken(box, "return-path", local.slice(1)) : undefined
}
