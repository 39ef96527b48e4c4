import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class GrowthConversationNotFound extends Schema.TaggedError<GrowthConversationNotFound>()(
  "GrowthConversationNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such conversation." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No growth conversation with this id in this account (`growth_conversation_not_found`)."
  })
) {}
