import { agentStep } from "./AgentStep.js"
import { approvalStep } from "./ApprovalStep.js"
import { deliverStep } from "./DeliverStep.js"
import { logStep } from "./LogStep.js"
import { skillStep } from "./SkillStep.js"
import type { StepKind } from "./StepKind.js"
import { waitStep } from "./WaitStep.js"

/** Every kind of workflow step, in the order the API names them. A new kind is a file and a line here. */
export const STEP_KINDS: ReadonlyArray<StepKind> = [skillStep, deliverStep, logStep, agentStep, approvalStep, waitStep]

export const STEP_TYPES: ReadonlyArray<string> = STEP_KINDS.map((kind) => kind.type)

const byType = new Map(STEP_KINDS.map((kind) => [kind.type, kind]))

/** The kind of a step by its `type`, or undefined for a type this platform does not know. */
export const stepKindOf = (type: unknown): StepKind | undefined =>
  typeof type === "string" ? byType.get(type) : undefined
