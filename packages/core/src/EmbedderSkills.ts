import type { Product } from "./BuiltInProducts.js"
import { type CustomSkill as AnySkill, defineSkill as defineAnySkill } from "./automations/skills/CustomSkills.js"
import type { StandardSchema } from "./platform/StandardSchema.js"

/** An embedder's skill, needing the built-in products by name (a kit with added modules may name theirs). */
export type CustomSkill<Input extends StandardSchema<any, any> = StandardSchema<any, any>> = AnySkill<Input, Product>

/** Declares a custom skill, keeping its input's type for `run`; its products are the built-in ones' names. */
export const defineSkill: <Input extends StandardSchema<any, any>>(skill: CustomSkill<Input>) => CustomSkill<Input> =
  defineAnySkill
