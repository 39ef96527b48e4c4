import { Effect, Either } from "effect"
import type { SkillDefinition } from "../../module/Skill.js"
import type { SkillRunner } from "../../module/SkillRunner.js"
import type { ErrorDetail } from "../../platform/Errors.js"
import type { Product } from "../../platform/Products.js"
import { toolResult } from "../agents/AgentProtocol.js"
import { type ToolProfile, verdictOf } from "../governance/Governance.js"
import { type SkillRegistry, outboundUrlProblem } from "../skills/Skills.js"
import type { JsonObject } from "../records/Workflow.js"

/**
 * The one gate a skill call passes, from a skill step or an agent's tool call alike, in this
 * order: the skill is known, installed (and offered to the caller), the account is entitled to
 * its products, the tool profile does not deny it, its input is valid, and then whether it waits
 * for a person's approval. A workflow's steps are checked against the same first checks when
 * written (StepRules.checkSkill).
 */

/** Why a call may not go ahead. */
export type SkillRefusal =
  | { readonly kind: "unknown" }
  | { readonly kind: "not_installed" }
  /** Not among the skills the caller may call (an agent step's list). */
  | { readonly kind: "not_offered" }
  | { readonly kind: "not_entitled"; readonly product: Product }
  | { readonly kind: "denied"; readonly profile: string }
  /** The tool profile the step names does not exist. */
  | { readonly kind: "no_profile"; readonly message: string }
  | { readonly kind: "invalid"; readonly details: ReadonlyArray<ErrorDetail> }

/** A skill the caller may call, with its implementation. */
export interface SkillAccess {
  readonly skill: SkillDefinition
  readonly runner: SkillRunner
}

/** The checks before the tool profile's: known, installed, offered to the caller, entitled. */
export const skillAccess = (
  registry: SkillRegistry["Type"],
  skillId: string,
  entitlements: ReadonlyArray<Product>,
  offered?: ReadonlyArray<string>
): Either.Either<SkillAccess, SkillRefusal> => {
  const skill = registry.find(skillId)
  if (skill === undefined) return Either.left({ kind: "unknown" })
  const runner = registry.runner(skillId)
  if (runner === undefined) return Either.left({ kind: "not_installed" })
  if (offered !== undefined && !offered.includes(skillId)) return Either.left({ kind: "not_offered" })
  const missing = skill.requires.find((product) => !entitlements.includes(product))
  if (missing !== undefined) return Either.left({ kind: "not_entitled", product: missing })
  return Either.right({ skill, runner })
}

/** The tool profile's verdict on a skill: denied, or whether a person approves each call first. */
export const profileVerdict = (
  profile: ToolProfile | undefined,
  skill: SkillDefinition
): Either.Either<"allowed" | "approval", SkillRefusal> => {
  const verdict = verdictOf(profile, skill)
  return verdict === "denied" ? Either.left({ kind: "denied", profile: profile!.name }) : Either.right(verdict)
}

export interface SkillGateRequest {
  readonly registry: SkillRegistry["Type"]
  readonly skillId: string
  readonly input: JsonObject
  readonly entitlements: ReadonlyArray<Product>
  /** The tool profile the call follows (a step's named one must exist). */
  readonly profile: Effect.Effect<ToolProfile | undefined, string>
  /** The skills the caller may call, when it is limited to some (an agent step's list). */
  readonly offered?: ReadonlyArray<string> | undefined
  /**
   * Whether the input was checked when the workflow was written (a skill step's): a skill whose
   * parser judges placeholders is then not parsed again, and its runner checks what the
   * placeholders filled in (the outbound client a partner's URL).
   */
  readonly checkedWhenWritten: boolean
  /** Whether partner URLs may be http and private (SERVICEKIT_OUTBOUND_ALLOW_PRIVATE). */
  readonly outboundAllowPrivate: boolean
}

/** A call that passed the gate: its skill's runner, its input as parsed, and whether it waits for an approval. */
export interface SkillGatePassed extends SkillAccess {
  readonly verdict: "allowed" | "approval"
  readonly input: JsonObject
}

/** Passes a call through the gate: what runs, or why it may not. */
export const passSkillGate = (
  request: SkillGateRequest
): Effect.Effect<Either.Either<SkillGatePassed, SkillRefusal>> =>
  Effect.gen(function* () {
    const { registry, skillId, input } = request
    const access = skillAccess(registry, skillId, request.entitlements, request.offered)
    if (Either.isLeft(access)) return Either.left(access.left)
    const { skill } = access.right
    const profile = yield* Effect.either(request.profile)
    if (Either.isLeft(profile)) return Either.left({ kind: "no_profile" as const, message: profile.left })
    const verdict = profileVerdict(profile.right, skill)
    if (Either.isLeft(verdict)) return Either.left(verdict.left)
    const passed = { ...access.right, verdict: verdict.right }
    if (request.checkedWhenWritten && skill.parsesPlaceholders) return Either.right({ ...passed, input })
    const parsed = yield* Effect.either(skill.parse(input))
    if (Either.isLeft(parsed)) return Either.left({ kind: "invalid" as const, details: parsed.left })
    const unreachable = outboundUrlProblem(skill, parsed.right as JsonObject, request.outboundAllowPrivate)
    if (unreachable !== undefined) return Either.left({ kind: "invalid" as const, details: [unreachable] })
    return Either.right({ ...passed, input: parsed.right as JsonObject })
  })

/** A refusal as a skill step's error. */
export const stepRefusal = (skillId: string, refusal: SkillRefusal): string => {
  switch (refusal.kind) {
    case "unknown":
    case "not_installed":
    case "not_offered":
      return `The skill ${skillId} cannot run on this platform (no implementation is installed).`
    case "not_entitled":
      return `The skill ${skillId} needs the ${refusal.product} product, which the account is not entitled to.`
    case "denied":
      return `The tool profile ${refusal.profile} does not allow the skill ${skillId}.`
    case "no_profile":
      return refusal.message
    case "invalid": {
      const first = refusal.details[0]
      return `The input is invalid: ${first?.field ? `${first.field} ` : ""}${first?.reason ?? ""}`.trim()
    }
  }
}

/** A refusal as the tool result an agent's model reads. */
export const toolRefusal = (skillId: string, refusal: SkillRefusal): string => {
  switch (refusal.kind) {
    case "unknown":
    case "not_installed":
    case "not_offered":
      return toolResult(skillId, "not_allowed", "this step may not call it.")
    case "not_entitled":
      return toolResult(
        skillId,
        "not_allowed",
        `it needs the ${refusal.product} product, which the account is not entitled to.`
      )
    case "denied":
      return toolResult(skillId, "not_allowed", `the tool profile ${refusal.profile} does not allow it.`)
    case "no_profile":
      return toolResult(skillId, "not_allowed", refusal.message)
    case "invalid":
      return toolResult(
        skillId,
        "invalid",
        refusal.details.map((detail) => `${detail.field || "input"} ${detail.reason}`).join("; ")
      )
  }
}
