import type { Effect } from "effect"
import type { ErrorDetail } from "../platform/Errors.js"
import type { Product } from "../platform/Products.js"
import type { SkillCall, SkillError, SkillOutput } from "./SkillRunner.js"

/** The channel a message a run sent went out on. */
export type MessageChannel = "email" | "chat" | "channel" | "webhook"

/**
 * A skill a workflow step or an agent may call, as the product that owns it declares it: the
 * products it needs, its input and whether it waits for an approval by default. Inputs are checked
 * when a workflow is written; string fields may hold `{{…}}` placeholders, so a format (an
 * address, a URL) is only checked where the value has none.
 */
export interface SkillDefinition {
  readonly id: string
  /** Products the tenant must be entitled to; automations is always needed. */
  readonly requires: ReadonlyArray<Product>
  /**
   * Checks a step's input: its parsed form, or the problems with fields named inside the input
   * ("" for the input itself).
   */
  readonly parse: (input: unknown) => Effect.Effect<unknown, ReadonlyArray<ErrorDetail>>
  /**
   * Whether `parse` can judge an input that still holds `{{…}}` placeholders (the built-in
   * schemas can); when not, such an input is checked only at run time, once filled in.
   */
  readonly parsesPlaceholders: boolean
  /** Whether a run waits for an approval before the skill runs, unless a tool profile says otherwise. */
  readonly approval: boolean
  /** Whether it asks a language model: refused when written on a platform without one. */
  readonly usesModel: boolean
  /**
   * Whether it changes anything outside the run when it runs again (a send, a write): an agent
   * stores such a call before running it, so a worker taking over runs it under the same key;
   * a call without side effects is stored with its result in one write.
   */
  readonly sideEffects: boolean
  /** Its input as a JSON Schema, shown to agents that may call it; undefined when unknown. */
  readonly inputSchema: unknown
  readonly description: string
  /** When each succeeded call is a message a run sent: the channel it went out on (the readouts list them). */
  readonly messageChannel?: MessageChannel | undefined
  /** The input field holding a partner's URL the platform posts to: checked as the outbound client would. */
  readonly partnerUrlField?: string | undefined
  /** The input field naming one of the tenant's channels: checked to exist when a workflow is written. */
  readonly channelField?: string | undefined
}

/**
 * A skill as one value: its definition and its implementation, which runs in a worker with the
 * services it names in `R` (the root checks that the kit provides them). A product's module
 * contributes its skills; a skill without `run` is left to the embedder (ServiceKit's `skills`).
 */
export interface Skill<R = never> extends SkillDefinition {
  readonly run?: ((call: SkillCall) => Effect.Effect<SkillOutput, SkillError, R>) | undefined
}
