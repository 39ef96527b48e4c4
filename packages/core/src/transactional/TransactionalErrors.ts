import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class TemplateNotFound extends Schema.TaggedError<TemplateNotFound>()(
  "TemplateNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such template." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No template with this id in this account (`template_not_found`)."
  })
) {}

export class TemplateNameTaken extends Schema.TaggedError<TemplateNameTaken>()(
  "TemplateNameTaken",
  { message: Schema.optionalWith(Schema.String, { default: () => "The account has a template with this name." }) },
  HttpApiSchema.annotations({
    status: 409,
    description: "Template names are unique per account (`template_name_taken`)."
  })
) {}
