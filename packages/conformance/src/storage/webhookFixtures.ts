import type { DeliveryAttempt, WebhookDelivery, WebhookSubscription } from "@servicekit/core/webhooks"
import { WebhookSubscriptionRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { at, insertTenant, newestFirst, oldestFirst, uuid } from "./fixtures.js"

/** Subscriptions, deliveries and attempts the webhook suites share. */
export const makeSubscription = (tenantId: string, overrides: Partial<WebhookSubscription> = {}): WebhookSubscription => ({
  id: uuid(),
  tenantId,
  url: "https://hooks.example.com/servicekit",
  events: ["message.created", "conversation.created"],
  products: [],
  ratePerSecond: null,
  pausedAt: null,
  description: null,
  sealedSecret: "v1.sealed.c2VjcmV0",
  active: true,
  disabledReason: null,
  failingSince: null,
  pausedUntil: null,
  createdAt: at("2026-06-01T09:00:00.000Z"),
  updatedAt: at("2026-06-01T09:00:00.000Z"),
  ...overrides
})

export const makeDelivery = (
  subscription: WebhookSubscription,
  overrides: Partial<WebhookDelivery> = {}
): WebhookDelivery => ({
  id: uuid(),
  tenantId: subscription.tenantId,
  subscriptionId: subscription.id,
  eventId: uuid(),
  event: "message.created",
  body: '{"type":"message.created","data":{}}',
  status: "pending",
  attempts: 0,
  nextAttemptAt: at("2026-06-01T09:00:00.000Z"),
  createdAt: at("2026-06-01T09:00:00.000Z"),
  updatedAt: at("2026-06-01T09:00:00.000Z"),
  ...overrides
})

export const makeAttempt = (delivery: WebhookDelivery, overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  id: uuid(),
  tenantId: delivery.tenantId,
  subscriptionId: delivery.subscriptionId,
  deliveryId: delivery.id,
  eventId: delivery.eventId,
  event: delivery.event,
  attempt: 1,
  statusCode: 200,
  durationMs: 87,
  error: null,
  responseBody: '{"received":true} — ✓',
  nextRetryAt: null,
  createdAt: at("2026-06-01T09:00:01.000Z"),
  ...overrides
})

export const subscriptionsNewestFirst = newestFirst<WebhookSubscription>((subscription) => subscription.createdAt)

export const subscriptionsOldestFirst = oldestFirst<WebhookSubscription>((subscription) => subscription.createdAt)

export const attemptsNewestFirst = newestFirst<DeliveryAttempt>((attempt) => attempt.createdAt)

/** A stored subscription of a new tenant. */
export const storedSubscription = (overrides: Partial<WebhookSubscription> = {}) =>
  Effect.gen(function* () {
    const tenant = yield* insertTenant()
    const subscription = makeSubscription(tenant.id, overrides)
    yield* (yield* WebhookSubscriptionRepository).save(subscription)
    return subscription
  })
