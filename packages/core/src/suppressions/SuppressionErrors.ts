import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class SuppressionNotFound extends Schema.TaggedError<SuppressionNotFound>()(
  "SuppressionNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "The address is not on this stream's suppression list." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "The address is not suppressed on this stream in this account (`suppression_not_found`)."
  })
) {}

/** The address is suppressed already, may not be taken off by the account, or the list is full. */
export class SuppressionConflict extends Schema.TaggedError<SuppressionConflict>()(
  "SuppressionConflict",
  { code: Schema.Literal("suppression_exists", "suppression_not_removable", "suppression_limit"), message: Schema.String },
  HttpApiSchema.annotations({
    status: 409,
    description:
      "`suppression_exists`: the address is on this stream's list already; `suppression_not_removable`: it is there by the recipient's own complaint or unsubscribe; `suppression_limit`: the account added as many by hand as it may."
  })
) {}
