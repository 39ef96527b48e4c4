import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { MAX_SUBSCRIPTIONS } from "./WebhookFilters.js"

export class WebhookDeliveryNotFound extends Schema.TaggedError<WebhookDeliveryNotFound>()(
  "WebhookDeliveryNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such delivery of this webhook subscription." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No delivery with this id for this webhook subscription (`webhook_delivery_not_found`)."
  })
) {}

export class WebhookDeliveryPending extends Schema.TaggedError<WebhookDeliveryPending>()(
  "WebhookDeliveryPending",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "This delivery is still being retried; retry it once it has succeeded or failed."
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description:
      "The delivery's automatic retries are still under way (`webhook_delivery_pending`): `nextRetryAt` of its last attempt says when the next one is due."
  })
) {}

export class WebhookNotFound extends Schema.TaggedError<WebhookNotFound>()(
  "WebhookNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such webhook subscription." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No webhook subscription with this id in this account (`webhook_not_found`)."
  })
) {}

export class WebhookInactive extends Schema.TaggedError<WebhookInactive>()(
  "WebhookInactive",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "This webhook subscription is turned off: turn it on (active: true) before recovering its deliveries."
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description:
      "The subscription is turned off (`webhook_inactive`): its `disabledReason` says why. Turned on again, it can recover what failed."
  })
) {}

export class WebhookLimitReached extends Schema.TaggedError<WebhookLimitReached>()(
  "WebhookLimitReached",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => `The account keeps ${MAX_SUBSCRIPTIONS} webhook subscriptions, the most it may: delete one first.`
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description: `The account keeps ${MAX_SUBSCRIPTIONS} webhook subscriptions already, the most it may (\`webhook_limit_reached\`).`
  })
) {}
