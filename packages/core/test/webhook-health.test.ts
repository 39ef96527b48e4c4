import { describe, expect, it } from "vitest"
import type { WebhookSubscription } from "../src/webhooks/Webhook.js"
import { healthAfter, isPaused } from "../src/webhooks/WebhookHealth.js"

const HOUR = 3_600_000
const config = { disableAfterMs: 5 * 24 * HOUR, retryMaxMs: HOUR }
const start = new Date("2026-11-01T00:00:00.000Z")
const later = (ms: number) => new Date(start.getTime() + ms)
const subscription = (overrides: Partial<WebhookSubscription> = {}): WebhookSubscription => ({
  id: "s",
  tenantId: "t",
  url: "https://hooks.example.com/",
  events: ["message.created"],
  products: [],
  ratePerSecond: null,
  pausedAt: null,
  description: null,
  sealedSecret: "sealed",
  active: true,
  disabledReason: null,
  failingSince: null,
  pausedUntil: null,
  createdAt: start,
  updatedAt: start,
  ...overrides
})

describe("a webhook subscription's circuit", () => {
  it("costs a healthy receiver nothing: no change to store", () => {
    expect(healthAfter(subscription(), ["ok", "ok"], start, config)).toBeUndefined()
    expect(healthAfter(subscription(), [], start, config)).toBeUndefined()
  })

  it("starts a streak at the first failure, without a pause yet", () => {
    expect(healthAfter(subscription(), ["failed"], start, config)).toEqual({
      failingSince: start,
      pausedUntil: null,
      disabledReason: null
    })
  })

  it("pauses a tenth of the time it has been failing, at most the longest retry wait", () => {
    const failing = subscription({ failingSince: start })
    expect(healthAfter(failing, ["failed"], later(60_000), config)?.pausedUntil).toEqual(later(66_000))
    expect(healthAfter(failing, ["failed"], later(5 * HOUR), config)?.pausedUntil).toEqual(later(5.5 * HOUR))
    expect(healthAfter(failing, ["failed"], later(20 * HOUR), config)?.pausedUntil).toEqual(later(21 * HOUR))
    expect(healthAfter(failing, ["failed", "failed"], later(60_000), config)?.failingSince).toEqual(start)
  })

  it("turns it off as failing once every attempt failed for the whole time allowed", () => {
    const failing = subscription({ failingSince: start, pausedUntil: later(HOUR) })
    expect(healthAfter(failing, ["failed"], later(5 * 24 * HOUR - 1), config)?.disabledReason).toBeNull()
    expect(healthAfter(failing, ["failed"], later(5 * 24 * HOUR), config)).toEqual({
      failingSince: start,
      pausedUntil: null,
      disabledReason: "failing"
    })
  })

  it("closes on any answer, and turns it off at once on a 410", () => {
    const failing = subscription({ failingSince: start, pausedUntil: later(HOUR) })
    expect(healthAfter(failing, ["failed", "ok"], later(1), config)).toEqual({
      failingSince: null,
      pausedUntil: null,
      disabledReason: null
    })
    expect(healthAfter(subscription(), ["ok", "gone"], start, config)?.disabledReason).toBe("gone")
  })

  it("holds deliveries only until the pause ends", () => {
    const paused = subscription({ failingSince: start, pausedUntil: later(1_000) })
    expect(isPaused(paused, later(999))).toBe(true)
    expect(isPaused(paused, later(1_000))).toBe(false)
    expect(isPaused(subscription(), start)).toBe(false)
  })
})
