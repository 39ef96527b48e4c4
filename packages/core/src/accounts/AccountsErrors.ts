import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class TenantDeletionNotFound extends Schema.TaggedError<TenantDeletionNotFound>()(
  "TenantDeletionNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No deletion of this tenant was requested." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No deletion of this tenant was requested (`tenant_deletion_not_found`)."
  })
) {}

export class TenantBeingDeleted extends Schema.TaggedError<TenantBeingDeleted>()(
  "TenantBeingDeleted",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "The tenant is being deleted: it stays suspended until it is gone."
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description: "A tenant whose deletion was requested cannot be resumed (`tenant_being_deleted`)."
  })
) {}
