import { signWebhook } from "@servicekit/core/internal"
import { verifyWebhook } from "@servicekit/client/webhooks"
import { describe, expect, it } from "vitest"

const secret = "whsec_0123456789abcdefghijklmnopqrstuv"
const now = 1_795_766_400
const body = JSON.stringify({
  event: "webhook.test",
  eventId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  timestamp: "2026-11-27T08:00:00.000Z",
  payload: { subscriptionId: "0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4", message: "A test event from ServiceKit." }
})

/** The headers ServiceKit sends with a delivery, signed by the server's own signer. */
const signed = (overrides: Record<string, string | Array<string>> = {}, at = now, text = body) => ({
  "x-service-signature": signWebhook(secret, at, text),
  "x-service-timestamp": String(at),
  "x-service-delivery": "d-1",
  ...overrides
})

describe("verifyWebhook", () => {
  it("accepts what ServiceKit signs, from node's header record, a web Headers and raw bytes alike, and types the event", async () => {
    const fromRecord = await verifyWebhook({ secret, headers: signed(), rawBody: body, now })
    expect(fromRecord).toEqual({ ok: true, event: JSON.parse(body), deliveryId: "d-1", timestamp: now })
    const fromHeaders = await verifyWebhook({
      secret,
      headers: new Headers(signed()),
      rawBody: new TextEncoder().encode(body),
      now
    })
    expect(fromHeaders.ok).toBe(true)
    if (fromHeaders.ok && fromHeaders.event.event === "webhook.test") {
      expect(fromHeaders.event.payload.message).toBe("A test event from ServiceKit.")
    }
    // A body in UTF-8 beyond ASCII is signed as bytes.
    const accented = body.replace("A test event", "Ein Testereignis, grüße")
    const headers = signed({}, now, accented)
    expect((await verifyWebhook({ secret, headers, rawBody: Buffer.from(accented), now })).ok).toBe(true)
  })

  it("refuses a missing or altered signature, a bad or stale timestamp and a body that is no event, naming why", async () => {
    const refusal = async (headers: Record<string, string | Array<string>>, rawBody = body, at = now) => {
      const verified = await verifyWebhook({ secret, headers, rawBody, now: at })
      return verified.ok ? "accepted" : verified.reason
    }
    const { "x-service-signature": signature, ...unsigned } = signed()
    expect(await refusal(unsigned)).toBe("missing_signature")
    const { "x-service-timestamp": _, ...undated } = signed()
    expect(await refusal(undated)).toBe("missing_timestamp")
    expect(await refusal(signed({ "x-service-timestamp": "1795766400.5" }))).toBe("bad_timestamp")
    expect(await refusal(signed({ "x-service-timestamp": ["1795766400", "1795766401"] }))).toBe("bad_timestamp")
    expect(await refusal(signed({}, now - 301))).toBe("expired")
    expect(await refusal(signed({}, now + 301))).toBe("expired")
    expect(await verifyWebhook({ secret, headers: signed({}, now - 500), rawBody: body, now, toleranceSeconds: 600 })).toMatchObject({ ok: true })
    expect(await refusal(signed(), body.replace("test event", "test evenT"))).toBe("bad_signature")
    expect(await refusal(signed({ "x-service-signature": signature.slice(0, -1) }))).toBe("bad_signature")
    expect(await refusal(signed({ "x-service-signature": `${signature}0` }))).toBe("bad_signature")
    expect(
      (await verifyWebhook({ secret: `${secret}x`, headers: signed(), rawBody: body, now })).ok,
      "another secret"
    ).toBe(false)
    // The timestamp is signed: moving it within the window breaks the signature.
    expect(await refusal(signed({ "x-service-timestamp": String(now - 1) }))).toBe("bad_signature")
    expect(await refusal(signed({}, now, "[1,2]"), "[1,2]")).toBe("bad_body")
    expect(await refusal(signed({}, now, "not json"), "not json")).toBe("bad_body")
  })

  it("accepts a delivery when any of several signatures matches (a secret being rotated)", async () => {
    const headers = signed({ "x-service-signature": [`${"0".repeat(64)}`, signWebhook(secret, now, body)] })
    expect((await verifyWebhook({ secret, headers, rawBody: body, now })).ok).toBe(true)
    const joined = signed({ "x-service-signature": `${"0".repeat(64)}, ${signWebhook(secret, now, body)}` })
    expect((await verifyWebhook({ secret, headers: joined, rawBody: body, now })).ok).toBe(true)
  })
})
