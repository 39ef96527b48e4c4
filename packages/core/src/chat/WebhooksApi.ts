import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../http/Pages.js"
import { Integer, Timestamp, Uuid, UuidText, cappedList, withReason, withoutNul } from "../http/Schemas.js"
import { ApiKeyOrDashboardAuth, RequiredScope } from "../http/Security.js"
import { DocumentedWebhooks } from "../http/DocumentAnnotations.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { WebhookDeliveryNotFound, WebhookDeliveryPending, WebhookNotFound } from "./ChatErrors.js"
import { MAX_ANSWER_CHARS, WEBHOOK_EVENTS } from "./Webhook.js"
import { documentedWebhooks } from "./WebhookEvents.js"
import {
  DEFAULT_PAGE_SIZE,
  MAX_DESCRIPTION_LENGTH,
  MAX_PAGE_SIZE,
  MAX_URL_LENGTH,
  TEST_EVENT
} from "./WebhookInputs.js"

export const WebhookJson = Schema.Struct({
  id: UuidText,
  url: Schema.String,
  events: Schema.Array(Schema.Literal(...WEBHOOK_EVENTS)),
  description: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  disabledReason: Schema.NullOr(Schema.String),
  failingSince: Schema.NullOr(Timestamp).annotations({
    description: "When the receiver started failing every attempt; null while it answers 2xx."
  }),
  pausedUntil: Schema.NullOr(Timestamp).annotations({
    description:
      "While the receiver keeps failing, deliveries wait until then: a tenth of the time it has been failing, at most an hour."
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "WebhookSubscription",
  description:
    "`disabledReason` says why ServiceKit turned the subscription off (`gone`: the receiver answered 410; `failing`: every attempt failed for 5 days, or as the platform sets it); setting `active` to true turns it on again, with a fresh start."
})

const CreatedWebhookJson = Schema.Struct({
  ...WebhookJson.fields,
  secret: Schema.String.annotations({
    description: "The signing secret (`whsec_...`). Shown once; store it now to verify deliveries."
  })
}).annotations({ identifier: "CreatedWebhookSubscription" })

export const DeliveryAttemptJson = Schema.Struct({
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

const Url = withReason(withoutNul(Schema.String), `must be an https URL of at most ${MAX_URL_LENGTH} characters`)
/** More than every event, so that a list naming each once always fits. */
const MAX_WEBHOOK_EVENTS = 20

const Events = cappedList(
  withoutNul(Schema.String),
  MAX_WEBHOOK_EVENTS,
  `must be an array of ${WEBHOOK_EVENTS.join(", ")}`,
  "events"
)
const Description = withReason(
  Schema.NullOr(withoutNul(Schema.String)),
  `must be a string of at most ${MAX_DESCRIPTION_LENGTH} characters, or null`
)
const Active = withReason(Schema.Boolean, "must be true or false")

const CreateBody = Schema.Struct({
  url: Url,
  events: Events,
  description: Schema.optional(Description),
  active: Schema.optional(Active)
})

const PatchBody = Schema.Struct({
  url: Schema.optional(Url),
  events: Schema.optional(Events),
  description: Schema.optional(Description),
  active: Schema.optional(Active)
})

const TenantPath = Schema.Struct({ tenantId: Uuid })
const WebhookPath = Schema.Struct({ tenantId: Uuid, id: Uuid })
const Params = PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)

/** Webhook subscriptions for chat events: a key with webhooks:manage, or a tenant admin's dashboard token. */
export class WebhooksApi extends HttpApiGroup.make("webhooks")
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
      .annotate(OpenApi.Summary, "Subscribe to chat events")
      .annotate(
        OpenApi.Description,
        `Deliveries are HTTPS POSTs of \`{ event, eventId, payload, timestamp }\`, signed in \`X-Service-Signature\` (lowercase hex HMAC-SHA256 of \`<X-Service-Timestamp>.<raw body>\` with the secret). \`events\`: ${WEBHOOK_EVENTS.join(", ")} (\`visitor.created\` is accepted and never sent). The URL must be https on a public address.`
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
        "Fields left out are kept; `events` is replaced whole. The secret does not change."
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
  .annotate(DocumentedWebhooks, documentedWebhooks)
  .annotate(OpenApi.Title, "Live Chat webhooks")
  .annotate(
    OpenApi.Description,
    "Signed webhooks for chat events (API key with webhooks:manage, or a tenant admin's dashboard token)."
  ) {}
