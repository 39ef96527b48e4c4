import { Effect } from "effect"
import type { ErrorDetail } from "./Errors.js"

/**
 * The Standard Schema contract (standardschema.dev), as far as ServiceKit uses it: zod, Valibot,
 * ArkType and Effect Schema (`Schema.standardSchemaV1`) implement it, so embedders describe
 * inputs with the library they already use.
 */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
  }
}

export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> }

export interface StandardIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
}

export type StandardOutput<S> = S extends StandardSchema<any, infer Output> ? Output : never

const MAX_DETAILS = 20

const fieldOf = (issue: StandardIssue) =>
  (issue.path ?? []).map((part) => String(typeof part === "object" ? part.key : part)).join(".")

/**
 * Validates `value`: its parsed form, or the issues as details whose fields are paths inside it
 * ("" for the value itself). A schema that throws is a failure of its own, never a crash.
 */
export const validateStandard = <Output>(
  schema: StandardSchema<unknown, Output>,
  value: unknown
): Effect.Effect<Output, ReadonlyArray<ErrorDetail>> =>
  Effect.tryPromise({
    try: async () => schema["~standard"].validate(value),
    catch: (error): ReadonlyArray<ErrorDetail> => [
      { field: "", reason: `could not be checked: ${error instanceof Error ? error.message : String(error)}` }
    ]
  }).pipe(
    Effect.flatMap((result) =>
      result.issues === undefined
        ? Effect.succeed(result.value)
        : Effect.fail(
            result.issues.slice(0, MAX_DETAILS).map((issue) => ({ field: fieldOf(issue), reason: issue.message }))
          )
    )
  )
