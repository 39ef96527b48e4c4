import { useRef, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice } from "../Components.js"
import type { PageProps } from "../PageProps.js"
import { type MailStream, STREAMS, type Suppression } from "./SuppressionReasons.js"

/**
 * An address to suppress by hand, on a stream, with an optional note. An address the API refuses is
 * said at the field (its reason, as the API words it); any other refusal (the address is on the list
 * already, the limit) above the form.
 */
export const AddSuppressionForm = (
  props: PageProps & { readonly onAdded: (entry: Suppression) => void; readonly onCancel: () => void }
) => {
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event) => {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget as HTMLFormElement)
    const note = String(form.get("note") ?? "").trim()
    setBusy(true)
    const { data, error } = await props.client.suppressions.addSuppression({
      body: {
        email: String(form.get("email") ?? "").trim(),
        stream: String(form.get("stream")) as MailStream,
        ...(note === "" ? {} : { note })
      }
    })
    setBusy(false)
    if (error === undefined) return props.onAdded(data)
    const atField = error.details?.find((detail) => detail.field === "email")
    setProblem(atField === undefined ? undefined : `The address ${atField.reason}.`)
    setFailure(atField === undefined ? describeError(error) : undefined)
    input.current?.focus()
  }

  return (
    <form class="card form" onSubmit={submit} aria-labelledby="add-suppression-title">
      <h2 id="add-suppression-title">Suppress an address</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <div class="field-row">
        <div class={`field grow${problem === undefined ? "" : " invalid"}`}>
          <label for="suppression-email">Email address</label>
          <input
            ref={input}
            id="suppression-email"
            name="email"
            required
            maxLength={254}
            inputMode="email"
            autocomplete="off"
            spellcheck={false}
            placeholder="someone@example.com"
            aria-invalid={problem === undefined ? undefined : "true"}
            aria-describedby={problem === undefined ? undefined : "suppression-email-error"}
            autofocus
          />
          {problem === undefined ? null : (
            <p class="field-error" id="suppression-email-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div class="field">
          <label for="suppression-stream">Stream</label>
          <select id="suppression-stream" name="stream" aria-describedby="suppression-stream-help">
            {Object.entries(STREAMS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <p class="help" id="suppression-stream-help">
            Transactional: messages such as receipts and sign-in codes. Broadcast: newsletters and announcements.
          </p>
        </div>
      </div>
      <div class="field">
        <label for="suppression-note">Note (optional)</label>
        <textarea id="suppression-note" name="note" rows={2} maxLength={1000} aria-describedby="suppression-note-help" />
        <p class="help" id="suppression-note-help">
          Why it is here, for your team: shown in the list.
        </p>
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" aria-disabled={busy ? "true" : undefined}>
          Suppress address
        </button>
      </div>
    </form>
  )
}
