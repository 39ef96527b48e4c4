import type { Data } from "@servicekit/client"
import { useState } from "preact/hooks"
import { Notice } from "../Components.js"
import { Field } from "../Field.js"
import type { PageProps } from "../PageProps.js"
import { useSave } from "../Saving.js"

export type WorkingHours = Data<"chatWorkingHours.getWorkingHours">
type Weekday = WorkingHours["weekly"][number]["day"]

/** Every day the API knows, in its order, as people name them; the Record keeps the list complete. */
const DAY_NAMES: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday"
}
const WEEKDAYS = Object.keys(DAY_NAMES) as ReadonlyArray<Weekday>

// A time field holds 00:00 to 23:59: the API's 24:00, midnight at the end of the day, is shown as
// 00:00, which as a closing time can mean nothing else (it must be later than the opening).
const shownClosing = (closes: string) => (closes === "24:00" ? "00:00" : closes)
const sentClosing = (closes: string) => (closes === "00:00" ? "24:00" : closes)

/** The zones this browser knows, UTC first, with the stored one even if it does not know it. */
const timezonesWith = (stored: string) => {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []
  const zones = ["UTC", ...known.filter((zone) => zone !== "UTC")]
  return zones.includes(stored) ? zones : [stored, ...zones]
}

/** A row of the form: its key keeps each field's focus and text where it is when another row goes. */
interface Row<T> {
  readonly key: number
  readonly value: T
}
let rowKeys = 0
const rows = <T,>(values: ReadonlyArray<T>): Array<Row<T>> => values.map((value) => ({ key: ++rowKeys, value }))

/** Opening hours as the form holds them: any day a select offers, times as their fields hold them. */
interface Opening {
  readonly day: string
  readonly opens: string
  readonly closes: string
}

const stateOf = (hours: WorkingHours) => ({
  timezone: hours.timezone,
  alwaysOpen: hours.alwaysOpen,
  weekly: rows<Opening>(hours.weekly.map((open) => ({ ...open, closes: shownClosing(open.closes) }))),
  holidays: rows(hours.holidays),
  awayMessage: hours.awayMessage ?? "",
  emailAfterMinutes: String(hours.emailAfterMinutes)
})

/** The names the API gives a refusal's field, for the fields this form shows now. */
const fieldsOf = (weekly: number, holidays: number) => [
  "timezone",
  "weekly",
  "holidays",
  "awayMessage",
  "emailAfterMinutes",
  ...Array.from({ length: weekly }, (_, index) => ["day", "opens", "closes"].map((part) => `weekly[${index}].${part}`)).flat(),
  ...Array.from({ length: holidays }, (_, index) => `holidays[${index}]`)
]

/** A list's own refusal (too many), said under it. */
const ListError = (props: { readonly id: string; readonly problem: string | undefined }) =>
  props.problem === undefined ? null : (
    <p class="field-error" id={props.id} role="alert">
      {props.problem}
    </p>
  )

/**
 * When the team chats: the timezone, around the clock or weekly opening hours, holidays, the away
 * message visitors read otherwise, and how long a visitor is away before replies go by email
 * (admins change them, members read them). A value the API refuses is said at its field.
 */
