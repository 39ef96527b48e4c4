import type { Data } from "@servicekit/client"
import { useState } from "preact/hooks"
import { Loading, Notice, PageHeader } from "../Components.js"
import { Field } from "../Field.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { useSave } from "../Saving.js"

type RetentionPeriod = Data<"retention.listRetention">["data"][number]

const daysText = (days: number) => (days === 1 ? "1 day" : `${days} days`)
/** The days a tenant may choose: from the kind's minimum to the platform's period. */
const rangeText = (minimumDays: number, platformDays: number | null) =>
  platformDays === null
    ? minimumDays > 1
      ? `At least ${minimumDays}`
      : "Any number of days"
    : minimumDays > 1
      ? `From ${minimumDays} to ${platformDays}`
      : `At most ${platformDays}`

const platformText = (platformDays: number | null) =>
  platformDays === null ? "The platform keeps it until you set a period." : `The platform keeps it ${daysText(platformDays)}.`

/**
 * One kind of data: how long it is kept, and the account's own period (admins change it, within
 * the platform's; empty follows the platform's). A value the API refuses is said at its field.
 */
const PeriodForm = (props: PageProps & { readonly period: RetentionPeriod }) => {
  const admin = props.session.role === "admin"
  const [period, setPeriod] = useState(props.period)
  const [days, setDays] = useState(period.tenantDays === null ? "" : String(period.tenantDays))
  const { problems, failure, saved, busy, save, setSaved } = useSave<"days">()
  const id = `retention-${period.kind.replace(/[^a-z0-9]+/g, "-")}`

  const choose = async (chosen: number | null) => {
    if (busy || !admin) return
    const stored = await save(["days"], () =>
      props.client.retention.setRetention({ path: { kind: period.kind }, body: { days: chosen } })
    )
    if (stored === undefined) return
    setPeriod(stored.data)
    setDays(stored.data.tenantDays === null ? "" : String(stored.data.tenantDays))
  }
  const submit = (event: Event) => {
    event.preventDefault()
    // Sent as typed (empty: the platform's period): the API alone decides what it keeps.
    void choose(days.trim() === "" ? null : Number(days.trim()))
  }

  return (
    <form class="card form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} class="mono">
        {period.kind}
      </h2>
      <p>{period.description}.</p>
      <p>
        <strong>{period.days === null ? "Kept." : `Deleted after ${daysText(period.days)}.`}</strong> {platformText(period.platformDays)}
      </p>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {saved ? (
        <Notice tone="info">
          {period.days === null
            ? "Saved: it is kept."
            : `Saved: what is older than ${daysText(period.days)} is deleted within the hour.`}
        </Notice>
      ) : null}
      <fieldset disabled={!admin}>
        <Field
          id={`${id}-days`}
          label="Your period, in days"
          problem={problems.days}
          help={`Empty: the platform's period. ${rangeText(period.minimumDays, period.platformDays)}; what is older is deleted for good.`}
        >
          {(aria) => (
            <input
              {...aria}
              inputMode="numeric"
              value={days}
              onInput={(event) => {
                setDays(event.currentTarget.value)
                setSaved(false)
              }}
            />
          )}
        </Field>
      </fieldset>
      {admin ? (
        <div class="form-actions">
          <button type="submit" class="button primary" aria-disabled={busy ? "true" : undefined}>
            Save<span class="visually-hidden"> the period of {period.kind}</span>
          </button>
          {period.tenantDays === null ? null : (
            <button type="button" class="button" onClick={() => void choose(null)}>
              Use the platform's period<span class="visually-hidden"> for {period.kind}</span>
            </button>
          )}
        </div>
      ) : (
        <p class="muted">Tenant admins change these periods.</p>
      )}
    </form>
  )
}

/** How long the account's data is kept, kind by kind, within the platform's periods. */
export const Retention = (props: PageProps) => {
  const [loaded] = useLoad(() => props.client.retention.listRetention(), [])
  return (
    <>
      <PageHeader
        title="Data retention"
        lead="How long your data is kept before it is deleted. You may keep less than the platform does, never more."
      />
      <Loading loaded={loaded}>
        {(listed) => listed.data.map((period) => <PeriodForm key={period.kind} {...props} period={period} />)}
      </Loading>
    </>
  )
}
