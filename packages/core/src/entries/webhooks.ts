/** @servicekit/core/webhooks — the webhooks' records, errors and service, for every product's events. */
export type { DeliveryAttempt, DeliveryStatus, WebhookDelivery, WebhookSubscription } from "../webhooks/Webhook.js"
export { WebhookDeliveryNotFound, WebhookDeliveryPending, WebhookNotFound } from "../webhooks/WebhookErrors.js"
export { WebhookService } from "../webhooks/WebhookService.js"
