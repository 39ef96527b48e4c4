import { Effect, Either, Schema } from "effect"
import { canonicalJson } from "../../platform/CanonicalJson.js"
import { type ErrorDetail, type PermissionDenied, ValidationFailed } from "../../platform/Errors.js"
import { issueDetailsWithin } from "../../platform/ParseIssues.js"
import type { Product } from "../../platform/Products.js"
import { RUN_VARIABLES, isRunVariable, placeholderProblems, runVariableProblem } from "../steps/Placeholders.js"
import type { SkillRegistry } from "../skills/Skills.js"
import type { JsonObject } from "../records/Workflow.js"
import { stepKindOf } from "../steps/StepKinds.js"
import type { StepRules } from "../steps/StepRules.js"
import { checkSteps, checkTrigger } from "../workflows/WorkflowDefinition.js"
import {
  MAX_PACK_BYTES,
  type PackContent,
  PackFormat,
  type PackParameter,
  type PackSummary,
  lengthProblems
} from "./Pack.js"
import { fillParameters, parameterProblems } from "./PackParameters.js"

/** A pack's placeholder: a declared parameter (`{{params.<name>}}`) or a run variable. */
const packVariableProblem =
  (parameters: Readonly<Record<string, PackParameter>>) =>
  (path: ReadonlyArray<string>): string | undefined => {
    if (path[0] !== "params") {
      return isRunVariable(path)
        ? undefined
        : `{{${path.join(".")}}} is not a variable: use {{params.<name>}} or ${RUN_VARIABLES.join(", ")}`
    }
    return path.length === 2 && Object.hasOwn(parameters, path[1]!)
      ? undefined
      : `{{${path.join(".")}}} is not a declared parameter`
  }

/**
 * A stand-in for a parameter while a template is checked: its default, else a value of its type
 * (text stays a placeholder, which skills' format checks leave for the run).
 */
const sampleOf = (name: string, parameter: PackParameter): unknown => {
  if (parameter.default !== undefined) return parameter.default
  const placeholder = `{{params.${name}}}`
  switch (parameter.type) {
    case "integer":
    case "number":
      return parameter.enum?.[0] ?? parameter.minimum ?? parameter.maximum ?? 1
    case "boolean":
      return true
    case "array":
      return Array(Math.max(1, parameter.minItems ?? 1)).fill(
        (parameter.items?.type ?? "string") === "string" ? placeholder : 1
      )
    case "string":
      return parameter.enum?.[0] ?? placeholder
  }
}

/** The problems of one template's trigger and steps, as a workflow would have them (its first problem). */
const templateProblems = (
  template: { readonly triggerJson: JsonObject; readonly stepsJson: ReadonlyArray<JsonObject> },
  field: string,
  parameters: Readonly<Record<string, PackParameter>>,
  rules: StepRules
) =>
  Effect.gen(function* () {
    const fill = (value: unknown) =>
      fillParameters(value, (name) => (Object.hasOwn(parameters, name) ? sampleOf(name, parameters[name]!) : undefined))
    const trigger = fill(template.triggerJson)
    // A trigger still holding a parameter (a cron without a default) is checked when a workflow is made.
    const checks: ReadonlyArray<Effect.Effect<unknown, ValidationFailed | PermissionDenied>> = [
      ...(JSON.stringify(trigger).includes("{{params.") ? [] : [checkTrigger(trigger)]),
      checkSteps(fill(template.stepsJson), rules)
    ]
    for (const check of checks) {
      const outcome = yield* Effect.either(check)
      if (Either.isRight(outcome)) continue
      const error = outcome.left
      return error._tag === "ValidationFailed"
        ? error.details.map((detail) => ({ ...detail, field: `${field}.${detail.field}` }))
        : [{ field, reason: error.message }]
    }
    return []
  })

const decode = Schema.decodeUnknownEither(PackFormat, { errors: "all", onExcessProperty: "error" })
const decodeIgnoringUnknownKeys = Schema.decodeUnknownEither(PackFormat, { errors: "all", onExcessProperty: "ignore" })

const refused = (details: ReadonlyArray<ErrorDetail>) =>
  new ValidationFailed({
    message: `The pack is not valid: ${details.length} problem${details.length === 1 ? "" : "s"}, first ${details[0]!.field}: ${details[0]!.reason}`,
    details
  })

