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
