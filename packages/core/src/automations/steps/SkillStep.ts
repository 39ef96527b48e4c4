import { Effect, Either, Schema } from "effect"
import { SkillBusy, SkillFailed, SkillPending } from "../../module/SkillRunner.js"
import { profileOfStep } from "../governance/GovernanceRepositories.js"
import { outboundUrlProblem } from "../skills/Skills.js"
import type { JsonObject } from "../records/Workflow.js"
import { passSkillGate, stepRefusal } from "./SkillGate.js"
import { type StepCall, type StepKind, plainStep } from "./StepKind.js"
import { type StepOutcome, stepFailed, waitForRoom, waitForSkill, waitForWork } from "./StepOutcome.js"
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
 * Calls a skill as a step once it passes the skill gate (SkillGate); a gated skill waits for an
 * approval first. `step` is a skill step with its placeholders filled in.
 */
export const callSkill = (call: StepCall, step: JsonObject) =>
  Effect.gen(function* (): Generator<any, StepOutcome, any> {
    const { run, index, attempt, setting, approved } = call
    const { skills, profiles, outboundAllowPrivate } = call.services
    const skillId = String(step.skillId)
    const passed = yield* passSkillGate({
      registry: skills,
      skillId,
      input: isObject(step.input) ? step.input : {},
      entitlements: setting.entitlements,
      profile: profileOfStep(profiles, run.tenantId, step),
      checkedWhenWritten: true,
      outboundAllowPrivate
    })
    if (Either.isLeft(passed)) return stepFailed(stepRefusal(skillId, passed.left))
    const { runner, verdict, input } = passed.right
    // The approval shows the input filled in, which is what runs: the run's input and the
    // results of the steps before do not change while it waits.
    if (verdict === "approval" && !approved) return waitForSkill(skillId, { input })
    const called = yield* Effect.either(
      runner.run({
        tenantId: run.tenantId,
        runId: run.id,
        stepIndex: index,
        attempt,
        idempotencyKey: `${run.id}:${index}:${run.attempt}`,
        test: run.test,
        input
      })
    )
    if (Either.isRight(called)) return { kind: "done", output: called.right }
    const error = called.left
    if (error instanceof SkillBusy) return yield* waitForRoom(error, call.previous)
    return error instanceof SkillPending
      ? waitForWork(error, error.output)
      : error instanceof SkillFailed
        ? stepFailed(error.message, error.output ?? null)
        : stepFailed(String(error))
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
      const unreachable = outboundUrlProblem(skill, skillInput, rules.outboundAllowPrivate)
      if (unreachable !== undefined) return yield* fail(`${field}.input.${unreachable.field}`, unreachable.reason)
      if (skill.channelField !== undefined) {
        yield* checkChannel(skillInput[skill.channelField], `${field}.input.${skill.channelField}`, rules)
      }
    }),
  sideEffects: true,
  readsEntitlements: true,
  skillsOf: (step) => (typeof step.skillId === "string" ? [step.skillId] : []),
  idleWithoutChecklist: (step, skills) => skills.find(String(step.skillId))?.usesModel === true,
  execute: (call) => callSkill(call, call.filled)
}
