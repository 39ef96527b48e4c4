/**
 * @servicekit/client/webhooks — checks that a webhook delivery came from ServiceKit, with
 * WebCrypto only: Node 20+, Bun, browsers and edge runtimes, no dependency.
 */
import type { webhooks } from "./generated/index.js"

/** The events a subscription receives, by name. */
export type WebhookEventName = keyof webhooks

type BodyOf<Operation> = Operation extends {
  readonly requestBody: { readonly content: { readonly "application/json": infer Body } }
}
  ? Body
  : never

/**
 * A delivery's body: `event` tells which payload it carries. A server newer than this client may
 * send events not listed here: let a `switch` on `event` ignore the ones it does not know.
 */
export type WebhookEvent = { [Name in WebhookEventName]: BodyOf<webhooks[Name]["post"]> }[WebhookEventName]

/** Headers as a web `Request` or node:http's `IncomingMessage` carries them. */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

export interface VerifyWebhookOptions {
  /** The subscription's signing secret (`whsec_...`), shown once when it was created. */
  readonly secret: string
  readonly headers: WebhookHeaders
  /** The body exactly as received: parsing and re-serialising JSON changes it. */
  readonly rawBody: string | Uint8Array
  /** How far the signed timestamp may be from now, either way; 300 s by default. */
  readonly toleranceSeconds?: number
  /** The receiver's clock in unix seconds; the system clock by default. */
  readonly now?: number
}

export type WebhookFailure = "missing_signature" | "missing_timestamp" | "bad_timestamp" | "expired" | "bad_signature" | "bad_body"

export type WebhookVerification =
  | {
      readonly ok: true
      readonly event: WebhookEvent
      /** The same on every retry of this delivery: drop one you have handled. */
      readonly deliveryId: string | undefined
      readonly timestamp: number
    }
  | { readonly ok: false; readonly reason: WebhookFailure }

const encoder = new TextEncoder()

/** Every value of a header, whatever the case of its name; repeated headers may come as an array or comma-joined. */
const headerValues = (headers: WebhookHeaders, name: string): Array<string> => {
  let raw: string | ReadonlyArray<string> | null | undefined
  if (typeof headers.get === "function") raw = (headers as { get(name: string): string | null }).get(name)
  else {
    for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) raw = value as typeof raw
  }
  const values = raw === null || raw === undefined ? [] : typeof raw === "string" ? [raw] : raw
  return values.flatMap((value) => value.split(",")).map((value) => value.trim()).filter((value) => value !== "")
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("")

/** Compares in time that depends on the lengths only, never on where the strings differ. */
const constantTimeEqual = (a: string, b: string) => {
  let difference = a.length ^ b.length
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i % (b.length || 1))
  return difference === 0
}

/**
 * Checks a delivery in a fixed order: a signature (`X-Service-Signature`) and a timestamp
 * (`X-Service-Timestamp`) are present; the timestamp is whole unix seconds within the tolerance
 * (a captured delivery cannot be replayed later); one of the signatures is the lowercase hex
 * HMAC-SHA256 of `<timestamp>.<rawBody>` keyed with the secret, compared in constant time; and the
 * body is a JSON event. Answers the event, typed by its name, or why it was refused.
 */
export const verifyWebhook = async (options: VerifyWebhookOptions): Promise<WebhookVerification> => {
  const signatures = headerValues(options.headers, "x-service-signature")
  if (signatures.length === 0) return { ok: false, reason: "missing_signature" }
  const timestamps = headerValues(options.headers, "x-service-timestamp")
  if (timestamps.length === 0) return { ok: false, reason: "missing_timestamp" }
  if (!timestamps.every((value) => value === timestamps[0]) || !/^\d{1,15}$/.test(timestamps[0])) {
    return { ok: false, reason: "bad_timestamp" }
  }
  const timestamp = Number(timestamps[0])
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return { ok: false, reason: "expired" }
  const body = typeof options.rawBody === "string" ? encoder.encode(options.rawBody) : options.rawBody
  const prefix = encoder.encode(`${timestamp}.`)
  const signed = new Uint8Array(prefix.length + body.length)
  signed.set(prefix)
  signed.set(body, prefix.length)
  const key = await crypto.subtle.importKey("raw", encoder.encode(options.secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign"
  ])
  const expected = hex(await crypto.subtle.sign("HMAC", key, signed))
  // Every candidate is compared, so the time taken does not tell which one came close.
  let matched = false
  for (const signature of signatures) matched = constantTimeEqual(expected, signature.toLowerCase()) || matched
  if (!matched) return { ok: false, reason: "bad_signature" }
  let event: WebhookEvent
  try {
    event = JSON.parse(new TextDecoder().decode(body)) as WebhookEvent
  } catch {
    return { ok: false, reason: "bad_body" }
  }
  if (typeof event !== "object" || event === null || typeof event.event !== "string") return { ok: false, reason: "bad_body" }
  return { ok: true, event, deliveryId: headerValues(options.headers, "x-service-delivery")[0], timestamp }
}
