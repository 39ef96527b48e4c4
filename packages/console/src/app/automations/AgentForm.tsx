import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import type { PageProps } from "../PageProps.js"
import { type Outcome, OutcomeNotice, linesOf } from "./Outcome.js"
import type { Agent } from "./Types.js"

const fieldsOf = (agent: Agent | undefined) => ({
  name: agent?.name ?? "",
  instructions: agent?.instructions ?? "",
  model: agent?.model ?? "",
  toolProfile: agent?.toolProfile ?? "",
  skills: (agent?.skills ?? []).join("\n"),
  routeKeys: (agent?.route_keys ?? []).join("\n"),
  isDefault: agent?.isDefault ?? false
})

/**
 * An agent created or changed: the API checks the model label, tool profile and skills, and its
 * refusal is shown with the fields it names. An empty model or tool profile clears it.
 */
export const AgentForm = (
  props: PageProps & {
    readonly agent: Agent | undefined
    readonly onSaved: (agent: Agent) => void
    readonly onCancel: () => void
  }
) => {
  const [form, setForm] = useState(() => fieldsOf(props.agent))
  const [outcome, setOutcome] = useState<Outcome>(undefined)
  const [busy, setBusy] = useState(false)
  const set = (field: keyof typeof form) => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
    setForm({ ...form, [field]: event.currentTarget.value })

  const save = async (event: Event) => {
    event.preventDefault()
    const body = {
      name: form.name,
      instructions: form.instructions,
      model: form.model.trim() === "" ? null : form.model.trim(),
      toolProfile: form.toolProfile.trim() === "" ? null : form.toolProfile.trim(),
      skills: linesOf(form.skills),
      route_keys: linesOf(form.routeKeys),
      isDefault: form.isDefault
    }
    setBusy(true)
    const dashboard = props.client.automationsDashboard
    const answer =
      props.agent === undefined
        ? await dashboard.createDashboardAgent({ body })
        : await dashboard.updateDashboardResource({ path: { resource: "agents", id: props.agent.id }, body })
    setBusy(false)
    if (answer.error === undefined) props.onSaved(answer.data as Agent)
    else setOutcome({ tone: "error", text: describeError(answer.error) })
  }

  const title = props.agent === undefined ? "New agent" : `Edit ${props.agent.name}`
  return (
    <form class="card form" onSubmit={save} aria-labelledby="agent-form-title">
      <h2 id="agent-form-title">{title}</h2>
      <OutcomeNotice outcome={outcome} />
      <div class="field-row">
        <div class="field grow">
          <label for="agent-name">Name</label>
          <input id="agent-name" required value={form.name} onInput={set("name")} />
        </div>
        <div class="field">
          <label for="agent-model">Model label</label>
          <input id="agent-model" value={form.model} aria-describedby="agent-model-help" onInput={set("model")} />
          <p class="help" id="agent-model-help">
            Empty: the account's labels (Governance).
          </p>
        </div>
        <div class="field">
          <label for="agent-tool-profile">Tool profile</label>
          <input id="agent-tool-profile" value={form.toolProfile} onInput={set("toolProfile")} />
        </div>
      </div>
      <div class="field">
        <label for="agent-instructions">Instructions</label>
        <textarea id="agent-instructions" rows={5} value={form.instructions} onInput={set("instructions")} />
      </div>
      <div class="field-row">
        <div class="field grow">
          <label for="agent-skills">Skills (one id per line)</label>
          <textarea id="agent-skills" class="mono" rows={3} value={form.skills} onInput={set("skills")} />
        </div>
        <div class="field grow">
          <label for="agent-route-keys">Route keys (one per line)</label>
          <textarea
            id="agent-route-keys"
            class="mono"
            rows={3}
            value={form.routeKeys}
            aria-describedby="agent-route-keys-help"
            onInput={set("routeKeys")}
          />
          <p class="help" id="agent-route-keys-help">
            <code>peer:&lt;externalId&gt;</code>, <code>channel:&lt;id&gt;</code>, <code>event:&lt;type&gt;</code> or{" "}
            <code>*</code>.
          </p>
        </div>
      </div>
      <div class="field">
        <label class="choices">
          <input
            type="checkbox"
            checked={form.isDefault}
            onChange={(event) => setForm({ ...form, isDefault: event.currentTarget.checked })}
          />
          The account's default agent
        </label>
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          {props.agent === undefined ? "Create agent" : "Save agent"}
        </button>
      </div>
    </form>
  )
}
