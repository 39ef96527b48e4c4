import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class ConversationNotFound extends Schema.TaggedError<ConversationNotFound>()(
  "ConversationNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such conversation." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No conversation with this id in this account (`conversation_not_found`)."
  })
) {}

export class ConversationStateConflict extends Schema.TaggedError<ConversationStateConflict>()(
  "ConversationStateConflict",
  {
    code: Schema.Literal("conversation_closed", "conversation_not_finished", "csat_already_submitted"),
    message: Schema.String
  },
  HttpApiSchema.annotations({
    status: 409,
    description:
      "`conversation_closed`: a closed conversation takes no messages until an agent reopens it; `conversation_not_finished`: a rating needs a resolved or closed conversation; `csat_already_submitted`: a conversation is rated once."
  })
) {}

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
