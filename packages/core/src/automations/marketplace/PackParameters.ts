import { Either } from "effect"
import type { ErrorDetail } from "../../platform/Errors.js"
import { type TemplatePart, parseTemplateText } from "../../platform/TemplateText.js"
import type { JsonObject } from "../records/Workflow.js"
import type { PackParameter, PackParameterItems } from "./Pack.js"

/**
 * Parameters of packs: checking a value against its parameter's schema, and filling
 * `{{params.<name>}}` into a template. A placeholder that is a whole string takes the value as it
 * is (a number, a list); inside text it is written out. Run variables (`{{payload.email}}`) are
 * left for the run to fill, and a value may hold them too: then its format (an address, a URL)
 * is checked once the run fills it in, as a skill's input is.
 */

const DEFAULT_MAX_LENGTH = 10_000
const DEFAULT_MAX_ITEMS = 100
const EMAIL = /^[^\s@<>]{1,64}@[^\s@<>]{1,253}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const formatProblem = (format: PackParameterItems["format"], text: string): string | undefined => {
  if (format === undefined || text.includes("{{")) return undefined
  switch (format) {
    case "email":
      return EMAIL.test(text) ? undefined : "must be an email address"
    case "uri":
      return URL.canParse(text) && ["http:", "https:"].includes(new URL(text).protocol)
        ? undefined
        : "must be an http or https URL"
    case "uuid":
      return UUID.test(text) ? undefined : "must be a uuid"
  }
}

const scalarProblem = (type: PackParameterItems["type"] | "boolean", value: unknown): string | undefined => {
  switch (type) {
    case "string":
      return typeof value === "string" && !value.includes("\u0000") ? undefined : "must be a string"
    case "integer":
      return Number.isSafeInteger(value) ? undefined : "must be a whole number"
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? undefined : "must be a number"
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false"
  }
}

/** Why `value` does not fit `parameter`, or undefined when it does. */
export const valueProblem = (parameter: PackParameter, value: unknown): string | undefined => {
  if (parameter.type === "array") {
    if (!Array.isArray(value)) return "must be a list"
    const max = parameter.maxItems ?? DEFAULT_MAX_ITEMS
    if (value.length < (parameter.minItems ?? 0) || value.length > max) {
      return `must list ${parameter.minItems ?? 0} to ${max} items`
    }
    const items = parameter.items ?? { type: "string" }
    for (const [index, item] of value.entries()) {
      const problem =
        scalarProblem(items.type, item) ?? (typeof item === "string" ? formatProblem(items.format, item) : undefined)
      if (problem !== undefined) return `item ${index} ${problem}`
    }
    return undefined
  }
  const problem = scalarProblem(parameter.type, value)
  if (problem !== undefined) return problem
  if (parameter.enum !== undefined && !parameter.enum.includes(value as string | number)) {
    return `must be one of ${parameter.enum.map((choice) => JSON.stringify(choice)).join(", ")}`
  }
  if (typeof value === "string") {
    const max = parameter.maxLength ?? DEFAULT_MAX_LENGTH
    if (value.length < (parameter.minLength ?? 0) || value.length > max) {
      return `must be ${parameter.minLength ?? 0} to ${max} characters`
    }
    return formatProblem(parameter.format, value)
  }
  if (typeof value === "number") {
    if (parameter.minimum !== undefined && value < parameter.minimum) return `must be at least ${parameter.minimum}`
    if (parameter.maximum !== undefined && value > parameter.maximum) return `must be at most ${parameter.maximum}`
  }
  return undefined
}

