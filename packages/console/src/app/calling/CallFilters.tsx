import { useState } from "preact/hooks"

/** What the calls page shows: the list's direction and result, and the period of the summary and export. */
export interface CallFilters {
  readonly direction: "" | "inbound" | "outbound"
  readonly result: string
  /** Days `YYYY-MM-DD` (UTC), both included; empty for no bound. */
  readonly from: string
  readonly to: string
}

export const noFilters: CallFilters = { direction: "", result: "", from: "", to: "" }

/** The results carriers commonly record; any other lowercase token may be typed. */
const COMMON_RESULTS = [
  "completed",
  "answered",
  "in-progress",
  "missed",
  "no_answer",
  "no-answer",
  "busy",
  "failed",
  "rejected",
  "canceled",
  "voicemail",
  "queued",
  "ringing"
]

const DAY_MS = 86_400_000

/** The list's filters as the API takes them. */
export const listQuery = (filters: CallFilters) => ({
  ...(filters.direction === "" ? {} : { direction: filters.direction }),
  ...(filters.result.trim() === "" ? {} : { result: filters.result.trim() })
})

/**
 * The period as the API's `[from, to)` full timestamps: the API refuses bare dates (their time zone
 * would be a guess), so the days are UTC, and `to` is the midnight after the last day.
 */
export const periodQuery = (filters: CallFilters) => ({
  ...(filters.from === "" ? {} : { from: `${filters.from}T00:00:00.000Z` }),
  ...(filters.to === "" ? {} : { to: new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + DAY_MS).toISOString() })
})

/** The filter form; the page follows it when it is applied, not at every key. */
export const CallFilterForm = (props: { readonly applied: CallFilters; readonly onApply: (filters: CallFilters) => void }) => {
  const [draft, setDraft] = useState(props.applied)
  const field = (key: keyof CallFilters) => ({
    value: draft[key],
    onInput: (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
      setDraft({ ...draft, [key]: event.currentTarget.value })
  })
  return (
    <form
      class="card form call-filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault()
        props.onApply(draft)
      }}
    >
      <div class="field-row">
        <div class="field">
          <label for="calls-direction">Direction</label>
          <select id="calls-direction" {...field("direction")}>
            <option value="">Both</option>
            <option value="inbound">Inbound</option>
            <option value="outbound">Outbound</option>
          </select>
        </div>
        <div class="field">
          <label for="calls-result">Result</label>
          <input id="calls-result" list="calls-results" placeholder="Any" maxLength={64} {...field("result")} />
          <datalist id="calls-results">
            {COMMON_RESULTS.map((result) => (
              <option key={result} value={result} />
            ))}
          </datalist>
        </div>
        <div class="field">
          <label for="calls-from">From (UTC day)</label>
          <input id="calls-from" type="date" {...field("from")} />
        </div>
        <div class="field">
          <label for="calls-to">To (UTC day, included)</label>
          <input id="calls-to" type="date" {...field("to")} />
        </div>
      </div>
      <p class="help">
        Direction and result filter the list and the export; the period sets the summary and the export (30 days up to
        now when left empty).
      </p>
      <div class="form-actions">
        <button type="submit" class="button primary">
          Apply
        </button>
      </div>
    </form>
  )
}
