import { Effect, Layer } from "effect"
import { EventBus } from "../jobs/EventBus.js"
import { ProductCatalog } from "../platform/Products.js"
import { productsOfEvents, receives } from "./WebhookFilters.js"
import { makeWebhookDeliveries } from "./WebhookDeliveries.js"
import { WebhookSubscriptionRepository } from "./WebhookRepositories.js"
import { makeWebhookSender } from "./WebhookSender.js"
import { makeWebhookSubscriptions } from "./WebhookSubscriptions.js"
import { WebhookService } from "./WebhookService.js"

/**
 * The webhook service, made of its parts: subscriptions and deliveries over one signed sender. The
 * event bus learns that the webhooks hear a tenant's event only when one of its active
 * subscriptions receives it, so that an event no endpoint wants is never written.
 */
export const webhookServiceLayer = Layer.effect(
  WebhookService,
  Effect.gen(function* () {
    const sender = yield* makeWebhookSender
    const subscriptions = yield* WebhookSubscriptionRepository
    const productOfEvent = productsOfEvents((yield* ProductCatalog).events)
    yield* (yield* EventBus).hearing("webhooks", (asked) =>
      Effect.map(subscriptions.activeOf(asked.map((event) => event.tenantId)), (active) =>
        asked.map((event) =>
          (active.get(event.tenantId) ?? []).some((one) => receives(one, event.type, productOfEvent.get(event.type)))
        )
      )
    )
    return {
      ...(yield* makeWebhookSubscriptions(sender)),
      ...(yield* makeWebhookDeliveries(sender))
    }
  })
)
