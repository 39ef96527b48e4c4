import { Effect, Schema } from "effect"
import { type StepKind, plainStep } from "./StepKind.js"
import { StepName } from "./StepRules.js"

/** `{ message? }`: records its message as the step's output, nothing more. */
export const logStep: StepKind = {
  ...plainStep,
  type: "log",
  schema: Schema.Struct({
    type: Schema.Literal("log"),
    name: StepName,
    message: Schema.optional(Schema.String.pipe(Schema.maxLength(10_000)))
  }),
  validate: () => Effect.void,
  idleWithoutChecklist: (step) => typeof step.message !== "string" || step.message.trim() === "",
  execute: ({ filled }) => {
    const message = typeof filled.message === "string" ? filled.message : ""
    return Effect.succeed({ kind: "done", output: { output: { message }, outputText: message } })
  }
}