/** The problems of a pack whose format decodes: lengths, parameters, placeholders and templates as workflows. */
const ruleProblems = (pack: PackContent, rules: StepRules) =>
  Effect.gen(function* () {
    const parameters = pack.parameters ?? {}
    const problems: Array<ErrorDetail> = [...lengthProblems(pack)]
    for (const [name, parameter] of Object.entries(parameters)) problems.push(...parameterProblems(name, parameter))
    const keys = new Set<string>()
    for (const [index, template] of pack.templates.entries()) {
      const field = `templates.${index}`
      if (keys.has(template.key)) problems.push({ field: `${field}.key`, reason: "is used by another template" })
      keys.add(template.key)
      const placeholders = [
        ...placeholderProblems(template.triggerJson, `${field}.triggerJson`, packVariableProblem(parameters)),
        ...placeholderProblems(template.stepsJson, `${field}.stepsJson`, packVariableProblem(parameters))
      ]
      problems.push(...placeholders)
      // A template is checked as a workflow once its placeholders are sound (it is filled in for the check).
      if (placeholders.length === 0) problems.push(...(yield* templateProblems(template, field, parameters, rules)))
    }
    return problems
  })

/**
 * Checks a pack as published: its size, its format (no unknown keys), its parameters' schemas,
 * its placeholders (declared parameters and run variables only) and each template as a workflow
 * made from it (skills known and installed, inputs valid) — everything but the account's
 * entitlements and tool profiles, which apply when a workflow is made. Answers every problem,
 * each with its path: unknown keys do not hide the problems of the rest.
 */
export const checkPack = (input: unknown, rules: StepRules): Effect.Effect<PackContent, ValidationFailed> =>
  Effect.gen(function* () {
    if (canonicalJson(input).length > MAX_PACK_BYTES) {
      return yield* refused([{ field: "", reason: `must be at most ${MAX_PACK_BYTES / 1024} KiB as JSON` }])
    }
    const strict = decode(input)
    const formatProblems = Either.isLeft(strict) ? issueDetailsWithin(strict.left) : []
    // The rules need a decoded pack: one that has only unknown keys wrong is checked too.
    const decoded = Either.isRight(strict) ? strict : decodeIgnoringUnknownKeys(input)
    const problems = [
      ...formatProblems,
      ...(Either.isRight(decoded) ? yield* ruleProblems(decoded.right as PackContent, rules) : [])
    ]
    if (problems.length > 0 || Either.isLeft(strict)) return yield* refused(problems)
    return strict.right as PackContent
  })

/**
 * The rules a pack's templates are checked by: the platform's, as for an account entitled to
 * every product of the kit whose every profile, agent and channel exists.
 */
export const publishingRules = (
  products: ReadonlyArray<Product>,
  rules: Omit<StepRules, "entitlements" | "profile" | "agentExists" | "channelExists">
): StepRules => ({
  ...rules,
  entitlements: products,
  // A profile a template names is the account's, looked up when a workflow is made: any name passes here.
  profile: (name) =>
    Effect.succeed({
      id: name,
      tenantId: "",
      name,
      allow: [],
      deny: [],
      requireApprovalSkills: [],
      createdAt: new Date(0),
      updatedAt: new Date(0)
    }),
  agentExists: () => Effect.succeed(true),
  channelExists: () => Effect.succeed(true),
  // A template's `{{params.<name>}}` were checked against its declarations before it is checked as a workflow.
  placeholderProblem: (path) => (path[0] === "params" ? undefined : runVariableProblem(path))
})

/** What the marketplace shows of a pack: its skills, the products they need, those gated by an approval. */
export const summaryOf = (pack: PackContent, skills: SkillRegistry["Type"]): PackSummary => {
  const used = new Set<string>()
  const products = new Set<Product>()
  for (const step of pack.templates.flatMap((template) => template.stepsJson)) {
    const kind = stepKindOf(step.type)
    for (const id of kind?.skillsOf(step) ?? []) used.add(id)
    for (const product of kind?.requires ?? []) products.add(product)
  }
  const sorted = [...used].sort()
  const definitions = sorted.flatMap((id) => skills.find(id) ?? [])
  for (const product of definitions.flatMap((definition) => definition.requires)) products.add(product)
  products.delete("automations")
  return {
    packId: pack.packId,
    version: pack.version,
    name: pack.name,
    description: pack.description ?? null,
    skills: sorted,
    requires: [...products].sort(),
    approvals: definitions.filter((definition) => definition.approval).map((definition) => definition.id),
    parameters: pack.parameters ?? {},
    templates: pack.templates.map((template) => ({
      key: template.key,
      name: template.name,
      triggerType: String(template.triggerJson.type)
    }))
  }
}
