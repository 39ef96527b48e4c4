import { Effect, Either, type ParseResult, Schema } from "effect"
import { type ErrorDetail, ValidationFailed, invalidField, permissionDenied } from "../../platform/Errors.js"
import { notEntitled } from "../../platform/Entitlements.js"
import { issueDetailsWithin } from "../../platform/ParseIssues.js"
import type { Product } from "../../platform/Products.js"
import { DEFAULT_TOOL_PROFILE, type ToolProfile } from "../governance/Governance.js"
import { NO_MODEL_CONFIGURED } from "../governance/ModelService.js"
import type { SkillRegistry } from "../skills/Skills.js"
import type { JsonObject } from "../records/Workflow.js"
import { profileVerdict, skillAccess } from "./SkillGate.js"

/**
 * What the step kinds check a workflow's steps against when it is written, and the checks they
 * share. Failures name the field, e.g. `stepsJson.2.input.to`.
 */

/** What a workflow's steps are checked against: the tenant's entitlements and tool profiles, and the platform's skills. */
export interface StepRules {
  readonly entitlements: ReadonlyArray<Product>
  readonly skills: SkillRegistry["Type"]
  /** Whether the platform has a language model (ai.invoke and agent steps need one). */
  readonly modelConfigured: boolean
  /** Whether partner URLs may be http and private (SERVICEKIT_OUTBOUND_ALLOW_PRIVATE). */
  readonly outboundAllowPrivate: boolean
  /** The tenant's tool profile with this name, if any. */
  readonly profile: (name: string) => Effect.Effect<ToolProfile | undefined>
  /** Whether the tenant has an agent with this id. */
  readonly agentExists: (id: string) => Effect.Effect<boolean>
  /** Whether the tenant has a channel with this id. */
  readonly channelExists: (id: string) => Effect.Effect<boolean>
  /** Why a step may not hold the placeholder at a path, or undefined; a run's variables only, unless given. */
  readonly placeholderProblem?: (path: ReadonlyArray<string>) => string | undefined
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

export const fail = (field: string, reason: string) => Effect.fail(invalidField(field, reason))

/** Problems found inside the value at `field`, as a 400 naming them. */
export const invalidDetails = (details: ReadonlyArray<ErrorDetail>, field: string) => {
  const named = details.map((detail) => ({
    field: detail.field === "" ? field : `${field}.${detail.field}`,
    reason: detail.reason
  }))
  return new ValidationFailed({ message: `Invalid ${named[0]?.field ?? field}`, details: named })
}

/** Decodes `value` with `schema`; failures become details under `field`. */
export const decodeAt = <A, I>(schema: Schema.Schema<A, I>, value: unknown, field: string) =>
  Either.match(Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "error" })(value), {
    onLeft: (error: ParseResult.ParseError) => Effect.fail(invalidDetails(issueDetailsWithin(error), field)),
    onRight: () => Effect.void
  })

/** A step's optional `name`, as every kind has it. */
export const StepName = Schema.optional(Schema.String.pipe(Schema.maxLength(200)))
/** A step's optional `toolProfile`. */
export const ProfileName = Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)))

/** The profile a step follows: the one it names (which must exist), else the tenant's default one if any. */
export const profileOf = (step: JsonObject, field: string, rules: StepRules) =>
  Effect.gen(function* () {
    if (typeof step.toolProfile !== "string") return yield* rules.profile(DEFAULT_TOOL_PROFILE)
    const profile = yield* rules.profile(step.toolProfile)
    if (profile === undefined) return yield* fail(`${field}.toolProfile`, `is not a tool profile: ${step.toolProfile}`)
    return profile
  })

/**
 * A skill the tenant may use, or why not, by the skill gate's checks (SkillGate): unknown or not
 * installed (400), or not entitled or denied by the step's tool profile (403). A skill that asks a
 * model needs one configured (400), checked before the products.
 */
export const checkSkill = (skillId: string, field: string, rules: StepRules, profile: ToolProfile | undefined) =>
  Effect.gen(function* () {
    const access = skillAccess(rules.skills, skillId, rules.entitlements)
    const refusal = Either.isLeft(access) ? access.left : undefined
    if (refusal?.kind === "unknown") return yield* fail(field, `is not a known skill: ${skillId}`)
    if (refusal?.kind === "not_installed") {
      return yield* fail(
        field,
        `the skill ${skillId} is not available on this platform (no implementation is installed)`
      )
    }
    const skill = rules.skills.find(skillId)!
    if (skill.usesModel && !rules.modelConfigured) {
      return yield* fail(field, `the skill ${skillId} needs a language model: ${NO_MODEL_CONFIGURED}`)
    }
    if (refusal?.kind === "not_entitled") {
      return yield* notEntitled(refusal.product, `${field}: the skill ${skillId} needs the ${refusal.product} product`)
    }
    const verdict = profileVerdict(profile, skill)
    if (Either.isLeft(verdict) && verdict.left.kind === "denied") {
      return yield* permissionDenied(
        "skill_denied",
        `${field}: the tool profile ${verdict.left.profile} does not allow the skill ${skillId}.`
      )
    }
    return skill
  })

/** A channel a step names as written (a placeholder is filled and checked when the run gets there). */
export const checkChannel = (channelId: unknown, field: string, rules: Pick<StepRules, "channelExists">) =>
  Effect.gen(function* () {
    if (typeof channelId !== "string" || channelId.includes("{{")) return
    if (!(yield* rules.channelExists(channelId))) {
      return yield* fail(field, `is not a channel of this account: ${channelId}`)
    }
  })
