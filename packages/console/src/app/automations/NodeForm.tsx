import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice } from "../Components.js"
import type { PageProps } from "../PageProps.js"
import type { CompanionNode } from "./Types.js"

/** Entries typed one per line or separated by commas, as people paste them. */
const entriesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")

const fieldsOf = (node: CompanionNode | undefined) => ({
  name: node?.name ?? "",
  allowSystem: node?.allowSystem ?? false,
  allowedBinaries: (node?.allowedBinaries ?? []).join(" "),
  allowBrowser: node?.allowBrowser ?? false,
  allowedHosts: (node?.allowedHosts ?? []).join(" ")
})

/**
 * A node created (answering its one-time pairing code) or its name, settings and allowlists
 * changed: a list saved replaces the stored one, and every later command is checked against it.
 */
export const NodeForm = (
  props: PageProps & {
    readonly node: CompanionNode | undefined
    readonly onCreated: (name: string, code: string) => void
    readonly onSaved: (node: CompanionNode) => void
    readonly onCancel: () => void
  }
) => {
  const [form, setForm] = useState(() => fieldsOf(props.node))
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const text = (field: "name" | "allowedBinaries" | "allowedHosts") => (event: { currentTarget: HTMLInputElement }) =>
    setForm({ ...form, [field]: event.currentTarget.value })
  const flag = (field: "allowSystem" | "allowBrowser") => (event: { currentTarget: HTMLInputElement }) =>
    setForm({ ...form, [field]: event.currentTarget.checked })

  const submit = async (event: Event) => {
    event.preventDefault()
    const body = {
      name: form.name.trim(),
      allowSystem: form.allowSystem,
      allowedBinaries: entriesOf(form.allowedBinaries),
      allowBrowser: form.allowBrowser,
      allowedHosts: entriesOf(form.allowedHosts)
    }
    const dashboard = props.client.automationsDashboard
    setBusy(true)
    if (props.node === undefined) {
      const { data, error } = await dashboard.createDashboardNode({ body })
      setBusy(false)
      if (error !== undefined) setFailure(describeError(error))
      else props.onCreated(data.name, data.pairingCode)
    } else {
      const { data, error } = await dashboard.updateDashboardResource({
        path: { resource: "nodes", id: props.node.id },
        body
      })
      setBusy(false)
      if (error !== undefined) setFailure(describeError(error))
      else props.onSaved(data as CompanionNode)
    }
  }

  const creating = props.node === undefined
  return (
    <form class="card form" onSubmit={submit} aria-labelledby="node-form-title">
      <h2 id="node-form-title">{creating ? "New node" : `Edit ${props.node.name}`}</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <div class="field">
        <label for="node-name">Name</label>
        <input id="node-name" required maxLength={200} autofocus value={form.name} onInput={text("name")} />
      </div>
      <div class="field choices">
        <label>
          <input id="node-allow-system" type="checkbox" checked={form.allowSystem} onChange={flag("allowSystem")} /> May
          run programs (system.run)
        </label>
      </div>
      <div class="field">
        <label for="node-binaries">Programs it may run (argv[0], separated by spaces or commas)</label>
        <input
          id="node-binaries"
          class="mono"
          placeholder="echo git"
          value={form.allowedBinaries}
          onInput={text("allowedBinaries")}
        />
      </div>
      <div class="field choices">
        <label>
          <input id="node-allow-browser" type="checkbox" checked={form.allowBrowser} onChange={flag("allowBrowser")} />{" "}
          May drive a browser (browser.*)
        </label>
      </div>
      <div class="field">
        <label for="node-hosts">Hosts the browser may open (example.com or *.example.com)</label>
        <input
          id="node-hosts"
          class="mono"
          placeholder="example.com"
          value={form.allowedHosts}
          onInput={text("allowedHosts")}
        />
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          {creating ? "Add node" : "Save node"}
        </button>
      </div>
    </form>
  )
}
