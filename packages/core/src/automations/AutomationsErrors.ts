import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class WorkflowNotFound extends Schema.TaggedError<WorkflowNotFound>()(
  "WorkflowNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such workflow." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No workflow with this id in this account (`workflow_not_found`)."
  })
) {}

export class FlowNotFound extends Schema.TaggedError<FlowNotFound>()(
  "FlowNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such flow." }) },
  HttpApiSchema.annotations({ status: 404, description: "No flow with this id in this account (`flow_not_found`)." })
) {}
