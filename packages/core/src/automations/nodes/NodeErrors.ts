import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class NodeNotFound extends Schema.TaggedError<NodeNotFound>()(
  "NodeNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such node." }) },
  HttpApiSchema.annotations({ status: 404, description: "No node with this id in this account (`node_not_found`)." })
) {}

export class NodeCommandNotFound extends Schema.TaggedError<NodeCommandNotFound>()(
  "NodeCommandNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such command for this node." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No command with this id for this node (`node_command_not_found`)."
  })
) {}

export class NodeCommandClosed extends Schema.TaggedError<NodeCommandClosed>()(
  "NodeCommandClosed",
  { code: Schema.Literal("command_finished", "command_expired"), message: Schema.String },
  HttpApiSchema.annotations({
    status: 409,
    description:
      "The command has its result already (`command_finished`), or its time ran out and its step failed (`command_expired`): nothing was stored."
  })
) {}
