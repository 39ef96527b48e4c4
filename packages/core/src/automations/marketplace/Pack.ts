import { Schema } from "effect"
import { withReason, withoutNul } from "../../http/Schemas.js"
import type { ErrorDetail } from "../../platform/Errors.js"
import type { Product } from "../../platform/Products.js"
import type { JsonObject } from "../records/Workflow.js"

/**
 * A skill pack: data, never code. A named, versioned set of workflow templates over the
 * platform's skills, with parameters (each with a small JSON Schema) filled in when a workflow is
 * made from it. Every skill's gates (entitlements, tool profiles, approvals) stay in force, since
 * what a pack makes is an ordinary workflow, checked as any other.
 */

export const MAX_PACK_BYTES = 64 * 1024
export const MAX_TEMPLATES = 10
export const MAX_PACK_STEPS = 20
export const MAX_PARAMETERS = 20
/** Pack ids per account, and versions per pack id. */
export const MAX_PACKS = 100
export const MAX_VERSIONS = 50
/** The id prefix of the platform's own packs; an account's packs may not use it. */
export const BUILT_IN_PREFIX = "servicekit."

export const PACK_ID = /^[a-z][a-z0-9-]{0,39}(\.[a-z][a-z0-9-]{0,39}){1,3}$/
export const VERSION = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/
const TEMPLATE_KEY = /^[a-z][a-z0-9-]{0,49}$/
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/

export const PARAMETER_TYPES = ["string", "integer", "number", "boolean", "array"] as const
export const STRING_FORMATS = ["email", "uri", "uuid"] as const

export interface PackParameter {
  readonly type: (typeof PARAMETER_TYPES)[number]
  readonly description?: string | undefined
  readonly format?: (typeof STRING_FORMATS)[number] | undefined
  readonly enum?: ReadonlyArray<string | number> | undefined
  readonly minLength?: number | undefined
  readonly maxLength?: number | undefined
  readonly minimum?: number | undefined
  readonly maximum?: number | undefined
  readonly items?: PackParameterItems | undefined
  readonly minItems?: number | undefined
  readonly maxItems?: number | undefined
  readonly default?: unknown
}

export interface PackParameterItems {
  readonly type: "string" | "integer" | "number"
  readonly format?: (typeof STRING_FORMATS)[number] | undefined
}

export interface PackTemplate {
  readonly key: string
  readonly name: string
  readonly description?: string | undefined
  readonly triggerJson: JsonObject
  readonly stepsJson: ReadonlyArray<JsonObject>
}

/** What a pack is, as published. */
export interface PackContent {
  readonly packId: string
  readonly version: string
  readonly name: string
  readonly description?: string | undefined
  readonly parameters?: Readonly<Record<string, PackParameter>> | undefined
  readonly templates: ReadonlyArray<PackTemplate>
}

/** What the marketplace shows of a pack version without its content. */
export interface PackSummary {
  readonly packId: string
  readonly version: string
  readonly name: string
  readonly description: string | null
  /** The skills its templates call, sorted. */
  readonly skills: ReadonlyArray<string>
  /** The products those skills need (automations aside), sorted. */
  readonly requires: ReadonlyArray<Product>
  /** Its skills that wait for an approval by default. */
  readonly approvals: ReadonlyArray<string>
  readonly parameters: Readonly<Record<string, PackParameter>>
  readonly templates: ReadonlyArray<{ readonly key: string; readonly name: string; readonly triggerType: string }>
}

/** A version of an account's pack, as stored: immutable once published. */
export interface PackVersion {
  readonly tenantId: string
  readonly packId: string
  readonly version: string
  /** SHA-256 of the content's canonical JSON. */
  readonly digest: string
  readonly summary: PackSummary
  readonly content: PackContent
  readonly createdAt: Date
}

/** A pack an account installed, pinned to one version's content digest. */
export interface PackInstallation {
  readonly tenantId: string
  readonly packId: string
  readonly version: string
  readonly digest: string
  readonly installedAt: Date
  readonly updatedAt: Date
}

const Text = (max: number) =>
  withReason(withoutNul(Schema.String), `must be a string of 1 to ${max} characters`).pipe(
    Schema.minLength(1, { message: () => `must be a string of 1 to ${max} characters` }),
    Schema.maxLength(max, { message: () => `must be a string of 1 to ${max} characters` })
  )
const Count = (max: number) =>
  withReason(Schema.Number.pipe(Schema.int(), Schema.between(0, max)), `must be a whole number from 0 to ${max}`)
