import { useState } from "preact/hooks"
import type { PageProps } from "../PageProps.js"
import { type Refusal, RefusalNotice, refusalOf } from "./Refusal.js"
import { type Workflow, formatJson } from "./Types.js"

/** A new workflow's starting point: a manual trigger and one log step. */
const TEMPLATE = {
  name: "New workflow",
  triggerJson: { schemaVersion: 1, type: "manual" },
  stepsJson: [{ type: "log", message: "Hello {{payload.name}}" }]
}

/** What the editor shows of a workflow: the fields its create and change bodies take. */
const editable = (workflow: Workflow) => ({
  name: workflow.name,
  active: workflow.active,
  triggerJson: workflow.triggerJson,
  stepsJson: workflow.stepsJson
})

/**
 * A workflow as JSON, created or changed as written: the API validates it, and each issue it
 * finds is listed at its path (`stepsJson.0.message`).
 */
export const WorkflowEditor = (
  props: PageProps & {
    readonly workflow: Workflow | undefined
    readonly onSaved: (workflow: Workflow) => void
    readonly onCancel: () => void
  }
) => {
  const [text, setText] = useState(() => formatJson(props.workflow === undefined ? TEMPLATE : editable(props.workflow)))
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  const save = async (event: Event) => {
    event.preventDefault()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch (error) {
      setRefusal({ message: `This is not JSON: ${(error as Error).message}`, issues: [] })
      return
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      setRefusal({ message: "The workflow must be a JSON object.", issues: [] })
      return
    }
    setBusy(true)
    const dashboard = props.client.automationsDashboard
    const answer =
      props.workflow === undefined
        ? await dashboard.createDashboardWorkflow({ body: body as Parameters<typeof dashboard.createDashboardWorkflow>[0]["body"] })
        : await dashboard.updateDashboardResource({
            path: { resource: "workflows", id: props.workflow.id },
            body: body as Record<string, unknown>
          })
    setBusy(false)
    if (answer.error === undefined) props.onSaved(answer.data as Workflow)
    else setRefusal(refusalOf(answer.error))
  }

  const title = props.workflow === undefined ? "New workflow" : `Edit ${props.workflow.name}`
  return (
    <form class="card form" onSubmit={save} aria-labelledby="workflow-editor-title">
      <h2 id="workflow-editor-title">{title}</h2>
      <RefusalNotice refusal={refusal} />
      <div class="field">
        <label for="workflow-json">Workflow (JSON: name, active, triggerJson, stepsJson)</label>
        <textarea
          id="workflow-json"
          class="mono"
          rows={18}
          spellcheck={false}
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          {props.workflow === undefined ? "Create workflow" : "Save changes"}
        </button>
      </div>
    </form>
  )
}
