import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { ErrorDetail } from "../platform/Errors.js"

export class CallNotFound extends Schema.TaggedError<CallNotFound>()(
  "CallNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such call." }) },
  HttpApiSchema.annotations({ status: 404, description: "No call with this id in this account (`call_not_found`)." })
) {}

/** A list cursor that is not a call of the tenant. */
export class InvalidCursor extends Schema.TaggedError<InvalidCursor>()(
  "InvalidCursor",
  {
    message: Schema.optionalWith(Schema.String, { default: () => "The cursor does not match a call of this account." }),
    details: Schema.optionalWith(Schema.Array(ErrorDetail), {
      default: () => [{ field: "cursor", reason: "unknown cursor" }]
    })
  },
  HttpApiSchema.annotations({
    status: 400,
    description: "The cursor is not a call of this account (`invalid_cursor`)."
  })
) {}

/** A call record handed over for ingestion that fails validation; details name the record and field. */
export class InvalidCall extends Schema.TaggedError<InvalidCall>()(
  "InvalidCall",
  { message: Schema.String, details: Schema.Array(ErrorDetail) },
  HttpApiSchema.annotations({ status: 400, description: "A call record fails validation (`invalid_call`)." })
) {}
