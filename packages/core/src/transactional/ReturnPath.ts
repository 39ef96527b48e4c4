import { SecretBox } from "../platform/SecretBox.js"
import { constantTimeEqual } from "../platform/Crypto.js"

/**
 * The per-message Return-Path (VERP): the envelope sender a bounce comes back to names the tenant
 * and the message, with a tag only the platform's key makes, so that a report maps back to its
 * message and a forged one maps to nothing. Its local part is `b`, the tenant's and the message's
 * ids (32 bytes), and 6 bytes of the tag, in lowercase base32: 63 characters, under SMTP's 64, in
 * one case, as some servers fold it.
 */

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"
const PURPOSE = "return-path"
const TAG_BYTES = 6
const LOCAL = /^b([a-z2-7]{52})([a-z2-7]{10})$/

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

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
const bytesOfUuid = (uuid: string) => Uint8Array.from(uuid.replaceAll("-", "").match(/../g)!, (pair) => parseInt(pair, 16))
const uuidOf = (bytes: Uint8Array) => {
  const h = hex(bytes)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const tagOf = (box: SecretBox["Type"], ids: string) => base32(box.tag(PURPOSE, ids).subarray(0, TAG_BYTES))

/** The Return-Path address of the tenant's message, at `domain`. */
export const returnPathOf = (box: SecretBox["Type"], tenantId: string, messageId: string, domain: string): string => {
  const ids = new Uint8Array(32)
  ids.set(bytesOfUuid(tenantId))
  ids.set(bytesOfUuid(messageId), 16)
  const encoded = base32(ids)
  return `b${encoded}${tagOf(box, encoded)}@${domain}`
}

/** The tenant and message a Return-Path address names, if the platform made it. */
export const messageOfReturnPath = (
  box: SecretBox["Type"],
  address: string
): { readonly tenantId: string; readonly messageId: string } | undefined => {
  const at = address.lastIndexOf("@")
  const match = LOCAL.exec((at < 0 ? address : address.slice(0, at)).toLowerCase())
  if (match === null || !constantTimeEqual(match[2]!, tagOf(box, match[1]!))) return undefined
  const ids = fromBase32(match[1]!, 32)
  return { tenantId: uuidOf(ids.subarray(0, 16)), messageId: uuidOf(ids.subarray(16)) }
}
