import { Effect, Schema } from "effect"
import { lastOutputText } from "./Placeholders.js"
import { callSkill } from "./SkillStep.js"
import { type StepKind, plainStep } from "./StepKind.js"
import { StepName, checkChannel, checkSkill, profileOf } from "./StepRules.js"

/** The skill a deliver step calls (channels/ChannelSkills.ts implements it). */
export const DELIVER_SKILL = "channel.deliver"

/**
 * `{ channelId, content? }`: channel.deliver with its content, by default what the
 * step before said.
 */
export const deliverStep: StepKind = {
  ...plainStep,
  type: "deliver",
  schema: Schema.Struct({
    type: Schema.Literal("deliver"),
    name: StepName,
    channelId: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
    content: Schema.optional(Schema.String.pipe(Schema.maxLength(10_000)))
  }),
  validate: (step, field, rules) =>
    Effect.gen(function* () {
      yield* checkSkill(DELIVER_SKILL, `${field}.type`, rules, yield* profileOf(step, field, rules))
      yield* checkChannel(step.channelId as string, `${field}.channelId`, rules)
    }),
  sideEffects: true,
  readsEntitlements: true,
  skillsOf: () => [DELIVER_SKILL],
  execute: (call) => {
    const { filled } = call
    const content = typeof filled.content === "string" ? filled.content : lastOutputText(call.run, call.index)
    return callSkill(call, {
      type: "skill",
      skillId: DELIVER_SKILL,
      input: { channelId: filled.channelId, content },
      ...(typeof filled.toolProfile === "string" ? { toolProfile: filled.toolProfile } : {})
    })
  }
}