export const WorkingHoursForm = (props: PageProps & { readonly hours: WorkingHours }) => {
  const admin = props.session.role === "admin"
  const [form, setForm] = useState(() => stateOf(props.hours))
  const [zones] = useState(() => timezonesWith(props.hours.timezone))
  const { problems, failure, saved, busy, save, setSaved, setProblems } = useSave<string>()

  const change = (next: Partial<typeof form>) => {
    setForm({ ...form, ...next })
    setSaved(false)
  }
  // A row added or removed moves the others' places, which the refusals name: they are said again on the next save.
  const changeRows = (next: Partial<typeof form>) => {
    change(next)
    setProblems({})
  }
  const setOpening = (key: number, part: keyof Opening, value: string) =>
    change({ weekly: form.weekly.map((row) => (row.key === key ? { key, value: { ...row.value, [part]: value } } : row)) })

  const submit = async (event: Event) => {
    event.preventDefault()
    if (busy || !admin) return
    // Sent as typed: the API alone decides what it keeps. An empty away message is the default one.
    const stored = await save(fieldsOf(form.weekly.length, form.holidays.length), () =>
      props.client.chatWorkingHours.setWorkingHours({
        body: {
          timezone: form.timezone,
          alwaysOpen: form.alwaysOpen,
          weekly: form.weekly.map(({ value }) => ({ ...value, closes: sentClosing(value.closes) })),
          holidays: form.holidays.map(({ value }) => value),
          awayMessage: form.awayMessage.trim() === "" ? null : form.awayMessage,
          emailAfterMinutes: Number(form.emailAfterMinutes.trim())
        }
      })
    )
    // As stored: holidays in order, each once.
    if (stored !== undefined) setForm(stateOf(stored.data))
  }

  return (
    // The browser's own checks are off: the API's refusal is the one said at the field.
    <form class="card form" onSubmit={submit} noValidate aria-labelledby="working-hours-title">
      <h2 id="working-hours-title">Working hours</h2>
      <p>
        Outside these hours, on holidays, or while no agent is online, the widget shows the away message and asks visitors
        for their email address. They may still write; a reply they have not seen goes to them by email.
      </p>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {saved ? <Notice tone="info">Saved: the widget follows these hours from now on.</Notice> : null}
      <fieldset disabled={!admin}>
        <div class="field-row">
          <Field
            id="working-hours-timezone"
            label="Timezone"
            problem={problems.timezone}
            help="The opening hours and holidays are in its local time."
          >
            {(aria) => (
              <select {...aria} value={form.timezone} onChange={(event) => change({ timezone: event.currentTarget.value })}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id="working-hours-emailAfterMinutes"
            label="Minutes before replies go by email"
            problem={problems.emailAfterMinutes}
            help="How long a visitor who left an address is away before replies they have not seen are emailed."
          >
            {(aria) => (
              <input
                {...aria}
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                step={1}
                value={form.emailAfterMinutes}
                onInput={(event) => change({ emailAfterMinutes: event.currentTarget.value })}
              />
            )}
          </Field>
        </div>
        <div class="field">
          <div class="choices">
            <label>
              <input
                type="checkbox"
                checked={form.alwaysOpen}
                aria-describedby="working-hours-alwaysOpen-help"
                onChange={(event) => change({ alwaysOpen: event.currentTarget.checked })}
              />{" "}
              Open around the clock
            </label>
          </div>
          <p class="help" id="working-hours-alwaysOpen-help">
            Every day but holidays. The weekly opening hours below count only when this is off.
          </p>
        </div>
        <fieldset
          class={`field${problems.weekly === undefined ? "" : " invalid"}`}
          aria-describedby={problems.weekly === undefined ? undefined : "working-hours-weekly-error"}
        >
          <legend>Weekly opening hours</legend>
          <p class="help">
            Closing at midnight (00:00, or 12:00 AM) is the end of the day; hours past midnight go on the next day. A day
            without opening hours is closed.
          </p>
          {form.weekly.length === 0 ? <p class="muted">No opening hours yet.</p> : null}
          {form.weekly.map(({ key, value }, index) => (
            <div key={key} class="field-row hours-row" role="group" aria-label={`Opening hours ${index + 1}`}>
              <Field id={`working-hours-weekly-${index}-day`} label="Day" problem={problems[`weekly[${index}].day`]}>
                {(aria) => (
                  <select {...aria} value={value.day} onChange={(event) => setOpening(key, "day", event.currentTarget.value)}>
                    {WEEKDAYS.map((day) => (
                      <option key={day} value={day}>
                        {DAY_NAMES[day]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id={`working-hours-weekly-${index}-opens`} label="Opens" problem={problems[`weekly[${index}].opens`]}>
                {(aria) => (
                  <input {...aria} type="time" value={value.opens} onInput={(event) => setOpening(key, "opens", event.currentTarget.value)} />
                )}
              </Field>
              <Field id={`working-hours-weekly-${index}-closes`} label="Closes" problem={problems[`weekly[${index}].closes`]}>
                {(aria) => (
                  <input {...aria} type="time" value={value.closes} onInput={(event) => setOpening(key, "closes", event.currentTarget.value)} />
                )}
              </Field>
              {admin ? (
                <button type="button" class="button small" onClick={() => changeRows({ weekly: form.weekly.filter((row) => row.key !== key) })}>
                  Remove<span class="visually-hidden"> opening hours {index + 1}</span>
                </button>
              ) : null}
            </div>
          ))}
          <ListError id="working-hours-weekly-error" problem={problems.weekly} />
          {admin ? (
            <button
              type="button"
              class="button small"
              onClick={() => {
                // The day after the last one, at the same hours: a working week is five clicks.
                const last = form.weekly[form.weekly.length - 1]?.value
                const day = last === undefined ? "monday" : WEEKDAYS[(WEEKDAYS.indexOf(last.day as Weekday) + 1) % 7]!
                const hours = last === undefined ? { opens: "09:00", closes: "17:00" } : { opens: last.opens, closes: last.closes }
                changeRows({ weekly: [...form.weekly, ...rows([{ day, ...hours }])] })
              }}
            >
              Add opening hours
            </button>
          ) : null}
        </fieldset>
        <fieldset
          class={`field${problems.holidays === undefined ? "" : " invalid"}`}
          aria-describedby={problems.holidays === undefined ? undefined : "working-hours-holidays-error"}
        >
          <legend>Holidays</legend>
          <p class="help">Closed all day, in the timezone above, even around the clock.</p>
          {form.holidays.length === 0 ? <p class="muted">No holidays.</p> : null}
          {form.holidays.map(({ key, value }, index) => (
            <div key={key} class="field-row hours-row">
              <Field id={`working-hours-holidays-${index}`} label={`Holiday ${index + 1}`} problem={problems[`holidays[${index}]`]}>
                {(aria) => (
                  <input
                    {...aria}
                    type="date"
                    value={value}
                    onInput={(event) => {
                      const date = event.currentTarget.value
                      change({ holidays: form.holidays.map((row) => (row.key === key ? { key, value: date } : row)) })
                    }}
                  />
                )}
              </Field>
              {admin ? (
                <button type="button" class="button small" onClick={() => changeRows({ holidays: form.holidays.filter((row) => row.key !== key) })}>
                  Remove<span class="visually-hidden"> holiday {index + 1}</span>
                </button>
              ) : null}
            </div>
          ))}
          <ListError id="working-hours-holidays-error" problem={problems.holidays} />
          {admin ? (
            <button type="button" class="button small" onClick={() => changeRows({ holidays: [...form.holidays, ...rows([""])] })}>
              Add a holiday
            </button>
          ) : null}
        </fieldset>
        <Field
          id="working-hours-awayMessage"
          label="Away message"
          problem={problems.awayMessage}
          help="Up to 500 characters, shown to visitors as text. Left empty, the widget says you are away and asks for their email address."
        >
          {(aria) => (
            <textarea
              {...aria}
              rows={3}
              value={form.awayMessage}
              onInput={(event) => change({ awayMessage: event.currentTarget.value })}
            />
          )}
        </Field>
      </fieldset>
      {admin ? (
        <div class="form-actions">
          <button type="submit" class="button primary" aria-disabled={busy ? "true" : undefined}>
            Save working hours
          </button>
        </div>
      ) : (
        <p class="muted small">An admin of your account changes the working hours.</p>
      )}
    </form>
  )
}
