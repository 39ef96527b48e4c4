import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class RetentionKindNotFound extends Schema.TaggedError<RetentionKindNotFound>()(
  "RetentionKindNotFound",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "No data of this kind is kept for this account: GET /v1/retention lists the kinds."
    })
  },
  HttpApiSchema.annotations({
    status: 404,
    description: "No module keeps data of this kind, or it belongs to a product the account does not have (`retention_kind_not_found`)."
  })
) {}
