import { Effect } from "effect"
import { defineModule } from "../module/ProductModule.js"
import { webhookEvents } from "./WebhookEvents.js"
import { webhookHandlers } from "./WebhookHandlers.js"
import { WebhookDeliveryRepository, layerMemoryWebhooks } from "./WebhookRepositories.js"
import { deliveryIdsOf, webhookQueue } from "./WebhookQueue.js"
import { WebhookService, webhookSubscriber } from "./WebhookService.js"
import { webhookServiceLayer } from "./WebhookServiceLayer.js"
import { webhookSettings } from "./WebhookSettings.js"

/**
 * Signed webhooks for every product's events: a tenant's subscriptions, the deliveries written as
 * the dispatcher hands the events on, their attempts and retries, and the sweep that catches a
 * lost job. It knows no product: each product declares the events it sends (its declaration's
 * `events`), and the kit's catalog lists them.
 */
export const webhooks = defineModule({
  name: "webhooks",
  // A key of any product may manage the tenant's subscriptions (to the events of what it is entitled to).
  scopes: ["webhooks:manage"],
  events: webhookEvents,
  settings: webhookSettings,
  groups: (products) => [webhookHandlers(products)],
  services: webhookServiceLayer,
  memory: layerMemoryWebhooks,
  subscribers: (catalog) => [webhookSubscriber(catalog)],
  workers: [
    {
      queue: webhookQueue,
      concurrency: 50,
      handle: (job) =>
        Effect.flatMap(WebhookService, (webhooks) =>
          webhooks.deliver(String(job.payload.tenantId), deliveryIdsOf(job.payload))
        )
    }
  ],
  // Svix keeps a delivery's payload and attempts 90 days; so do we unless the platform says otherwise.
  retention: [
    {
      kind: "webhooks.deliveries",
      description: "Deliveries that succeeded or failed for good, with their attempts and payloads, from when they ended",
      defaultDays: 90,
      prune: (before, limit, tenantId) =>
        Effect.flatMap(WebhookDeliveryRepository, (deliveries) => deliveries.pruneEnded(before, limit, tenantId))
    }
  ],
  periodic: [
    {
      name: "webhooks.drain",
      every: (settings) => settings.webhooks.drainIntervalMs,
      run: Effect.flatMap(WebhookService, (webhooks) => webhooks.drain)
    }
  ]
})
