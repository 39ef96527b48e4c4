import { Context, Effect } from "effect"
import type { EventSubscriber } from "../jobs/EventBus.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import type { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import type { Listed } from "../platform/Keyset.js"
import type {
  WebhookDeliveryNotFound,
  WebhookDeliveryPending,
  WebhookInactive,
  WebhookLimitReached,
  WebhookNotFound
} from "./WebhookErrors.js"
import type { Catalog } from "../platform/Products.js"
import type { DeliveryAttempt, WebhookDelivery, WebhookSubscription } from "./Webhook.js"
import type { CreatedSubscription, PageQuery, SubscriptionInput, SubscriptionPatch } from "./WebhookInputs.js"

/**
 * Signed webhooks for the products' events (the catalog's `events`): subscriptions with a secret shown once and kept sealed, one
 * delivery per event and subscription written in the dispatcher's unit of work, and attempts
 * retried with backoff until they succeed, fail for good or grow too old; every attempt lands in
 * the subscription's history.
 */
export class WebhookService extends Context.Tag("@servicekit/core/WebhookService")<
  WebhookService,
  {
    readonly create: (
      tenantId: string,
      input: SubscriptionInput
    ) => Effect.Effect<CreatedSubscription, ValidationFailed | PermissionDenied | WebhookLimitReached>
    readonly get: (tenantId: string, id: string) => Effect.Effect<WebhookSubscription, WebhookNotFound>
    readonly list: (tenantId: string, query: PageQuery) => Effect.Effect<Listed<WebhookSubscription>, ValidationFailed>
    /** Resumed (`paused: false`), its deliveries that waited go out at once. */
    readonly update: (
      tenantId: string,
      id: string,
      patch: SubscriptionPatch
    ) => Effect.Effect<WebhookSubscription, ValidationFailed | PermissionDenied | WebhookNotFound>
    readonly remove: (tenantId: string, id: string) => Effect.Effect<WebhookSubscription, WebhookNotFound>
    /** The subscription's attempts, newest first. */
    readonly deliveries: (
      tenantId: string,
      id: string,
      query: PageQuery
    ) => Effect.Effect<Listed<DeliveryAttempt>, ValidationFailed | WebhookNotFound>
    /** Sends a signed `webhook.test` event now, once, and answers its attempt. */
    readonly test: (tenantId: string, id: string) => Effect.Effect<DeliveryAttempt, WebhookNotFound>
    /**
     * Sends a delivery whose retries have ended (it succeeded or failed) once more, now, with its
     * delivery id, and answers the attempt; one still being retried is refused.
     */
    readonly retry: (
      tenantId: string,
      id: string,
      deliveryId: string
    ) => Effect.Effect<DeliveryAttempt, WebhookNotFound | WebhookDeliveryNotFound | WebhookDeliveryPending>
    /** One delivery of the subscription: its state and the body it sends, as signed. */
    readonly delivery: (
      tenantId: string,
      id: string,
      deliveryId: string
    ) => Effect.Effect<WebhookDelivery, WebhookNotFound | WebhookDeliveryNotFound>
    /**
     * Sends again, through the queue, the subscription's deliveries that failed for good since
     * `since` (at most RECOVER_LIMIT, the oldest first); how many. A subscription turned off is refused.
     */
    readonly recover: (
      tenantId: string,
      id: string,
      since: Date
    ) => Effect.Effect<number, WebhookNotFound | WebhookInactive>
    /** One attempt of each of the tenant's deliveries that is due: the handler of `webhookQueue`. */
    readonly deliver: (tenantId: string, deliveryIds: ReadonlyArray<string>) => Effect.Effect<void>
    /** Queues every delivery whose attempt is due, in case its job was lost. */
    readonly drain: Effect.Effect<number>
    /** Writes the deliveries of a batch of the products' events (in the dispatcher's unit of work). */
    readonly fanOut: (events: ReadonlyArray<DomainEvent>) => Effect.Effect<void>
  }
>() {}

/** The catalog's events (those sent: with a body) become webhook deliveries as the dispatcher hands them on. */
export const webhookSubscriber = (catalog: Catalog): EventSubscriber<WebhookService> => ({
  name: "webhooks",
  types: catalog.events.filter((event) => event.body !== undefined).map((event) => event.name),
  handle: (events) => Effect.flatMap(WebhookService, (service) => service.fanOut(events))
})
