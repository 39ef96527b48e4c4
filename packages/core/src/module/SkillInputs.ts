import { Effect, JSONSchema, Schema } from "effect"
import { withReason } from "../http/Schemas.js"
import type { ErrorDetail } from "../platform/Errors.js"
import { issueDetailsWithin } from "../platform/ParseIssues.js"
import type { Product } from "../platform/Products.js"
import type { Skill, SkillDefinition } from "./Skill.js"

/**
 * The pieces the products' built-in skills declare their inputs with, and `builtInSkill`, which
 * makes one skill value of them.
 */

export const hasPlaceholder = (text: string) => text.includes("{{")

export const Text = (max: number) =>
  withReason(
    Schema.String.pipe(
      Schema.minLength(1),
      Schema.maxLength(max),
      Schema.filter((text) => !text.includes("\u0000"))
    ),
    `must be a string of 1 to ${max} characters`
  )

const EMAIL = /^[^\s@<>]{1,64}@[^\s@<>]{1,253}$/
export const EmailAddress = withReason(
  Schema.String.pipe(Schema.filter((text) => hasPlaceholder(text) || EMAIL.test(text))),
  "must be an email address or a {{placeholder}}"
)

/** A URL of one of `protocols`, or a value with a placeholder (checked once filled in). */
const urlOf = (protocols: ReadonlyArray<string>, reason: string) =>
  withReason(
    Schema.String.pipe(
      Schema.maxLength(2048),
      Schema.filter(
        (text) => hasPlaceholder(text) || (URL.canParse(text) && protocols.includes(new URL(text).protocol))
      )
    ),
    reason
  )

/**
 * A partner's URL, or a page a node's browser opens: http is well-formed here. Whether this
 * platform may reach a partner is the guarded outbound client's rule (`checkOutboundUrl`, applied
 * by `outboundUrlProblem`); a node's pages are its host allowlist's (the node, not the platform,
 * fetches them, often on its own network).
 */
export const WebUrl = urlOf(["https:", "http:"], "must be an http or https URL or a {{placeholder}}")

export const Json = Schema.Unknown

/** The JSON Schema of a skill's input fields, for agents' prompts; undefined when a field has none. */
const jsonSchemaOf = (fields: Schema.Struct.Fields): unknown => {
  try {
    const { $schema: _draft, ...schema } = JSONSchema.make(Schema.Struct(fields)) as unknown as Record<string, unknown>
    return schema
  } catch {
    return undefined
  }
}

/**
 * The parser of a JSON object with exactly these fields; `check`, when given, judges the parsed
 * object as a whole (a rule across fields).
 */
const inputParser = (
  fields: Schema.Struct.Fields,
  check?: (input: { readonly [key: string]: unknown }) => ErrorDetail | undefined
): SkillDefinition["parse"] => {
  const decode = Schema.decodeUnknown(Schema.Struct(fields) as unknown as Schema.Schema<unknown, unknown>, {
    errors: "all",
    onExcessProperty: "error"
  })
  return (value) =>
    Effect.flatMap(
      Effect.mapError(decode(value), (error) => issueDetailsWithin(error)),
      (parsed) => {
        const problem = check?.(parsed as { readonly [key: string]: unknown })
        return problem === undefined ? Effect.succeed(parsed) : Effect.fail([problem])
      }
    )
}

/** A built-in skill as its product declares it; the defaults are those of most skills. */
export interface BuiltInSkillSpec<R>
  extends Pick<Skill<R>, "id" | "description" | "run" | "messageChannel" | "partnerUrlField" | "channelField"> {
  /** Products needed beyond automations. */
  readonly requires?: ReadonlyArray<Product> | undefined
  readonly input: Schema.Struct.Fields
  /** A rule across the input's fields, checked once the fields parse. */
  readonly check?: ((input: { readonly [key: string]: unknown }) => ErrorDetail | undefined) | undefined
  /** Default false. */
  readonly approval?: boolean | undefined
  /** Default false. */
  readonly usesModel?: boolean | undefined
  /** Default true: only a skill that just reads says false. */
  readonly sideEffects?: boolean | undefined
}

export const builtInSkill = <R = never>(spec: BuiltInSkillSpec<R>): Skill<R> => ({
  id: spec.id,
  requires: ["automations", ...(spec.requires ?? [])],
  parse: inputParser(spec.input, spec.check),
  parsesPlaceholders: true,
  approval: spec.approval ?? false,
  usesModel: spec.usesModel ?? false,
  sideEffects: spec.sideEffects ?? true,
  inputSchema: jsonSchemaOf(spec.input),
  description: spec.description,
  messageChannel: spec.messageChannel,
  partnerUrlField: spec.partnerUrlField,
  channelField: spec.channelField,
  run: spec.run
})
