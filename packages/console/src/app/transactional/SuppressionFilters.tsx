import { useState } from "preact/hooks"
import { type MailStream, REASONS, STREAMS, type SuppressionReason } from "./SuppressionReasons.js"

/** What the list narrows to; empty for any. */
export interface SuppressionFilters {
  readonly stream: "" | MailStream
  readonly reason: "" | SuppressionReason
  readonly email: string
}

export const noFilters: SuppressionFilters = { stream: "", reason: "", email: "" }

export const isFiltered = (filters: SuppressionFilters) =>
  filters.stream !== "" || filters.reason !== "" || filters.email.trim() !== ""

/** The filters as the API takes them. */
export const listQuery = (filters: SuppressionFilters) => ({
  ...(filters.stream === "" ? {} : { stream: filters.stream }),
  ...(filters.reason === "" ? {} : { reason: filters.reason }),
  ...(filters.email.trim() === "" ? {} : { email: filters.email.trim() })
})

/** The filter form; the list follows it when it is applied, not at every key. */
export const SuppressionFilterForm = (props: {
  readonly applied: SuppressionFilters
  readonly onApply: (filters: SuppressionFilters) => void
}) => {
  const [draft, setDraft] = useState(props.applied)
  const field = (key: keyof SuppressionFilters) => ({
    value: draft[key],
    onInput: (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
      setDraft({ ...draft, [key]: event.currentTarget.value })
  })
  return (
    <form
      class="card form suppression-filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault()
        props.onApply(draft)
      }}
    >
      <div class="field-row">
        <div class="field grow">
          <label for="suppressions-email">Address</label>
          <input
            id="suppressions-email"
            type="search"
            maxLength={254}
            autocomplete="off"
            spellcheck={false}
            placeholder="someone@example.com"
            aria-describedby="suppressions-email-help"
            {...field("email")}
          />
        </div>
        <div class="field">
          <label for="suppressions-stream">Stream</label>
          <select id="suppressions-stream" {...field("stream")}>
            <option value="">All streams</option>
            {Object.entries(STREAMS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="suppressions-reason">Reason</label>
          <select id="suppressions-reason" {...field("reason")}>
            <option value="">Any reason</option>
            {Object.entries(REASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div class="filter-actions">
          {isFiltered(props.applied) ? (
            <button
              type="button"
              class="button"
              onClick={() => {
                setDraft(noFilters)
                props.onApply(noFilters)
              }}
            >
              Clear filters
            </button>
          ) : null}
          <button type="submit" class="button primary">
            Apply
          </button>
        </div>
      </div>
      <p class="help" id="suppressions-email-help">
        The address is matched whole; capitals do not matter.
      </p>
    </form>
  )
}
