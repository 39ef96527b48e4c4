import type { DeliveryAttempt, WebhookDelivery, WebhookSubscription } from "@servicekit/core/webhooks"
import type { Insertable, Kysely, Selectable } from "kysely"
import type { TenantTable } from "../Keyset.js"
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookSubscriptionsTable, WebhookTables } from "./Tables.js"

/** The webhook tables as the repositories query them, and their rows as records and back. */
export type Db = Kysely<WebhookTables>

export const toSubscriptionRow = (subscription: WebhookSubscription): Insertable<WebhookSubscriptionsTable> => ({
  tenant_id: subscription.tenantId,
  id: subscription.id,
  url: subscription.url,
  events: subscription.events,
  products: subscription.products,
  rate_per_second: subscription.ratePerSecond,
  paused_at: subscription.pausedAt,
  description: subscription.description,
  sealed_secret: subscription.sealedSecret,
  active: subscription.active,
  disabled_reason: subscription.disabledReason,
  failing_since: subscription.failingSince,
  paused_until: subscription.pausedUntil,
  created_at: subscription.createdAt,
  updated_at: subscription.updatedAt
})

export const toSubscription = (row: Selectable<WebhookSubscriptionsTable>): WebhookSubscription => ({
  id: row.id,
  tenantId: row.tenant_id,
  url: row.url,
  events: row.events,
  products: row.products,
  ratePerSecond: row.rate_per_second,
  pausedAt: row.paused_at,
  description: row.description,
  sealedSecret: row.sealed_secret,
  active: row.active,
  disabledReason: row.disabled_reason,
  failingSince: row.failing_since,
  pausedUntil: row.paused_until,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

export const toDeliveryRow = (delivery: WebhookDelivery): Insertable<WebhookDeliveriesTable> => ({
  tenant_id: delivery.tenantId,
  id: delivery.id,
  subscription_id: delivery.subscriptionId,
  event_id: delivery.eventId,
  event: delivery.event,
  body: delivery.body,
  status: delivery.status,
  attempts: delivery.attempts,
  next_attempt_at: delivery.nextAttemptAt,
  created_at: delivery.createdAt,
  updated_at: delivery.updatedAt
})

export const toDelivery = (row: Selectable<WebhookDeliveriesTable>): WebhookDelivery => ({
  id: row.id,
  tenantId: row.tenant_id,
  subscriptionId: row.subscription_id,
  eventId: row.event_id,
  event: row.event,
  body: row.body,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

export const toAttempt = (row: Selectable<WebhookAttemptsTable>): DeliveryAttempt => ({
  id: row.id,
  tenantId: row.tenant_id,
  subscriptionId: row.subscription_id,
  deliveryId: row.delivery_id,
  eventId: row.event_id,
  event: row.event,
  attempt: row.attempt,
  statusCode: row.status_code,
  durationMs: row.duration_ms,
  error: row.error,
  responseBody: row.response_body,
  nextRetryAt: row.next_retry_at,
  createdAt: row.created_at
})

export const subscriptions: TenantTable<Selectable<WebhookSubscriptionsTable>, WebhookSubscription> = {
  name: "webhook_subscriptions",
  toRecord: toSubscription
}

export const deliveries: TenantTable<Selectable<WebhookDeliveriesTable>, WebhookDelivery> = {
  name: "webhook_deliveries",
  toRecord: toDelivery
}

export const attempts: TenantTable<Selectable<WebhookAttemptsTable>, DeliveryAttempt> = {
  name: "webhook_attempts",
  toRecord: toAttempt
}