/** Problems with a parameter's own schema: keywords for another type, bounds the wrong way round, a bad default. */
export const parameterProblems = (name: string, parameter: PackParameter): ReadonlyArray<ErrorDetail> => {
  const field = `parameters.${name}`
  const problems: Array<ErrorDetail> = []
  const misplaced = (keywords: ReadonlyArray<keyof PackParameter>, types: ReadonlyArray<PackParameter["type"]>) => {
    for (const keyword of keywords) {
      if (parameter[keyword] !== undefined && !types.includes(parameter.type)) {
        problems.push({ field: `${field}.${keyword}`, reason: `does not apply to a ${parameter.type} parameter` })
      }
    }
  }
  misplaced(["format", "minLength", "maxLength"], ["string"])
  misplaced(["minimum", "maximum"], ["integer", "number"])
  misplaced(["items", "minItems", "maxItems"], ["array"])
  misplaced(["enum"], ["string", "integer", "number"])
  const reversed = (low: keyof PackParameter, high: keyof PackParameter) => {
    const [a, b] = [parameter[low], parameter[high]]
    if (typeof a === "number" && typeof b === "number" && a > b) {
      problems.push({ field: `${field}.${low}`, reason: `must not be more than ${high}` })
    }
  }
  reversed("minLength", "maxLength")
  reversed("minimum", "maximum")
  reversed("minItems", "maxItems")
  for (const [index, choice] of (parameter.enum ?? []).entries()) {
    if (problems.length === 0 && scalarProblem(parameter.type as PackParameterItems["type"], choice) !== undefined) {
      problems.push({ field: `${field}.enum.${index}`, reason: `must be a ${parameter.type}` })
    }
  }
  if (problems.length === 0 && parameter.default !== undefined) {
    const problem = valueProblem(parameter, parameter.default)
    if (problem !== undefined) problems.push({ field: `${field}.default`, reason: problem })
  }
  return problems
}

/** The parameter's value, as the caller gave it or by default; undefined when it has neither. */
const valueOf = (parameters: Readonly<Record<string, PackParameter>>, values: JsonObject, name: string) =>
  Object.hasOwn(values, name) ? values[name] : parameters[name]?.default

/**
 * The values a workflow is made with: every given one checked, every required one there
 * (a parameter without a default is required), none the pack does not declare.
 */
export const checkValues = (
  parameters: Readonly<Record<string, PackParameter>>,
  values: JsonObject
): ReadonlyArray<ErrorDetail> => {
  const problems: Array<ErrorDetail> = []
  for (const name of Object.keys(values)) {
    if (!Object.hasOwn(parameters, name)) {
      problems.push({ field: `parameters.${name}`, reason: "is not a parameter of this pack" })
    }
  }
  for (const [name, parameter] of Object.entries(parameters)) {
    const value = valueOf(parameters, values, name)
    if (value === undefined) {
      problems.push({ field: `parameters.${name}`, reason: "is required" })
      continue
    }
    const problem = valueProblem(parameter, value)
    if (problem !== undefined) problems.push({ field: `parameters.${name}`, reason: problem })
  }
  return problems
}

const asText = (value: unknown) =>
  Array.isArray(value) ? value.map(String).join(", ") : typeof value === "string" ? value : String(value)

const isParameter = (part: TemplatePart): part is { readonly path: ReadonlyArray<string> } =>
  "path" in part && part.path[0] === "params"

/**
 * `value` with `{{params.<name>}}` filled in from `resolve` (a name it does not know is left as
 * written): a whole-string placeholder takes the value itself, one inside text its text.
 */
export const fillParameters = (value: unknown, resolve: (name: string) => unknown): unknown => {
  if (typeof value === "string") {
    if (!value.includes("{{")) return value
    const parts = Either.getOrUndefined(parseTemplateText(value))
    if (parts === undefined) return value
    const known = (part: TemplatePart) =>
      isParameter(part) && part.path.length === 2 && resolve(part.path[1]!) !== undefined
    if (parts.length === 1 && known(parts[0]!)) return resolve((parts[0] as { path: ReadonlyArray<string> }).path[1]!)
    return parts
      .map((part) =>
        "literal" in part ? part.literal : known(part) ? asText(resolve(part.path[1]!)) : `{{${part.path.join(".")}}}`
      )
      .join("")
  }
  if (Array.isArray(value)) return value.map((item) => fillParameters(item, resolve))
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillParameters(item, resolve)]))
  }
  return value
}

/** Fills a template's parameters with `values` (each checked already), defaults where none is given. */
export const fillWith = (parameters: Readonly<Record<string, PackParameter>>, values: JsonObject) => (value: unknown) =>
  fillParameters(value, (name) => (Object.hasOwn(parameters, name) ? valueOf(parameters, values, name) : undefined))
