import { useState } from "preact/hooks"

/** The conversation's labels, for the team only: each removable, a new one added by Enter. */
export const Labels = (props: { readonly labels: ReadonlyArray<string>; readonly onChange: (labels: ReadonlyArray<string>) => void }) => {
  const [adding, setAdding] = useState("")
  return (
    <div class="labels">
      <ul class="label-chips" aria-label="Labels">
        {props.labels.map((label) => (
          <li key={label} class="chip">
            {label}
            <button
              type="button"
              class="chip-remove"
              aria-label={`Remove the label ${label}`}
              onClick={() => props.onChange(props.labels.filter((each) => each !== label))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <label for="add-label" class="visually-hidden">
        Add a label
      </label>
      <input
        id="add-label"
        class="label-input"
        maxLength={40}
        placeholder="Add a label"
        value={adding}
        onInput={(e) => setAdding(e.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter" || adding.trim() === "") return
          event.preventDefault()
          props.onChange([...props.labels, adding])
          setAdding("")
        }}
      />
    </div>
  )
}
