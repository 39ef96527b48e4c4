import type { JSX } from "preact"
import { describeError } from "./Api.js"

/** What a field's input needs to be labelled and described: by its help, or by the refusal of it. */
export interface FieldAria {
  readonly id: string
  readonly "aria-invalid": "true" | undefined
  readonly "aria-describedby": string | undefined
}

/**
 * A labelled field whose input the API may refuse: its help below it, or in its place the
 * refusal, announced and tied to the input.
 */
export const Field = (props: {
  readonly id: string
  readonly label: string
  readonly help?: string | undefined
  readonly problem: string | undefined
  readonly children: (aria: FieldAria) => JSX.Element
}) => {
  const invalid = props.problem !== undefined
  const described = invalid ? `${props.id}-error` : props.help === undefined ? undefined : `${props.id}-help`
  return (
    <div class={`field${invalid ? " invalid" : ""}`}>
      <label for={props.id}>{props.label}</label>
      {props.children({ id: props.id, "aria-invalid": invalid ? "true" : undefined, "aria-describedby": described })}
      {invalid ? (
        <p class="field-error" id={`${props.id}-error`} role="alert">
          {props.problem}
        </p>
      ) : props.help === undefined ? null : (
        <p class="help" id={`${props.id}-help`}>
          {props.help}
        </p>
      )}
    </div>
  )
}

/**
 * A refusal split for a form: each reason at the field it names among `fields`, or, when it names
 * none of them, one line for a notice above the form.
 */
export const refusalAt = <F extends string,>(error: Parameters<typeof describeError>[0], fields: ReadonlyArray<F>) => {
  const atFields: Partial<Record<F, string>> = {}
  for (const detail of error.details ?? []) {
    if ((fields as ReadonlyArray<string>).includes(detail.field)) atFields[detail.field as F] = `It ${detail.reason}.`
  }
  return { atFields, notice: Object.keys(atFields).length === 0 ? describeError(error) : undefined }
}
