import { Effect, Option, Schema } from "effect"
import { notEntitled } from "../../platform/Entitlements.js"
import { NO_MODEL_CONFIGURED } from "../governance/ModelService.js"
import { MAX_PEER_LENGTH, SESSION_SCOPES } from "../sessions/Session.js"
import { MAX_AGENT_TURNS } from "../agents/AgentProtocol.js"
import { runAgentStep } from "./AgentLoop.js"
import { type StepKind, plainStep } from "./StepKind.js"
import { stepFailed } from "./StepOutcome.js"
import { ProfileName, StepName, checkSkill, fail, isObject, profileOf } from "./StepRules.js"

/** The skills an agent step may name (as an agent profile may). */
export const MAX_AGENT_STEP_SKILLS = 50

/**
 * `{ instructions?, agent?, skills?, toolProfile?, maxTurns?, session? }`: a model's tool-calling
 * loop (see runAgentStep). A rejected call is news to the agent, which goes on.
 */
export const agentStep: StepKind = {
  ...plainStep,
  type: "agent",
  schema: Schema.Struct({
    type: Schema.Literal("agent"),
    name: StepName,
    instructions: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(20_000))),
    agent: Schema.optional(Schema.UUID),
    skills: Schema.optional(Schema.Array(Schema.String).pipe(Schema.maxItems(MAX_AGENT_STEP_SKILLS))),
    toolProfile: ProfileName,
    maxTurns: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(1, MAX_AGENT_TURNS))),
    session: Schema.optional(
      Schema.Struct({
        scope: Schema.Literal(...SESSION_SCOPES),
        peer: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(MAX_PEER_LENGTH)))
      })
    )
  }),
  validate: (step, field, rules) =>
    Effect.gen(function* () {
      if (typeof step.agent === "string" && !(yield* rules.agentExists(step.agent))) {
        return yield* fail(`${field}.agent`, `is not an agent of this account: ${step.agent}`)
      }
      if (isObject(step.session)) {
        const { peer, scope } = step.session
        const needsPeer = scope === "dm" || scope === "group" || scope === "channel"
        if (needsPeer && peer === undefined) {
          return yield* fail(`${field}.session.peer`, `is required for the ${scope} scope (e.g. {{payload.visitorId}})`)
        }
        if (!needsPeer && peer !== undefined) {
          return yield* fail(`${field}.session.peer`, `must be absent for the ${scope} scope`)
        }
      }
      if (!rules.modelConfigured) {
        return yield* fail(`${field}.type`, `an agent step needs a language model: ${NO_MODEL_CONFIGURED}`)
      }
      if (!rules.entitlements.includes("ai_agent")) {
        return yield* notEntitled("ai_agent", `${field}: an agent step needs the ai_agent product`)
      }
      if (Array.isArray(step.skills)) {
        const profile = yield* profileOf(step, field, rules)
        for (const [at, skillId] of step.skills.entries()) yield* checkSkill(skillId, `${field}.skills.${at}`, rules, profile)
      }
    }),
  sideEffects: true,
  readsEntitlements: true,
  readsPolicy: true,
  goesOnWhenRejected: true,
  requires: ["ai_agent"],
  skillsOf: (step) => (Array.isArray(step.skills) ? step.skills.filter((id) => typeof id === "string") : []),
  idleWithoutChecklist: () => true,
  execute: ({ run, index, filled, setting, previous, checkpoint, services }) => {
    if (!setting.entitlements.includes("ai_agent")) {
      return Effect.succeed(
        stepFailed("An agent step needs the ai_agent product, which the account is not entitled to.")
      )
    }
    return runAgentStep({
      run,
      index,
      step: filled,
      entitlements: setting.entitlements,
      policy: setting.policy,
      previous,
      checkpoint,
      decision: (approvalId) =>
        Effect.map(services.approvals.find(run.tenantId, approvalId), (found) =>
          Option.isSome(found) ? found.value.status : undefined
        )
    })
  }
}
