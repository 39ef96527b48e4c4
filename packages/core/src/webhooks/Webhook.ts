/** The records of the platform's webhooks: the events they carry are the products' (the catalog's `events`). */

/** How much of a receiver's answer an attempt keeps: enough to read its error, never a whole page. */
export const MAX_ANSWER_CHARS = 1_000

export interface WebhookSubscription {
  readonly id: string
  readonly tenantId: string
  readonly url: string
  /**
   * Names of the catalog's events it receives, beside every event of `products`; with both empty,
   * it receives every event (see receives).
   */
  readonly events: ReadonlyArray<string>
  /** Products (keys of the catalog) whose every event it receives. */
  readonly products: ReadonlyArray<string>
  /** At most this many deliveries a second, spaced evenly; null for as fast as they come. */
  readonly ratePerSecond: number | null
  /** Since when the tenant has held its deliveries (they wait, and go out once resumed); null while not. */
  readonly pausedAt: Date | null
  readonly description: string | null
  /** The signing secret, sealed with the secret box. */
  readonly sealedSecret: string
  readonly active: boolean
  /**
   * Why ServiceKit turned it off (`gone`: the receiver answered 410; `failing`: every attempt
   * failed for the settings' `disableAfterMs`); null while active or turned off by the tenant.
   */
  readonly disabledReason: string | null
  /** The first failed attempt since the receiver last answered 2xx; null while it answers. */
  readonly failingSince: Date | null
  /** While its receiver keeps failing, its deliveries wait until then (the circuit is open). */
  readonly pausedUntil: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

export type DeliveryStatus = "pending" | "succeeded" | "failed"

/** One event for one subscription, tried until it succeeds, fails for good or grows too old. */
export interface WebhookDelivery {
  /** Sent as the delivery id header: the same on every attempt. */
  readonly id: string
  readonly tenantId: string
  readonly subscriptionId: string
  readonly eventId: string
  readonly event: string
  /** The exact JSON body signed and sent on every attempt. */
  readonly body: string
  readonly status: DeliveryStatus
  readonly attempts: number
  /** When the next attempt is due; null once it succeeded or failed for good. */
  readonly nextAttemptAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** One attempt of a delivery, as its history shows it. */
export interface DeliveryAttempt {
  readonly id: string
  readonly tenantId: string
  readonly subscriptionId: string
  readonly deliveryId: string
  readonly eventId: string
  readonly event: string
  /** 1 for the first attempt. */
  readonly attempt: number
  /** The receiver's status code; null when no answer came (refused, network error, timeout). */
  readonly statusCode: number | null
  readonly durationMs: number
  readonly error: string | null
  /** The first MAX_ANSWER_CHARS characters of the receiver's body; null when no answer came. */
  readonly responseBody: string | null
  /** When it is tried again; null when this attempt ended the delivery. */
  readonly nextRetryAt: Date | null
  readonly createdAt: Date
}
