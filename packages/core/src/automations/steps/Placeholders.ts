import { Either } from "effect"
import type { ErrorDetail } from "../../platform/Errors.js"
import { parseTemplateText, renderTemplateText } from "../../platform/TemplateText.js"
import type { Run } from "../records/Run.js"
import type { JsonObject } from "../records/Workflow.js"

/**
 * The `{{…}}` placeholders a run fills in a step, checked when a workflow or a pack is written:
 * a placeholder naming nothing a run provides would render as empty text, silently.
 */

/** The variables a run fills in, as error messages and the marketplace name them. */
export const RUN_VARIABLES = [
  "{{context}}",
  "{{payload.*}}",
  "{{event.type}}",
  "{{policy}}",
  "{{last.outputText}}",
  "{{step<N>.*}}"
] as const

/** Whether a run fills in the placeholder at `path`. */
export const isRunVariable = (path: ReadonlyArray<string>): boolean => {
  const [head, ...rest] = path
  if (head === "context" || head === "policy") return rest.length === 0
  if (head === "event") return rest.length === 1 && rest[0] === "type"
  if (head === "last") return rest.length === 1 && rest[0] === "outputText"
  return head === "payload" || /^step\d{1,2}$/.test(head!)
}

/**
 * The problems of every placeholder in `value` (strings at any depth; keys may hold none), as
 * `judge` finds them: it answers why a placeholder's path is refused, or undefined.
 */
export const placeholderProblems = (
  value: unknown,
  field: string,
  judge: (path: ReadonlyArray<string>) => string | undefined
): ReadonlyArray<ErrorDetail> => {
  if (typeof value === "string") {
    if (!value.includes("{{")) return []
    return Either.match(parseTemplateText(value), {
      onLeft: (error) => [{ field, reason: `a placeholder does not parse: ${error.message}` }],
      onRight: (parts) =>
        parts.flatMap((part) => {
          const reason = "path" in part ? judge(part.path) : undefined
          return reason === undefined ? [] : [{ field, reason }]
        })
    })
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => placeholderProblems(item, `${field}.${index}`, judge))
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(key.includes("{{") ? [{ field: `${field}.${key}`, reason: "a key may not hold a placeholder" }] : []),
      ...placeholderProblems(item, `${field}.${key}`, judge)
    ])
  }
  return []
}

/** Why a run cannot fill the placeholder at `path`, or undefined when it can. */
export const runVariableProblem = (path: ReadonlyArray<string>): string | undefined =>
  isRunVariable(path) ? undefined : `{{${path.join(".")}}} is not a variable: use ${RUN_VARIABLES.join(", ")}`

/** The steps before `index` that succeeded. */
const succeededBefore = (run: Run, index: number) =>
  run.results.filter((result) => result.index < index && result.status === "succeeded")

/** `{{last.outputText}}`: the text of the last step before `index` that succeeded. */
export const lastOutputText = (run: Run, index: number) => succeededBefore(run, index).at(-1)?.outputText ?? ""

/** What a step's placeholders may name: the run's input and the results of the steps before `index`. */
export const variablesOf = (run: Run, index: number, policy: string): JsonObject => {
  const before = succeededBefore(run, index)
  const variables: Record<string, unknown> = {
    context: run.context,
    payload: run.payload,
    event: { type: run.trigger.event ?? run.trigger.type },
    policy,
    last: { outputText: lastOutputText(run, index) }
  }
  for (const result of before) variables[`step${result.index}`] = result.output
  return variables
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Whether a string anywhere in `value` holds a placeholder naming the variable `name` (e.g. `{{policy}}`). */
export const mentionsVariable = (value: unknown, name: string): boolean => {
  if (typeof value === "string") {
    if (!value.includes("{{")) return false
    return Either.match(parseTemplateText(value), {
      onLeft: () => false,
      onRight: (parts) => parts.some((part) => "path" in part && part.path[0] === name)
    })
  }
  if (Array.isArray(value)) return value.some((item) => mentionsVariable(item, name))
  if (isObject(value)) return Object.values(value).some((item) => mentionsVariable(item, name))
  return false
}

/** Fills `{{…}}` placeholders in every string of a step's input; a placeholder that does not parse is an error. */
export const render = (value: unknown, variables: JsonObject): Either.Either<unknown, string> => {
  if (typeof value === "string") {
    if (!value.includes("{{")) return Either.right(value)
    return Either.map(
      Either.mapLeft(parseTemplateText(value), (error) => `a placeholder does not parse: ${error.message}`),
      (parts) => renderTemplateText(parts, variables)
    )
  }
  if (Array.isArray(value)) return Either.all(value.map((item) => render(item, variables)))
  if (isObject(value)) {
    return Either.map(
      Either.all(
        Object.entries(value).map(([key, item]) => Either.map(render(item, variables), (done) => [key, done] as const))
      ),
      (entries) => Object.fromEntries(entries)
    )
  }
  return Either.right(value)
}
