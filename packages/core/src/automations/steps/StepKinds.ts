import { JSONSchema } from "effect"
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

/** A JSON Schema with its definitions written in place; no `$schema`, and no titles (they repeat the checks). */
const inlined = (schema: JSONSchema.JsonSchema7Root): object => {
  const definitions = schema.$defs ?? {}
  const dropped = new Set(["$schema", "$defs", "title"])
  // `properties` maps names (a field may be called `title`) to schemas.
  const visit = (value: unknown, names = false): unknown => {
    if (Array.isArray(value)) return value.map((each) => visit(each))
    if (typeof value !== "object" || value === null) return value
    const ref = (value as { $ref?: unknown }).$ref
    if (typeof ref === "string" && ref.startsWith("#/$defs/")) return visit(definitions[ref.slice("#/$defs/".length)])
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => names || !dropped.has(key))
        .map(([key, each]) => [key, visit(each, !names && key === "properties")])
    )
  }
  return visit(schema) as object
}

/**
 * A step as the OpenAPI document describes it: one of the kinds' schemas, so that a typed client
 * knows each kind's fields (the API's own checks stay those of `validate`, with their messages).
 */
export const stepJsonSchema: object = {
  oneOf: STEP_KINDS.map((kind) => inlined(JSONSchema.make(kind.schema)))
}
