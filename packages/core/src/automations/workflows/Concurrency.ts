import { Effect, Either } from "effect"
import type { ValidationFailed } from "../../platform/Errors.js"
import { parseTemplateText, renderTemplateText } from "../../platform/TemplateText.js"
import type { RunConcurrency } from "../records/Run.js"
import type { JsonObject } from "../records/Workflow.js"
import { fail, isObject } from "../steps/StepRules.js"

/**
 * A workflow's concurrency key, `triggerJson.concurrency`: `{ key, limit }`. At most `limit` of the
 * workflow's runs with the same key run at once, the others waiting queued (see
 * records/RunCaps.ts); e.g. `{ "key": "{{payload.customerId}}", "limit": 1 }` runs one customer's
 * runs one after another while other customers' run beside them. The key is rendered from the
 * run's input when the run is made.
 */

/** The most runs of one key a workflow may let run at once. */
export const MAX_CONCURRENCY_LIMIT = 1_000
/** The longest key template, and the longest key a run keeps (a longer rendering is cut there). */
export const MAX_CONCURRENCY_KEY = 200

/** The variables a key may name: what a run is started with. */
const KEY_VARIABLES = "{{payload.*}} and {{context}}"
const isKeyVariable = ([head, ...rest]: ReadonlyArray<string>) =>
  head === "payload" ? rest.length > 0 : head === "context" && rest.length === 0

/** Checks `triggerJson.concurrency` when present. */
export const checkConcurrency = (trigger: JsonObject): Effect.Effect<void, ValidationFailed> =>
  Effect.gen(function* () {
    const concurrency = trigger.concurrency
    if (concurrency === undefined) return
    const field = "triggerJson.concurrency"
    if (!isObject(concurrency)) return yield* fail(field, "must be an object with a key and a limit")
    const { key, limit } = concurrency
    if (typeof key !== "string" || key.trim().length === 0 || key.length > MAX_CONCURRENCY_KEY) {
      return yield* fail(`${field}.key`, `must be text of 1 to ${MAX_CONCURRENCY_KEY} characters`)
    }
    const parts = parseTemplateText(key)
    if (Either.isLeft(parts)) return yield* fail(`${field}.key`, `a placeholder does not parse: ${parts.left.message}`)
    for (const part of parts.right) {
      if ("path" in part && !isKeyVariable(part.path)) {
        return yield* fail(`${field}.key`, `{{${part.path.join(".")}}} is not a variable: use ${KEY_VARIABLES}`)
      }
    }
    if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_CONCURRENCY_LIMIT) {
      return yield* fail(`${field}.limit`, `must be a whole number from 1 to ${MAX_CONCURRENCY_LIMIT}`)
    }
    const unknown = Object.keys(concurrency).find((name) => name !== "key" && name !== "limit")
    if (unknown !== undefined) return yield* fail(`${field}.${unknown}`, "is not a setting: use key and limit")
  })

/**
 * The concurrency key a new run of a workflow with `trigger` takes, rendered from its input (a
 * missing variable renders as nothing, so runs without it share one key); null without one.
 */
export const concurrencyOf = (
  trigger: JsonObject,
  input: { readonly payload: JsonObject; readonly context: string }
): RunConcurrency | null => {
  const concurrency = trigger.concurrency
  if (!isObject(concurrency) || typeof concurrency.key !== "string" || typeof concurrency.limit !== "number") return null
  const parts = parseTemplateText(concurrency.key)
  if (Either.isLeft(parts)) return null
  return { key: renderTemplateText(parts.right, input).slice(0, MAX_CONCURRENCY_KEY), limit: concurrency.limit }
}
