import { Schema } from "effect"
import { Timestamp, UuidText } from "../http/Schemas.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import { eventBody, sentEvent } from "../module/EventBodies.js"
import type { ProductEvent } from "../platform/Products.js"
import type { WebhookSubscription } from "./Webhook.js"

/** The webhooks' own event: any tenant may subscribe to it, whatever its products. */
export const EndpointDisabledEvent = eventBody(
  "endpoint.disabled",
  "EndpointDisabledEvent",
  {
    endpoint: Schema.Struct({
      id: UuidText,
      url: Schema.String,
      description: Schema.NullOr(Schema.String),
      reason: Schema.Literal("failing", "gone").annotations({
        description: "`failing`: every attempt failed for the configured time (5 days by default); `gone`: it answered 410."
      }),
      failingSince: Schema.NullOr(Timestamp)
    })
  },
  "One of the tenant's endpoints was turned off (`reason`); sent to its other endpoints that receive this event. PATCH `active: true` turns it on again.",
  {
    eventId: "3e9a1d5b-7c2f-4b8e-a0d6-9f4c2e8b1a57",
    timestamp: "2026-03-19T09:26:53.000Z",
    payload: {
      endpoint: {
        id: "c7b3f9e1-5d2a-4c8f-b6e0-1a9d3f7c5e24",
        url: "https://example.com/webhooks/servicekit",
        description: "Order system",
        reason: "failing",
        failingSince: "2026-03-14T09:26:53.000Z"
      }
    }
  }
)

export const webhookEvents: ReadonlyArray<ProductEvent> = [sentEvent(EndpointDisabledEvent)]

/** `endpoint.disabled` for `subscription`, turned off at `at` for `reason`. */
export const endpointDisabledEvent = (
  id: string,
  subscription: WebhookSubscription,
  reason: "failing" | "gone",
  failingSince: Date | null,
  at: Date
): DomainEvent => ({
  id,
  tenantId: subscription.tenantId,
  aggregate: `webhook:${subscription.id}`,
  type: "endpoint.disabled",
  payload: {
    endpoint: {
      id: subscription.id,
      url: subscription.url,
      description: subscription.description,
      reason,
      failingSince: failingSince?.toISOString() ?? null
    }
  },
  occurredAt: at
})
