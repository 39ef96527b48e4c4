import { Effect } from "effect"
import type { ValidationFailed } from "../../platform/Errors.js"
import { MAX_CONCURRENCY_KEY, MAX_CONCURRENCY_LIMIT } from "../records/RunCaps.js"
import type { JsonObject } from "../records/Workflow.js"
import { placeholderProblems } from "../steps/Placeholders.js"
import { fail, isObject } from "../steps/StepRules.js"

/**
 * A workflow's concurrency key, `triggerJson.concurrency`: `{ key, limit }` (see records/RunCaps.ts),
 * checked when the workflow is written.
 */

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
    const [problem] = placeholderProblems(key, `${field}.key`, (path) =>
      isKeyVariable(path) ? undefined : `{{${path.join(".")}}} is not a variable: use ${KEY_VARIABLES}`
    )
    if (problem !== undefined) return yield* fail(problem.field, problem.reason)
    if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_CONCURRENCY_LIMIT) {
      return yield* fail(`${field}.limit`, `must be a whole number from 1 to ${MAX_CONCURRENCY_LIMIT}`)
    }
    const unknown = Object.keys(concurrency).find((name) => name !== "key" && name !== "limit")
    if (unknown !== undefined) return yield* fail(`${field}.${unknown}`, "is not a setting: use key and limit")
  })
