import { createHmac } from "node:crypto"
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  verifyWebhook
} from "@servicekit/core"
import { signWebhook } from "@servicekit/core/internal"
import { describe, expect, it } from "vitest"

const SECRET = "whsec_Grüße-✓-0123456789"
const NOW = 1_767_225_600
const BODY = '{"event":"conversation.created","data":{"text":"Grüße ✓ 你好\\n"}}'

/** The signature as a receiver in any language computes it. */
const reference = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.${body}`, "utf8").digest("hex")

const signed = (timestamp = NOW, body = BODY, secret = SECRET) => ({
  [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
  [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
  [WEBHOOK_DELIVERY_HEADER]: "dlv_01"
})

describe("signWebhook", () => {
  it("is the lowercase hex HMAC-SHA256 of `timestamp.body`, keyed with the UTF-8 secret", () => {
    const signature = signWebhook(SECRET, NOW, BODY)
    expect(signature).toBe(reference(SECRET, NOW, BODY))
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
    // A fixed vector (from `openssl dgst -sha256 -hmac`), so a change of format cannot pass unnoticed.
    expect(signWebhook("whsec_test", 1700000000, '{"id":"evt_1"}')).toBe(
      "c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925"
    )
  })
})

describe("verifyWebhook", () => {
  it("accepts a delivery as signed, with its timestamp and delivery id", () => {
    expect(verifyWebhook(SECRET, signed(), BODY, { now: NOW })).toEqual({
      ok: true,
      timestamp: NOW,
      deliveryId: "dlv_01"
    })
  })

  it("reads a web Headers object, and names in any letter case", () => {
    expect(verifyWebhook(SECRET, new Headers(signed()), BODY, { now: NOW })).toMatchObject({ ok: true })
    const upper = Object.fromEntries(Object.entries(signed()).map(([name, value]) => [name.toUpperCase(), value]))
    expect(verifyWebhook(SECRET, upper, BODY, { now: NOW })).toMatchObject({ ok: true, deliveryId: "dlv_01" })
    const lower = Object.fromEntries(Object.entries(signed()).map(([name, value]) => [name.toLowerCase(), value]))
    expect(verifyWebhook(SECRET, lower, BODY, { now: NOW })).toMatchObject({ ok: true })
  })

  it("reads array values, as node:http gives a repeated header, and accepts any matching signature", () => {
    const headers = {
      "x-service-signature": ["0".repeat(64), signWebhook(SECRET, NOW, BODY)],
      "x-service-timestamp": [String(NOW)],
      "x-service-delivery": undefined
    }
    expect(verifyWebhook(SECRET, headers, BODY, { now: NOW })).toEqual({ ok: true, timestamp: NOW })
    const joined = new Headers({ "X-Service-Timestamp": String(NOW) })
    joined.append("X-Service-Signature", "f".repeat(64))
    joined.append("X-Service-Signature", signWebhook(SECRET, NOW, BODY))
    expect(verifyWebhook(SECRET, joined, BODY, { now: NOW })).toMatchObject({ ok: true })
  })

  it("refuses a tampered body or a wrong secret", () => {
    expect(verifyWebhook(SECRET, signed(), `${BODY} `, { now: NOW })).toEqual({ ok: false, reason: "bad_signature" })
    expect(verifyWebhook("another secret", signed(), BODY, { now: NOW })).toEqual({
      ok: false,
      reason: "bad_signature"
    })
    // The timestamp is signed too: moving it forward breaks the signature.
    const moved = { ...signed(), [WEBHOOK_TIMESTAMP_HEADER]: String(NOW + 1) }
    expect(verifyWebhook(SECRET, moved, BODY, { now: NOW })).toEqual({ ok: false, reason: "bad_signature" })
  })

  it("refuses a signature with a `sha256=` prefix or in upper case", () => {
    const signature = signWebhook(SECRET, NOW, BODY)
    for (const variant of [`sha256=${signature}`, signature.toUpperCase(), signature.slice(0, 63)]) {
      const headers = { ...signed(), [WEBHOOK_SIGNATURE_HEADER]: variant }
      expect(verifyWebhook(SECRET, headers, BODY, { now: NOW })).toEqual({ ok: false, reason: "bad_signature" })
    }
  })

  it("refuses stale and future timestamps outside the tolerance, and accepts its edges", () => {
    expect(verifyWebhook(SECRET, signed(NOW - 301), BODY, { now: NOW })).toEqual({ ok: false, reason: "expired" })
    expect(verifyWebhook(SECRET, signed(NOW + 301), BODY, { now: NOW })).toEqual({ ok: false, reason: "expired" })
    expect(verifyWebhook(SECRET, signed(NOW - 300), BODY, { now: NOW })).toMatchObject({ ok: true })
    expect(verifyWebhook(SECRET, signed(NOW + 300), BODY, { now: NOW })).toMatchObject({ ok: true })
    expect(verifyWebhook(SECRET, signed(NOW - 60), BODY, { now: NOW, toleranceSec: 30 })).toEqual({
      ok: false,
      reason: "expired"
    })
  })

  it("checks against the system clock by default", () => {
    const now = Math.floor(Date.now() / 1000)
    expect(verifyWebhook(SECRET, signed(now), BODY)).toMatchObject({ ok: true, timestamp: now })
    expect(verifyWebhook(SECRET, signed(now - 3600), BODY)).toEqual({ ok: false, reason: "expired" })
  })

  it("names a missing signature, a missing timestamp and a malformed one", () => {
    const { [WEBHOOK_SIGNATURE_HEADER]: _signature, ...unsigned } = signed()
    const { [WEBHOOK_TIMESTAMP_HEADER]: _timestamp, ...undated } = signed()
    expect(verifyWebhook(SECRET, unsigned, BODY, { now: NOW })).toEqual({ ok: false, reason: "missing_signature" })
    expect(verifyWebhook(SECRET, { ...signed(), [WEBHOOK_SIGNATURE_HEADER]: "" }, BODY, { now: NOW })).toEqual({
      ok: false,
      reason: "missing_signature"
    })
    expect(verifyWebhook(SECRET, undated, BODY, { now: NOW })).toEqual({ ok: false, reason: "missing_timestamp" })
    expect(verifyWebhook(SECRET, new Headers(), BODY, { now: NOW })).toEqual({ ok: false, reason: "missing_signature" })
    for (const timestamp of ["soon", "1.5e9", "-1767225600", `${NOW}.0`, "1".repeat(20)]) {
      const headers = { ...signed(), [WEBHOOK_TIMESTAMP_HEADER]: timestamp }
      expect(verifyWebhook(SECRET, headers, BODY, { now: NOW })).toEqual({ ok: false, reason: "bad_timestamp" })
    }
  })
})
