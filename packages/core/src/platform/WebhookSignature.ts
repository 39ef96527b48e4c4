import { hmac } from "@noble/hashes/hmac"
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils"
import { constantTimeEqual } from "./Crypto.js"

/** Lowercase hex HMAC-SHA256 of `${timestamp}.${rawBody}`, without a `sha256=` prefix. */
export const WEBHOOK_SIGNATURE_HEADER = "X-Service-Signature"
/** Unix seconds at signing; signed with the body, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TIMESTAMP_HEADER = "X-Service-Timestamp"
/** The delivery's id, the same on every retry, so a receiver can drop duplicates. */
export const WEBHOOK_DELIVERY_HEADER = "X-Service-Delivery"

/** How far a delivery's timestamp may be from the receiver's clock, either way, by default. */
const DEFAULT_TOLERANCE_SEC = 300

/**
 * The signature of one delivery: lowercase hex HMAC-SHA256, keyed with the UTF-8 secret, of
 * `${unixTimestamp}.${rawBody}` (the body exactly as sent).
 */
export const signWebhook = (secret: string, unixTimestamp: number, rawBody: string): string =>
  bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${unixTimestamp}.${rawBody}`)))

/** Request headers as a web `Request` or node:http's `IncomingMessage` carries them. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

export type WebhookVerification =
  | { readonly ok: true; readonly timestamp: number; readonly deliveryId?: string }
  | {
      readonly ok: false
      readonly reason: "missing_signature" | "missing_timestamp" | "bad_timestamp" | "expired" | "bad_signature"
    }

export interface VerifyWebhookOptions {
  /** Seconds a timestamp may lie before or after `now`; 300 by default. */
  readonly toleranceSec?: number
  /** The receiver's clock in Unix seconds; the system clock by default. */
  readonly now?: number
}

/** Every value of a header, whatever the case of its name; a repeated header may arrive as an array or comma-joined. */
const headerValues = (headers: WebhookHeaders, name: string): Array<string> => {
  const lower = name.toLowerCase()
  const raw =
    typeof (headers as Headers).get === "function"
      ? (headers as Headers).get(lower)
      : Object.entries(headers as Readonly<Record<string, string | ReadonlyArray<string> | undefined>>).find(
          ([key]) => key.toLowerCase() === lower
        )?.[1]
  const joined = raw === null || raw === undefined ? [] : typeof raw === "string" ? [raw] : raw
  return joined.flatMap((value) => value.split(",").map((part) => part.trim())).filter((value) => value !== "")
}

/**
 * Checks a delivery as a receiver gets it, in a fixed order: a signature and a timestamp are
 * present, the timestamp is whole Unix seconds within `toleranceSec` of `now` (the replay window),
 * and one of the signatures matches the body as received (compared in constant time).
 */
export const verifyWebhook = (
  secret: string,
  headers: WebhookHeaders,
  rawBody: string,
  options: VerifyWebhookOptions = {}
): WebhookVerification => {
  const signatures = headerValues(headers, WEBHOOK_SIGNATURE_HEADER)
  if (signatures.length === 0) return { ok: false, reason: "missing_signature" }
  const timestamps = headerValues(headers, WEBHOOK_TIMESTAMP_HEADER)
  if (timestamps.length === 0) return { ok: false, reason: "missing_timestamp" }
  if (!timestamps.every((value) => value === timestamps[0]) || !/^\d{1,15}$/.test(timestamps[0])) {
    return { ok: false, reason: "bad_timestamp" }
  }
  const timestamp = Number(timestamps[0])
  // A receiver calls this outside any Effect runtime, so the wall clock is the only clock it has.
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (Math.abs(now - timestamp) > (options.toleranceSec ?? DEFAULT_TOLERANCE_SEC))
    return { ok: false, reason: "expired" }
  const expected = signWebhook(secret, timestamp, rawBody)
  // Every candidate is compared, so the time taken does not tell which one came close.
  const matches = signatures.reduce((found, signature) => constantTimeEqual(expected, signature) || found, false)
  if (!matches) return { ok: false, reason: "bad_signature" }
  const deliveryId = headerValues(headers, WEBHOOK_DELIVERY_HEADER)[0]
  return deliveryId === undefined ? { ok: true, timestamp } : { ok: true, timestamp, deliveryId }
}
