import { Effect, Layer } from "effect"
import { EventBus } from "../jobs/EventBus.js"
import { makeWebhookDeliveries } from "./WebhookDeliveries.js"
import { WebhookSubscriptionRepository } from "./WebhookRepositories.js"
import { makeWebhookSender } from "./WebhookSender.js"
import { makeWebhookSubscriptions } from "./WebhookSubscriptions.js"
import { WebhookService } from "./WebhookService.js"

/**
 * The webhook service, made of its parts: subscriptions and deliveries over one signed sender. The
 * event bus learns that the webhooks hear a tenant's event only when one of its active
 * subscriptions lists it, so that an event no endpoint wants is never written.
 */
export const webhookServiceLayer = Layer.effect(
  WebhookService,
  Effect.gen(function* () {
    const sender = yield* makeWebhookSender
    const subscriptions = yield* WebhookSubscriptionRepository
    yield* (yield* EventBus).hearing("webhooks", (asked) =>
      Effect.map(subscriptions.eventsOf(asked.map((event) => event.tenantId)), (listed) =>
        asked.map((event) => listed.get(event.tenantId)?.has(event.type) ?? false)
      )
    )
    return {
      ...(yield* makeWebhookSubscriptions(sender)),
      ...(yield* makeWebhookDeliveries(sender))
    }
  })
)
