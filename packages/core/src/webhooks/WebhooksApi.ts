import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../http/Pages.js"
import {
  Integer,
  Timestamp,
  TimestampInput,
  Uuid,
  UuidText,
  cappedList,
  withReason,
  withoutNul
} from "../http/Schemas.js"
import { ApiKeyOrDashboardAuth, RequiredScope } from "../http/Security.js"
import { DocumentedWebhooks } from "../http/DocumentAnnotations.js"
import { eventBody } from "../module/EventBodies.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import type { CatalogSchemas } from "../platform/Products.js"
import {
  WebhookDeliveryNotFound,
  WebhookDeliveryPending,
  WebhookInactive,
  WebhookLimitReached,
  WebhookNotFound
} from "./WebhookErrors.js"
import { MAX_RATE_PER_SECOND, MAX_SUBSCRIPTIONS } from "./WebhookFilters.js"
import { MAX_ANSWER_CHARS } from "./Webhook.js"
import {
  DEFAULT_PAGE_SIZE,
  MAX_DESCRIPTION_LENGTH,
  MAX_PAGE_SIZE,
  MAX_URL_LENGTH,
  RECOVER_LIMIT,
  TEST_EVENT
} from "./WebhookInputs.js"

/** The body of the test event, which only `POST .../test` sends. */
const WebhookTestEvent = eventBody(
  TEST_EVENT,
  "WebhookTestEvent",
  { subscriptionId: UuidText, message: Schema.String },
  "Sent only by `POST /tenants/{tenantId}/webhooks/{id}/test`, to every subscription whatever its events.",
  {
    eventId: "9b5d1f3a-6e8c-4a2b-8d7f-0c4e6a2b8d91",
    timestamp: "2026-03-14T09:26:53.000Z",
    payload: { subscriptionId: "c7b3f9e1-5d2a-4c8f-b6e0-1a9d3f7c5e24", message: "A test event from ServiceKit." }
  }
)

