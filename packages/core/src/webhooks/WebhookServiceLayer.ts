import { Effect, Layer } from "effect"
import { makeWebhookDeliveries } from "./WebhookDeliveries.js"
import { makeWebhookSender } from "./WebhookSender.js"
import { makeWebhookSubscriptions } from "./WebhookSubscriptions.js"
import { WebhookService } from "./WebhookService.js"

/** The webhook service, made of its parts: subscriptions and deliveries over one signed sender. */
export const webhookServiceLayer = Layer.effect(
  WebhookService,
  Effect.gen(function* () {
    const sender = yield* makeWebhookSender
    return {
      ...(yield* makeWebhookSubscriptions(sender)),
      ...(yield* makeWebhookDeliveries(sender))
    }
  })
)
