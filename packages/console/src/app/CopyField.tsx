import { useRef, useState } from "preact/hooks"

/**
 * A value to paste elsewhere: selectable in a read-only field (focusing it selects it all), with a
 * button that puts exactly the value on the clipboard. `context` prefixes the label for screen
 * readers, where the heading around the field says it to sighted readers.
 */
export const CopyField = (props: {
  readonly id: string
  readonly label: string
  readonly context: string
  readonly value: string
  /** A long value shows wrapped over this many lines. */
  readonly rows?: number
}) => {
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    field.current?.select()
    try {
      await navigator.clipboard.writeText(props.value)
      setCopied(true)
    } catch {
      // No clipboard permission (a frame without it): the text is selected for Ctrl+C.
      setCopied(false)
    }
  }
  const common = {
    id: props.id,
    ref: field,
    class: "mono",
    readOnly: true,
    value: props.value,
    spellcheck: false,
    onFocus: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select()
  }
  return (
    <div class="field">
      <label for={props.id}>
        <span class="visually-hidden">{props.context} </span>
        {props.label}
      </label>
      <div class="copy-row">
        {props.rows === undefined ? <input {...common} /> : <textarea {...common} rows={props.rows} />}
        <button type="button" class="button" onClick={copy}>
          {copied ? "Copied" : "Copy"}
          <span class="visually-hidden">
            {" "}
            {props.context} {props.label.toLowerCase()}
          </span>
        </button>
      </div>
    </div>
  )
}
