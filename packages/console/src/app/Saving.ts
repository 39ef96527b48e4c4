import { useState } from "preact/hooks"
import type { describeError } from "./Api.js"
import { refusalAt } from "./Field.js"

/** An error the API answers, as `describeError` reads it. */
type Refused = Parameters<typeof describeError>[0]

/** A refusal split for a form: reasons at the fields they name, or one line for a notice above it. */
interface Refusal<F extends string> {
  readonly atFields: Partial<Record<F, string>>
  readonly notice: string | undefined
}

/**
 * A settings form's saving: busy while its request runs, then saved, or refused at the fields the
 * API names or in a notice above the form.
 */
export const useSave = <F extends string,>() => {
  const [problems, setProblems] = useState<Partial<Record<F, string>>>({})
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  /**
   * Runs `request`: its answer when saved, undefined when refused. A refusal is split by
   * `refusalAt` among `fields`, or by the form itself where the API's reasons read otherwise.
   */
  const save = async <R extends { readonly error?: Refused | undefined },>(
    fields: ReadonlyArray<F> | ((error: Refused) => Refusal<F>),
    request: () => Promise<R>
  ): Promise<Extract<R, { readonly error?: undefined }> | undefined> => {
    setBusy(true)
    const answer = await request()
    setBusy(false)
    setSaved(answer.error === undefined)
    if (answer.error === undefined) {
      setProblems({})
      setFailure(undefined)
      return answer as Extract<R, { readonly error?: undefined }>
    }
    const refusal = typeof fields === "function" ? fields(answer.error) : refusalAt(answer.error, fields)
    setProblems(refusal.atFields)
    setFailure(refusal.notice)
    return undefined
  }

  return { problems, failure, saved, busy, save, setSaved, setProblems }
}
