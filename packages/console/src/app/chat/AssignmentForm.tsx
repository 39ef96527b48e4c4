import type { Data } from "@servicekit/client"
import { Notice } from "../Components.js"
import { Field } from "../Field.js"
import type { PageProps } from "../PageProps.js"
import { useSave } from "../Saving.js"

export type AssignmentRules = Data<"chatAssignmentDashboard.getAgentAssignment">

const FIELDS = ["mode", "capacity"] as const
type FieldName = (typeof FIELDS)[number]

/**
 * How conversations find their agent: by hand, or round robin among online agents up to a number
 * each (admins change it, members read it). A value the API refuses is said at its field.
 */
export const AssignmentForm = (props: PageProps & { readonly rules: AssignmentRules; readonly onSaved: () => void }) => {
  const { rules } = props
  const admin = props.session.role === "admin"
  const { problems, failure, saved, busy, save } = useSave<FieldName>()

  const submit = async (event: Event) => {
    event.preventDefault()
    if (busy || !admin) return
    const form = new FormData(event.currentTarget as HTMLFormElement)
    // Sent as typed (an empty field is 0): the API alone decides what a capacity may be.
    const stored = await save(FIELDS, () =>
      props.client.chatAssignmentDashboard.setAgentAssignment({
        path: { tenantId: props.session.tenantId },
        body: { mode: String(form.get("mode") ?? ""), capacity: Number(String(form.get("capacity") ?? "").trim()) }
      })
    )
    if (stored !== undefined) props.onSaved()
  }

  return (
    // The browser's own range checks are off: the API's refusal is the one said at the field.
    <form class="card form" onSubmit={submit} noValidate aria-labelledby="assignment-title">
      <h2 id="assignment-title">Assignment</h2>
      <p>
        Automatic: each open conversation nobody holds, oldest first, goes in turn to an agent who is online and holds
        fewer open or pending conversations than the number below. Away agents get none.
      </p>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {saved ? <Notice tone="info">Saved: new and waiting conversations follow these rules.</Notice> : null}
      <fieldset disabled={!admin}>
        <fieldset
          class={`field${problems.mode === undefined ? "" : " invalid"}`}
          aria-describedby={problems.mode === undefined ? undefined : "assignment-mode-error"}
        >
          <legend>How conversations are assigned</legend>
          {/* Checked at first only: a refused save keeps what was chosen. */}
          <div class="choices">
            <label>
              <input type="radio" name="mode" value="manual" defaultChecked={rules.mode === "manual"} /> Manual
            </label>
            <label>
              <input type="radio" name="mode" value="auto" defaultChecked={rules.mode === "auto"} />{" "}
              Automatic (round robin among online agents)
            </label>
          </div>
          {problems.mode === undefined ? null : (
            <p class="field-error" id="assignment-mode-error" role="alert">
              {problems.mode}
            </p>
          )}
        </fieldset>
        <Field
          id="assignment-capacity"
          label="Conversations per agent"
          problem={problems.capacity}
          help="The most open or pending conversations automatic assignment gives one agent. Manual assignment has no limit."
        >
          {(aria) => (
            <input
              {...aria}
              name="capacity"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              defaultValue={String(rules.capacity)}
            />
          )}
        </Field>
      </fieldset>
      {admin ? (
        <div class="form-actions">
          <button type="submit" class="button primary" aria-disabled={busy ? "true" : undefined}>
            Save assignment
          </button>
        </div>
      ) : (
        <p class="muted small">An admin of your account changes how conversations are assigned.</p>
      )}
    </form>
  )
}
