import { Effect, Either, Schema } from "effect"
import { SkillFailed, SkillPending } from "../../module/SkillRunner.js"
import { verdictOf } from "../Governance.js"
import { profileOfStep } from "../GovernanceRepositories.js"
import { outboundUrlProblem } from "../Skills.js"
import type { JsonObject } from "../Workflow.js"
import { type StepCall, type StepKind, plainStep } from "./StepKind.js"
import { type StepOutcome, stepFailed, waitForSkill } from "./StepOutcome.js"
import {
  ProfileName,
  StepName,
  checkChannel,
  checkSkill,
  fail,
  invalidDetails,
  isObject,
  profileOf
} from "./StepRules.js"

/**
 * Calls a skill as a step: the skill must be known, entitled, installed and allowed by the step's
 * tool profile; a gated skill waits for an approval first; its filled-in input is checked again.
 * `step` is a skill step with its placeholders filled in.
 */
export const callSkill = (call: StepCall, step: JsonObject) =>
  Effect.gen(function* (): Generator<any, StepOutcome, any> {
    const { run, index, attempt, setting, approved } = call
    const { skills, profiles } = call.services
    const skillId = String(step.skillId)
    const skill = skills.find(skillId)
    const runner = skills.runner(skillId)
    if (skill === undefined || runner === undefined) {
      return stepFailed(`The skill ${skillId} cannot run on this platform (no implementation is installed).`)
    }
    const missing = skill.requires.find((product) => !setting.entitlements.includes(product))
    if (missing !== undefined) {
      return stepFailed(`The skill ${skillId} needs the ${missing} product, which the account is not entitled to.`)
    }
    const found = yield* Effect.either(profileOfStep(profiles, run.tenantId, step))
    if (Either.isLeft(found)) return stepFailed(found.left)
    const profile = found.right
    const verdict = verdictOf(profile, skill)
    if (verdict === "denied") {
      return stepFailed(`The tool profile ${profile!.name} does not allow the skill ${skillId}.`)
    }
    // Built-in skills were checked when the workflow was written (their runners check what
    // placeholders filled in); an embedder's skill gets its input as its schema parses it.
    const filled = isObject(step.input) ? step.input : {}
    // The approval shows the input filled in, which is what runs: the run's input and the
    // results of the steps before do not change while it waits.
    if (verdict === "approval" && !approved) return waitForSkill(skillId, { input: filled })
    const input = yield* Effect.either(skill.parsesPlaceholders ? Effect.succeed(filled) : skill.parse(filled))
    if (Either.isLeft(input)) {
      const first = input.left[0]
      return stepFailed(`The input is invalid: ${first?.field ? `${first.field} ` : ""}${first?.reason ?? ""}`.trim())
    }
    const called = yield* Effect.either(
      runner.run({
        tenantId: run.tenantId,
        runId: run.id,
        stepIndex: index,
        attempt,
        idempotencyKey: `${run.id}:${index}:${run.attempt}`,
        test: run.test,
        input: input.right as JsonObject
      })
    )
    return Either.match(called, {
      onLeft: (error): StepOutcome =>
        error instanceof SkillPending
          ? {
              kind: "pending",
              status: "waiting_node",
              until: error.until,
              ready: error.ready,
              output: error.output
            }
          : error instanceof SkillFailed
            ? stepFailed(error.message, error.output ?? null)
            : stepFailed(String(error)),
      onRight: (output): StepOutcome => ({ kind: "done", output })
    })
  })

/** `{ skillId, input, toolProfile? }`: calls one skill with its input. */
export const skillStep: StepKind = {
  ...plainStep,
  type: "skill",
  schema: Schema.Struct({
    type: Schema.Literal("skill"),
    name: StepName,
    skillId: Schema.String,
    input: Schema.Unknown,
    toolProfile: ProfileName
  }),
  validate: (step, field, rules) =>
    Effect.gen(function* () {
      const profile = yield* profileOf(step, field, rules)
      const skill = yield* checkSkill(step.skillId as string, `${field}.skillId`, rules, profile)
      const skillInput = step.input
      if (!isObject(skillInput)) return yield* fail(`${field}.input`, "must be a JSON object")
      if (skill.parsesPlaceholders || !JSON.stringify(skillInput).includes("{{")) {
        yield* Effect.mapError(skill.parse(skillInput), (details) => invalidDetails(details, `${field}.input`))
      }
      const unreachable = outboundUrlProblem(skill.id, skillInput, rules.outboundAllowPrivate)
      if (unreachable !== undefined) return yield* fail(`${field}.input.${unreachable.field}`, unreachable.reason)
      if (skill.id === "email.send" && ["html", "text", "body"].every((part) => skillInput[part] === undefined)) {
        return yield* fail(`${field}.input.html`, "html, text or body is required")
      }
      if (skill.id === "channel.deliver") yield* checkChannel(skillInput.channelId, `${field}.input.channelId`, rules)
    }),
  sideEffects: true,
  readsEntitlements: true,
  skillsOf: (step) => (typeof step.skillId === "string" ? [step.skillId] : []),
  idleWithoutChecklist: (step) => step.skillId === "ai.invoke",
  execute: (call) => callSkill(call, call.filled)
}
