import { Effect } from "effect"
import { screenJson } from "../../http/Inputs.js"
import { type SkillCall, SkillFailed, type SkillRunner } from "../../module/SkillRunner.js"
import type { Product } from "../../platform/Products.js"
import { type StandardOutput, type StandardSchema, validateStandard } from "../../platform/StandardSchema.js"
import type { Skill, SkillDefinition } from "./Skills.js"

/** An embedder's skill id: lowercase words joined by dots, e.g. `crm.lookup`. */
const SKILL_ID = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/

/**
 * A skill an embedder adds (or the implementation of a built-in skill the platform leaves to the
 * embedder, such as `marketing.campaign_send`): its input is described with any Standard Schema
 * (zod, Valibot, ArkType, Effect Schema); `run` answers the step's output as JSON, or throws to
 * fail the step with the error's message.
 */
export interface CustomSkill<
  Input extends StandardSchema<any, any> = StandardSchema<any, any>,
  P extends Product = Product
> {
  readonly id: string
  readonly description?: string | undefined
  /** Products the tenant must be entitled to (automations always). */
  readonly requires?: ReadonlyArray<P> | undefined
  /** Whether runs wait for an approval before calling it, unless a tool profile says otherwise. */
  readonly approval?: boolean | undefined
  /** Its input; a built-in skill's implementation may leave it out and gets the built-in's. */
  /**
   * The input as a JSON Schema, shown to agent steps that may call the skill (e.g. zod 4's
   * `z.toJSONSchema(schema)`); without it, agents see only the description.
   */
  readonly inputJsonSchema?: unknown
  readonly input?: Input | undefined
  readonly run: (
    call: Omit<SkillCall, "input"> & { readonly input: StandardOutput<Input> }
  ) => unknown | PromiseLike<unknown>
}

/** Declares a custom skill, keeping its input's type for `run`. */
export const defineSkill = <Input extends StandardSchema<any, any>, P extends Product = Product>(
  skill: CustomSkill<Input, P>
): CustomSkill<Input, P> => skill

/** A thrown value as a step's error. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The JSON an embedder's `run` answered, and its text form for `{{last.outputText}}`; an output
 * storage cannot keep (NUL characters, lone surrogates, nesting beyond 64 levels) fails the step.
 */
const outputOf = (value: unknown) => {
  const output = value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown)
  const refused = screenJson(output)
  if (refused !== undefined) {
    const detail = refused.details?.[0]
    const why =
      detail === undefined ? refused.message : `${detail.field.replace(/^body\.?/, "") || "it"} ${detail.reason}`
    throw new Error(`The skill's output cannot be stored: ${why}.`)
  }
  return { output, outputText: typeof output === "string" ? output : JSON.stringify(output) }
}

/**
 * The definitions and runners of an embedder's skills. A skill with a built-in id (one of
 * `builtIns`, the modules' skills) implements that skill under its definition; any other must
 * bring an input schema and a fresh id. A built-in skill its module runs may not be replaced.
 * Mistakes throw: they are programming errors found when the kit is made.
 */
export const customSkillParts = (
  skills: ReadonlyArray<CustomSkill>,
  builtInSkills: ReadonlyArray<Skill<unknown>>
): { readonly definitions: ReadonlyArray<SkillDefinition>; readonly runners: ReadonlyArray<SkillRunner<never>> } => {
  const builtIns = new Map(builtInSkills.map((skill) => [skill.id, skill]))
  const seen = new Set<string>()
  const definitions: Array<SkillDefinition> = []
  const runners: Array<SkillRunner<never>> = []
  for (const skill of skills) {
    if (seen.has(skill.id)) throw new Error(`The skill ${skill.id} is given twice.`)
    seen.add(skill.id)
    if (builtIns.get(skill.id)?.run !== undefined) throw new Error(`The skill ${skill.id} is implemented by ServiceKit already.`)
    const builtIn = builtIns.get(skill.id)
    if (builtIn !== undefined && [skill.input, skill.requires, skill.approval].some((part) => part !== undefined)) {
      throw new Error(
        `The skill ${skill.id} is built in: its implementation takes the built-in's input, products and approval.`
      )
    }
    if (builtIn === undefined) {
      if (!SKILL_ID.test(skill.id)) {
        throw new Error(`The skill id ${JSON.stringify(skill.id)} must be lowercase words joined by dots.`)
      }
      if (skill.input === undefined) throw new Error(`The skill ${skill.id} needs an input schema.`)
      const schema = skill.input
      definitions.push({
        id: skill.id,
        requires: ["automations", ...(skill.requires ?? []).filter((product) => product !== "automations")],
        parse: (input) => validateStandard(schema, input),
        parsesPlaceholders: false,
        approval: skill.approval ?? false,
        usesModel: false,
        sideEffects: true,
        inputSchema: skill.inputJsonSchema,
        description: skill.description ?? ""
      })
    }
    runners.push({
      id: skill.id,
      run: (call) =>
        Effect.tryPromise({
          try: async () => outputOf(await skill.run(call as never)),
          catch: (error) => new SkillFailed({ message: messageOf(error) })
        })
    })
  }
  return { definitions, runners }
}
