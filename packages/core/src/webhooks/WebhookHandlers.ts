import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { pageJson } from "../http/Pages.js"
import { requireTenantManager } from "../http/Security.js"
import type { CatalogSchemas } from "../platform/Products.js"
import type { DeliveryAttempt, WebhookDelivery, WebhookSubscription } from "./Webhook.js"
import { WebhookService } from "./WebhookService.js"
import { webhooksApi } from "./WebhooksApi.js"

const webhookJson = (subscription: WebhookSubscription) => ({
  id: subscription.id,
  url: subscription.url,
  events: subscription.events,
  products: subscription.products,
  ratePerSecond: subscription.ratePerSecond,
  paused: subscription.pausedAt !== null,
  pausedAt: subscription.pausedAt,
  description: subscription.description,
  active: subscription.active,
  disabledReason: subscription.disabledReason,
  failingSince: subscription.failingSince,
  pausedUntil: subscription.pausedUntil,
  createdAt: subscription.createdAt,
  updatedAt: subscription.updatedAt
})

const attemptJson = (attempt: DeliveryAttempt) => ({
  id: attempt.id,
  deliveryId: attempt.deliveryId,
  event: attempt.event,
  eventId: attempt.eventId,
  attempt: attempt.attempt,
  statusCode: attempt.statusCode,
  durationMs: attempt.durationMs,
  error: attempt.error,
  responseBody: attempt.responseBody,
  nextRetryAt: attempt.nextRetryAt,
  createdAt: attempt.createdAt
})

const deliveryJson = (delivery: WebhookDelivery) => ({
  id: delivery.id,
  subscriptionId: delivery.subscriptionId,
  event: delivery.event,
  eventId: delivery.eventId,
  status: delivery.status,
  attempts: delivery.attempts,
  nextAttemptAt: delivery.nextAttemptAt,
  body: delivery.body,
  createdAt: delivery.createdAt,
  updatedAt: delivery.updatedAt
})

export const webhookHandlers = (products: CatalogSchemas) =>
  implement(
    webhooksApi(products),
    Effect.gen(function* () {
      const webhooks = yield* WebhookService
      return {
        listWebhooks: ({ path, urlParams }) =>
          Effect.zipRight(requireTenantManager(path.tenantId), webhooks.list(path.tenantId, urlParams)).pipe(
            Effect.map((listed) => pageJson(listed, webhookJson))
          ),
        createWebhook: ({ path, payload }) =>
          Effect.zipRight(requireTenantManager(path.tenantId), webhooks.create(path.tenantId, payload)).pipe(
            Effect.map(({ subscription, secret }) => ({ ...webhookJson(subscription), secret }))
          ),
        getWebhook: ({ path }) =>
          Effect.zipRight(requireTenantManager(path.tenantId), webhooks.get(path.tenantId, path.id)).pipe(
            Effect.map(webhookJson)
          ),
        updateWebhook: ({ path, payload }) =>
          Effect.zipRight(requireTenantManager(path.tenantId), webhooks.update(path.tenantId, path.id, payload)).pipe(
            Effect.map(webhookJson)
          ),
        deleteWebhook: ({ path }) =>
          Effect.zipRight(requireTenantManager(path.tenantId), webhooks.remove(path.tenantId, path.id)).pipe(
            Effect.map(webhookJson)
          ),
        listWebhookDeliveries: ({ path, urlParams }) =>
          Effect.zipRight(
            requireTenantManager(path.tenantId),
            webhooks.deliveries(path.tenantId, path.id, urlParams)
          ).pipe(Effect.map((listed) => pageJson(listed, attemptJson))),
        testWebhook: ({ path }) =>
          Effect.zipRight(requireTenantManager(path.tenantId), webhooks.test(path.tenantId, path.id)).pipe(
            Effect.map(attemptJson)
          ),
        getWebhookDelivery: ({ path }) =>
          Effect.zipRight(
            requireTenantManager(path.tenantId),
            webhooks.delivery(path.tenantId, path.id, path.deliveryId)
          ).pipe(Effect.map(deliveryJson)),
        recoverWebhookDeliveries: ({ path, payload }) =>
          Effect.zipRight(
            requireTenantManager(path.tenantId),
            webhooks.recover(path.tenantId, path.id, payload.since)
          ).pipe(Effect.map((recovered) => ({ recovered }))),
        retryWebhookDelivery: ({ path }) =>
          Effect.zipRight(
            requireTenantManager(path.tenantId),
            webhooks.retry(path.tenantId, path.id, path.deliveryId)
          ).pipe(Effect.map(attemptJson))
      }
    })
  )
