import { useState } from "preact/hooks"
import type { PageProps } from "../PageProps.js"
import { type Refusal, RefusalNotice, refusalOf } from "./Refusal.js"
import { type Sequence, formatJson } from "./Types.js"

/** A new sequence's starting point: a line in the run's log, two days' wait, another line. */
const TEMPLATE_STEPS = [
  { type: "log", message: "Welcome {{payload.name}}" },
  { type: "wait", days: 2 },
  { type: "log", message: "Two days later" }
]

/**
 * A sequence's name and its steps as JSON, created or changed as written: the API validates the
 * steps by the workflow rules and each issue it finds is listed at its path.
 */
export const SequenceForm = (
  props: PageProps & {
    readonly sequence: Sequence | undefined
    readonly onSaved: (sequence: Sequence) => void
    readonly onCancel: () => void
  }
) => {
  const [name, setName] = useState(props.sequence?.name ?? "")
  const [steps, setSteps] = useState(() => formatJson(props.sequence?.stepsJson ?? TEMPLATE_STEPS))
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  const save = async (event: Event) => {
    event.preventDefault()
    let stepsJson: unknown
    try {
      stepsJson = JSON.parse(steps)
    } catch (error) {
      setRefusal({ message: `The steps are not JSON: ${(error as Error).message}`, issues: [] })
      return
    }
    if (!Array.isArray(stepsJson)) {
      setRefusal({ message: "The steps must be a JSON list of step objects.", issues: [] })
      return
    }
    setBusy(true)
    const dashboard = props.client.automationsDashboard
    const body = { name, stepsJson: stepsJson as Parameters<typeof dashboard.createDashboardSequence>[0]["body"]["stepsJson"] }
    const answer =
      props.sequence === undefined
        ? await dashboard.createDashboardSequence({ body })
        : await dashboard.updateDashboardResource({ path: { resource: "sequences", id: props.sequence.id }, body })
    setBusy(false)
    if (answer.error === undefined) props.onSaved(answer.data as Sequence)
    else setRefusal(refusalOf(answer.error))
  }

  return (
    <form class="card form" onSubmit={save} aria-labelledby="sequence-form-title">
      <h2 id="sequence-form-title">{props.sequence === undefined ? "New sequence" : `Edit ${props.sequence.name}`}</h2>
      <RefusalNotice refusal={refusal} />
      <div class="field">
        <label for="sequence-name">Name</label>
        <input id="sequence-name" required value={name} onInput={(event) => setName(event.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="sequence-steps">Steps (JSON list)</label>
        <textarea
          id="sequence-steps"
          class="mono"
          rows={12}
          spellcheck={false}
          value={steps}
          aria-describedby="sequence-steps-help"
          onInput={(event) => setSteps(event.currentTarget.value)}
        />
        <p class="help" id="sequence-steps-help">
          Workflow steps in order; a <code>wait</code> step (<code>days</code>, <code>hours</code>, <code>minutes</code>,{" "}
          <code>seconds</code>) holds the run between them.
        </p>
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          {props.sequence === undefined ? "Create sequence" : "Save sequence"}
        </button>
      </div>
    </form>
  )
}
