import { Effect, Option, Schema } from "effect"
import type { Skill } from "../../module/Skill.js"
import { Text, builtInSkill } from "../../module/SkillInputs.js"
import { SkillFailed } from "../../module/SkillRunner.js"
import type { ModelMessage } from "../../platform/LanguageModel.js"
import { ModelRouter } from "../../platform/ModelRouter.js"
import { PolicyRepository } from "./GovernanceRepositories.js"
import { ModelService } from "./ModelService.js"
import { UNTRUSTED_NOTE, untrusted } from "./Prompts.js"

/**
 * Asks the tenant's models (`/automations/models`, with failover) once: the standing orders as a
 * system message, `input` as the question, and `context`, when given, fenced as untrusted data.
 * Its output is `{ text, model, attempts, usage }`: the label that answered and every label tried.
 */
const aiInvoke = builtInSkill({
  id: "ai.invoke",
  requires: ["ai_agent"],
  input: { input: Text(100_000), context: Schema.optional(Text(100_000)) },
  description: "Asks the configured model, with failover along /models.",
  usesModel: true,
  run: (call) =>
    Effect.gen(function* () {
      const labels = yield* (yield* ModelService).labels(call.tenantId)
      const router = yield* ModelRouter
      const policy = yield* (yield* PolicyRepository).find(call.tenantId)
      const orders = Option.match(policy, { onNone: () => "", onSome: (found) => found.standingOrders.trim() })
      const context = typeof call.input.context === "string" ? call.input.context : ""
      const question = String(call.input.input ?? "")
      const messages: Array<ModelMessage> = [
        ...(orders === "" ? [] : [{ role: "system" as const, content: orders }]),
        ...(context === "" ? [] : [{ role: "system" as const, content: UNTRUSTED_NOTE }]),
        { role: "user", content: context === "" ? question : `${question}\n\n${untrusted("context", context)}` }
      ]
      const answered = yield* Effect.mapError(
        router.complete(labels, messages),
        (failure) => new SkillFailed({ message: failure.message, output: { attempts: failure.attempts } })
      )
      const { reply, attempts } = answered
      return {
        output: { text: reply.text, model: reply.label, attempts, usage: reply.usage },
        outputText: reply.text
      }
    })
})

/** The skills that ask a language model. */
export const aiSkills: ReadonlyArray<Skill<ModelService | ModelRouter | PolicyRepository>> = [aiInvoke]