const Finite = withReason(Schema.Number.pipe(Schema.finite()), "must be a number")
const Format = withReason(Schema.Literal(...STRING_FORMATS), `must be one of ${STRING_FORMATS.join(", ")}`)
const Json = withReason(Schema.Record({ key: Schema.String, value: Schema.Unknown }), "must be a JSON object")

/**
 * A list of `min` to `max` items. Its length is checked after decoding (`lengthProblems`), so that
 * a problem inside an item is named at the item rather than at the list.
 */
const listOf = <S extends Schema.Schema.Any>(item: S, min: number, max: number, what: string) =>
  Schema.Array(item).annotations({ description: `${min} to ${max} ${what}.` })

/** The lists of a decoded pack that are too short or too long. */
export const lengthProblems = (pack: PackContent): ReadonlyArray<ErrorDetail> => {
  const problems: Array<ErrorDetail> = []
  const bounded = (field: string, length: number, min: number, max: number, what: string) => {
    if (length < min || length > max) problems.push({ field, reason: `must list ${min} to ${max} ${what}` })
  }
  bounded("templates", pack.templates.length, 1, MAX_TEMPLATES, "templates")
  for (const [index, template] of pack.templates.entries()) {
    bounded(`templates.${index}.stepsJson`, template.stepsJson.length, 1, MAX_PACK_STEPS, "steps")
  }
  bounded("parameters", Object.keys(pack.parameters ?? {}).length, 0, MAX_PARAMETERS, "parameters")
  return problems
}

const Parameter = Schema.Struct({
  type: withReason(Schema.Literal(...PARAMETER_TYPES), `must be one of ${PARAMETER_TYPES.join(", ")}`),
  description: Schema.optional(Text(1_000)),
  format: Schema.optional(Format),
  enum: Schema.optional(
    withReason(
      Schema.Array(Schema.Union(Text(200), Finite)).pipe(Schema.minItems(1), Schema.maxItems(50)),
      "must list 1 to 50 strings or numbers"
    )
  ),
  minLength: Schema.optional(Count(100_000)),
  maxLength: Schema.optional(Count(100_000)),
  minimum: Schema.optional(Finite),
  maximum: Schema.optional(Finite),
  items: Schema.optional(
    Schema.Struct({
      type: withReason(Schema.Literal("string", "integer", "number"), "must be one of string, integer, number"),
      format: Schema.optional(Format)
    })
  ),
  minItems: Schema.optional(Count(100)),
  maxItems: Schema.optional(Count(100)),
  default: Schema.optional(Schema.Unknown)
}).annotations({
  description: "A parameter: a small JSON Schema (type, format, enum, bounds), with an optional default."
})

const Template = Schema.Struct({
  key: withReason(
    Schema.String.pipe(Schema.pattern(TEMPLATE_KEY)),
    "must be lowercase letters, digits and dashes, starting with a letter (at most 50)"
  ),
  name: Text(200),
  description: Schema.optional(Text(2_000)),
  triggerJson: Json,
  stepsJson: listOf(Json, 1, MAX_PACK_STEPS, "steps")
}).annotations({
  description:
    "A workflow template: a workflow's trigger and steps, with `{{params.<name>}}` where a value is filled in."
})

/** The pack format, as published to POST /automations/skills/sdk (unknown keys are refused). */
export const PackFormat = Schema.Struct({
  packId: withReason(
    Schema.String.pipe(Schema.pattern(PACK_ID)),
    "must be 2 to 4 dotted lowercase words (letters, digits, dashes), e.g. acme.chat-followup"
  ),
  version: withReason(Schema.String.pipe(Schema.pattern(VERSION)), "must be a version such as 1.0.0"),
  name: Text(200),
  description: Schema.optional(Text(2_000)),
  parameters: Schema.optional(
    Schema.Record({
      key: withReason(
        Schema.String.pipe(Schema.pattern(PARAMETER_NAME)),
        "must be a name of letters, digits and underscores"
      ),
      value: Parameter
    })
  ),
  templates: listOf(Template, 1, MAX_TEMPLATES, "templates")
}).annotations({
  title: "Skill pack",
  description: `A skill pack: declarative only. At most ${MAX_PACK_BYTES / 1024} KiB, ${MAX_TEMPLATES} templates of at most ${MAX_PACK_STEPS} steps, ${MAX_PARAMETERS} parameters; no unknown keys.`
})

/** Orders versions: negative when `a` comes before `b`. */
export const compareVersions = (a: string, b: string) => {
  const [x, y] = [a.split(".").map(Number), b.split(".").map(Number)]
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!
}
