import { Effect, Schema } from "effect"
import { type StepKind, plainStep } from "./StepKind.js"
import { DEFAULT_APPROVAL_SECONDS, approvalTitle } from "./StepOutcome.js"
import { StepName } from "./StepRules.js"

/**
 * `{ title?, expiresInSeconds? }`: pauses the run until someone approves (the run goes on) or
 * rejects (it fails), or the approval expires (it fails).
 */
export const approvalStep: StepKind = {
  ...plainStep,
  type: "approval",
  schema: Schema.Struct({
    type: Schema.Literal("approval"),
    name: StepName,
    title: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))),
    expiresInSeconds: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(60, 2_592_000)))
  }),
  validate: () => Effect.void,
  endsWhenApproved: true,
  execute: ({ step, filled, index }) =>
    Effect.succeed({
      kind: "wait",
      title: approvalTitle(filled, index),
      skillId: null,
      input: null,
      expiresInSeconds: typeof step.expiresInSeconds === "number" ? step.expiresInSeconds : DEFAULT_APPROVAL_SECONDS
    })
}
