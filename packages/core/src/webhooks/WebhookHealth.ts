import type { WebhookSettings } from "../platform/Settings.js"
import type { WebhookSubscription } from "./Webhook.js"

/** What one attempt said of its receiver: it answered 2xx, it failed, or it answered 410 Gone. */
export type ReceiverAnswer = "ok" | "failed" | "gone"

/** A subscription's circuit as its latest attempts left it. */
export interface SubscriptionHealth {
  /** The first failed attempt of the current streak (a stored one is kept); null once it answers. */
  readonly failingSince: Date | null
  /** Its deliveries wait until then; null to send them at once. */
  readonly pausedUntil: Date | null
  /** Set when ServiceKit turns the subscription off: `gone` or `failing`. */
  readonly disabledReason: "gone" | "failing" | null
}

/**
 * The circuit breaker: a receiver that fails every attempt is paused for a tenth of the time it
 * has been failing (at most the longest retry wait), so it is tried less and less often; after
 * `disableAfterMs` of failures it is turned off (`failing`), after a 410 at once (`gone`). Any
 * 2xx closes the circuit. Undefined when nothing changes, so a healthy receiver costs no write.
 */
export const healthAfter = (
  subscription: WebhookSubscription,
  answers: ReadonlyArray<ReceiverAnswer>,
  at: Date,
  config: Pick<WebhookSettings, "disableAfterMs" | "retryMaxMs">
): SubscriptionHealth | undefined => {
  if (answers.length === 0) return undefined
  if (answers.includes("gone")) return { failingSince: subscription.failingSince, pausedUntil: null, disabledReason: "gone" }
  if (answers.includes("ok")) {
    return subscription.failingSince === null && subscription.pausedUntil === null
      ? undefined
      : { failingSince: null, pausedUntil: null, disabledReason: null }
  }
  const failingSince = subscription.failingSince ?? at
  const failingFor = at.getTime() - failingSince.getTime()
  if (failingFor >= config.disableAfterMs) return { failingSince, pausedUntil: null, disabledReason: "failing" }
  const pause = Math.min(config.retryMaxMs, Math.floor(failingFor / 10))
  return { failingSince, pausedUntil: pause > 0 ? new Date(at.getTime() + pause) : null, disabledReason: null }
}

/** Whether the subscription's deliveries wait at `at`. */
export const isPaused = (subscription: WebhookSubscription, at: Date) =>
  subscription.pausedUntil !== null && subscription.pausedUntil > at
