import { Notice } from "../Components.js"

type Issue = { readonly field: string; readonly reason: string }

/** Why a save failed: the API's message and each issue at its path (`stepsJson.0.message`). */
export interface Refusal {
  readonly message: string
  readonly issues: ReadonlyArray<Issue>
}

/** An error answer as a refusal. */
export const refusalOf = (error: { readonly message?: string; readonly details?: unknown }): Refusal => ({
  message: error.message ?? "The request failed.",
  issues: Array.isArray(error.details) ? (error.details as ReadonlyArray<Issue>) : []
})

export const RefusalNotice = (props: { readonly refusal: Refusal | undefined }) =>
  props.refusal === undefined ? null : (
    <Notice tone="error">
      {props.refusal.message}
      {props.refusal.issues.length === 0 ? null : (
        <ul class="issues">
          {props.refusal.issues.map((issue) => (
            <li key={`${issue.field} ${issue.reason}`}>
              <code>{issue.field === "" ? "(body)" : issue.field}</code> {issue.reason}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  )