const webhookJson = (Event: Schema.Schema<string>, Product: Schema.Schema<string>) =>
  Schema.Struct({
    id: UuidText,
    url: Schema.String,
    events: Schema.Array(Event).annotations({
      description: "The events it receives, beside every event of `products`; with both empty, it receives every event."
    }),
    products: Schema.Array(Product).annotations({ description: "The products whose every event it receives." }),
    ratePerSecond: Schema.NullOr(Integer).annotations({
      description: "Its throttle: at most this many deliveries a second, spaced evenly; null for as fast as they come."
    }),
    paused: Schema.Boolean.annotations({
      description:
        "Paused by the tenant: its deliveries wait (up to their maximum age) and go out once it is resumed (`paused: false`)."
    }),
    pausedAt: Schema.NullOr(Timestamp).annotations({ description: "Since when it is paused; null while not." }),
    description: Schema.NullOr(Schema.String),
    active: Schema.Boolean,
    disabledReason: Schema.NullOr(Schema.String),
    failingSince: Schema.NullOr(Timestamp).annotations({
      description: "When the receiver started failing every attempt; null while it answers 2xx."
    }),
    pausedUntil: Schema.NullOr(Timestamp).annotations({
      description:
        "While the receiver keeps failing, ServiceKit holds deliveries until then: a tenth of the time it has been failing, at most an hour."
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp
  }).annotations({
    identifier: "WebhookSubscription",
    description:
      "`disabledReason` says why ServiceKit turned the subscription off (`gone`: the receiver answered 410; `failing`: every attempt failed for 5 days, or as the platform sets it); setting `active` to true turns it on again, with a fresh start."
  })

const DeliveryAttemptJson = Schema.Struct({
  id: UuidText,
  deliveryId: UuidText,
  event: Schema.String,
  eventId: UuidText,
  attempt: Integer,
  statusCode: Schema.NullOr(Integer),
  durationMs: Integer,
  error: Schema.NullOr(Schema.String),
  responseBody: Schema.NullOr(Schema.String).annotations({
    description: `The first ${MAX_ANSWER_CHARS} characters of the body the receiver answered; null when no answer came (and on attempts recorded before it was kept).`
  }),
  nextRetryAt: Schema.NullOr(Timestamp),
  createdAt: Timestamp
}).annotations({
  identifier: "WebhookDeliveryAttempt",
  description:
    "One attempt to deliver one event: `deliveryId` is the `X-Service-Delivery` header, the same on every attempt of that event; `statusCode` is null when no answer came; `nextRetryAt` is null when this attempt ended the delivery."
})

const DeliveryJson = Schema.Struct({
  id: UuidText,
  subscriptionId: UuidText,
  event: Schema.String,
  eventId: UuidText,
  status: Schema.Literal("pending", "succeeded", "failed").annotations({
    description: "`pending` while attempts are due, `succeeded` once the receiver answered 2xx, `failed` once it was given up."
  }),
  attempts: Integer,
  nextAttemptAt: Schema.NullOr(Timestamp),
  body: Schema.String.annotations({
    description:
      "The exact JSON text every attempt POSTs, as signed: `{ event, eventId, timestamp, payload }` (the signature is over `<X-Service-Timestamp>.<body>`)."
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "WebhookDelivery",
  description: "One event for one subscription: its state, and the body its attempts send."
})

const RecoverBody = Schema.Struct({
  since: TimestampInput
})

const RecoveredJson = Schema.Struct({
  recovered: Integer.annotations({
    description: `How many failed deliveries were queued again (at most ${RECOVER_LIMIT}: call again for more).`
  })
}).annotations({ identifier: "RecoveredWebhookDeliveries" })

const Url = withReason(withoutNul(Schema.String), `must be an https URL of at most ${MAX_URL_LENGTH} characters`)
/** The least a subscription's list of events may hold; more when the catalog has more, so that a list naming each once always fits. */
const MIN_EVENTS_CAP = 20

const Description = withReason(
  Schema.NullOr(withoutNul(Schema.String)),
  `must be a string of at most ${MAX_DESCRIPTION_LENGTH} characters, or null`
)
const TrueOrFalse = withReason(Schema.Boolean, "must be true or false")
const RatePerSecond = withReason(
  Schema.NullOr(Integer.pipe(Schema.between(1, MAX_RATE_PER_SECOND))),
  `must be a whole number from 1 to ${MAX_RATE_PER_SECOND}, or null`
)

const TenantPath = Schema.Struct({ tenantId: Uuid })
const WebhookPath = Schema.Struct({ tenantId: Uuid, id: Uuid })
const Params = PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)

/**
 * Webhook subscriptions for the catalog's events (every product's, `products.catalog.events`): a
 * key with webhooks:manage, or a tenant admin's dashboard token.
 */
export const webhooksApi = ({ catalog, Event }: CatalogSchemas) => {
  const names = catalog.events.map((event) => event.name)
  const productNames = [...new Set(catalog.events.flatMap((event) => (event.product === undefined ? [] : [event.product])))]
  const Product = Schema.String.annotations({ description: `One of ${productNames.join(", ")}.` })
  const unsent = catalog.events.filter((event) => event.body === undefined).map((event) => `\`${event.name}\``)
  const WebhookJson = webhookJson(Event, Product)
  const CreatedWebhookJson = Schema.Struct({
    ...WebhookJson.fields,
    secret: Schema.String.annotations({
      description: "The signing secret (`whsec_...`). Shown once; store it now to verify deliveries."
    })
  }).annotations({ identifier: "CreatedWebhookSubscription" })
  const Events = cappedList(
    withoutNul(Schema.String),
    Math.max(MIN_EVENTS_CAP, names.length),
    `must be an array of ${names.join(", ")}`,
    "events"
  )
  const Products = cappedList(
    withoutNul(Schema.String),
    Math.max(MIN_EVENTS_CAP, productNames.length),
    `must be an array of ${productNames.join(", ")}`,
    "products"
  )
  const controls = {
    products: Schema.optional(Products),
    description: Schema.optional(Description),
    active: Schema.optional(TrueOrFalse),
    ratePerSecond: Schema.optional(RatePerSecond),
    paused: Schema.optional(TrueOrFalse)
  }
  const CreateBody = Schema.Struct({ url: Url, events: Schema.optional(Events), ...controls })
  const PatchBody = Schema.Struct({ url: Schema.optional(Url), events: Schema.optional(Events), ...controls })
  const documented = [
    ...catalog.events.flatMap((event) => (event.body === undefined ? [] : [{ event: event.name, body: event.body }])),
    { event: TEST_EVENT, body: WebhookTestEvent }
  ]
  return HttpApiGroup.make("webhooks")
    .add(
      HttpApiEndpoint.get("listWebhooks", "/tenants/:tenantId/webhooks")
        .setPath(TenantPath)
        .setUrlParams(Params)
        .addSuccess(PageJson(WebhookJson, "WebhookSubscriptionPage"))
        .addError(ValidationFailed)
        .annotate(OpenApi.Summary, "List webhook subscriptions")
    )
    .add(
      HttpApiEndpoint.post("createWebhook", "/tenants/:tenantId/webhooks")
        .setPath(TenantPath)
        .setPayload(CreateBody)
        .addSuccess(CreatedWebhookJson)
        .addError(ValidationFailed)
        .addError(WebhookLimitReached)
        .annotate(OpenApi.Summary, "Subscribe to events")
        .annotate(
          OpenApi.Description,
          `Deliveries are HTTPS POSTs of \`{ event, eventId, payload, timestamp }\`, signed in \`X-Service-Signature\` (lowercase hex HMAC-SHA256 of \`<X-Service-Timestamp>.<raw body>\` with the secret). \`events\`: ${names.join(", ")}${unsent.length === 0 ? "" : ` (${unsent.join(", ")} ${unsent.length === 1 ? "is" : "are"} accepted and never sent)`}; \`products\`: ${productNames.join(", ")}, for every event of each. A subscription receives the events it names and every event of the products it names; one naming neither receives every event, those of products added later too. Events and products must be of products the account is entitled to (else 403 \`product_not_entitled\`). \`ratePerSecond\` throttles it; \`paused\` holds its deliveries until it is resumed. The URL must be https on a public address. An account keeps at most ${MAX_SUBSCRIPTIONS} subscriptions (409 \`webhook_limit_reached\`).`
        )
    )
    .add(
      HttpApiEndpoint.get("getWebhook", "/tenants/:tenantId/webhooks/:id")
        .setPath(WebhookPath)
        .addSuccess(WebhookJson)
        .addError(WebhookNotFound)
        .annotate(OpenApi.Summary, "Get a webhook subscription")
    )
    .add(
      HttpApiEndpoint.patch("updateWebhook", "/tenants/:tenantId/webhooks/:id")
        .setPath(WebhookPath)
        .setPayload(PatchBody)
        .addSuccess(WebhookJson)
        .addError(ValidationFailed)
        .addError(WebhookNotFound)
        .annotate(OpenApi.Summary, "Update a webhook subscription")
        .annotate(
          OpenApi.Description,
          "Fields left out are kept; `events` and `products` are each replaced whole. The secret does not change. Resuming (`paused: false`) sends what waited at once, oldest first, within the throttle."
        )
    )
    .add(
      HttpApiEndpoint.del("deleteWebhook", "/tenants/:tenantId/webhooks/:id")
        .setPath(WebhookPath)
        .addSuccess(WebhookJson)
        .addError(WebhookNotFound)
        .annotate(OpenApi.Summary, "Delete a webhook subscription")
        .annotate(OpenApi.Description, "Answers the deleted subscription; its pending deliveries and history go with it.")
    )
    .add(
      HttpApiEndpoint.get("listWebhookDeliveries", "/tenants/:tenantId/webhooks/:id/deliveries")
        .setPath(WebhookPath)
        .setUrlParams(Params)
        .addSuccess(PageJson(DeliveryAttemptJson, "WebhookDeliveryAttemptPage"))
        .addError(ValidationFailed)
        .addError(WebhookNotFound)
        .annotate(OpenApi.Summary, "Delivery history")
        .annotate(OpenApi.Description, "Every attempt, newest first.")
    )
    .add(
      HttpApiEndpoint.post("testWebhook", "/tenants/:tenantId/webhooks/:id/test")
        .setPath(WebhookPath)
        .addSuccess(DeliveryAttemptJson)
        .addError(WebhookNotFound)
        .annotate(OpenApi.Summary, "Send a test event")
        .annotate(
          OpenApi.Description,
          `Sends a signed \`${TEST_EVENT}\` event now, once (no retries), and answers the attempt, which also joins the history.`
        )
    )
    .add(
      HttpApiEndpoint.get("getWebhookDelivery", "/tenants/:tenantId/webhooks/:id/deliveries/:deliveryId")
        .setPath(Schema.Struct({ tenantId: Uuid, id: Uuid, deliveryId: Uuid }))
        .addSuccess(DeliveryJson)
        .addError(WebhookNotFound)
        .addError(WebhookDeliveryNotFound)
        .annotate(OpenApi.Summary, "A delivery and its body")
        .annotate(
          OpenApi.Description,
          "The delivery an attempt's `deliveryId` names: its state and the exact body its attempts send, as signed."
        )
    )
    .add(
      HttpApiEndpoint.post("recoverWebhookDeliveries", "/tenants/:tenantId/webhooks/:id/recover")
        .setPath(WebhookPath)
        .setPayload(RecoverBody)
        .addSuccess(RecoveredJson)
        .addError(ValidationFailed)
        .addError(WebhookNotFound)
        .addError(WebhookInactive)
        .annotate(OpenApi.Summary, "Recover failed deliveries")
        .annotate(
          OpenApi.Description,
          `Queues again every delivery of the subscription that failed for good and was created at or after \`since\` (the oldest ${RECOVER_LIMIT} per call), each with its delivery id and body: they are attempted as new deliveries are, in turn with the tenant's others and within the receiver's connections, and retried as usual while younger than the deliveries' maximum age (else given up after one more attempt). A subscription turned off answers 409.`
        )
    )
    .add(
      HttpApiEndpoint.post("retryWebhookDelivery", "/tenants/:tenantId/webhooks/:id/deliveries/:deliveryId/retry")
        .setPath(Schema.Struct({ tenantId: Uuid, id: Uuid, deliveryId: Uuid }))
        .addSuccess(DeliveryAttemptJson)
        .addError(WebhookNotFound)
        .addError(WebhookDeliveryNotFound)
        .addError(WebhookDeliveryPending)
        .annotate(OpenApi.Summary, "Retry a delivery")
        .annotate(
          OpenApi.Description,
          "Sends a delivery that succeeded or failed for good once more, now (no automatic retries), signed afresh with the same `X-Service-Delivery` id so the receiver can tell it from a new event, and answers the attempt, which joins the history. `deliveryId` is an attempt's `deliveryId`. A delivery whose automatic retries are still under way answers 409."
        )
    )
    .addError(PermissionDenied)
    .middleware(ApiKeyOrDashboardAuth)
    .annotate(RequiredScope, "webhooks:manage")
    .annotate(DocumentedWebhooks, documented)
    .annotate(OpenApi.Title, "Webhooks")
    .annotate(
      OpenApi.Description,
      "Signed webhooks for the products' events (API key with webhooks:manage, or a tenant admin's dashboard token)."
    )
}
