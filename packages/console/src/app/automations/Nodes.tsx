import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Confirm, Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../Shell.js"
import { type CompanionNode, statusTone } from "./Types.js"

/** The tenant's companion nodes: devices that run node skills once paired with a one-time code. */
export const Nodes = (props: PageProps) => {
  const [nodes, reload] = useLoad(() => props.client.automationsDashboard.listDashboardNodes({ query: { limit: 100 } }), [])
  const [creating, setCreating] = useState(false)
  const [paired, setPaired] = useState<{ name: string; code: string } | undefined>(undefined)
  const [revoking, setRevoking] = useState<CompanionNode | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const admin = props.session.role === "admin"

  const revoke = async (node: CompanionNode) => {
    setRevoking(undefined)
    const { error } = await props.client.automationsDashboard.deleteDashboardResource({
      path: { resource: "nodes", id: node.id }
    })
    setFailure(error === undefined ? undefined : describeError(error))
    reload()
  }

  return (
    <>
      <PageHeader title="Nodes" lead="Companion devices that run commands, files and a browser for your workflows.">
        {!admin || creating || paired !== undefined ? null : (
          <button type="button" class="button primary" onClick={() => setCreating(true)}>
            Add node
          </button>
        )}
      </PageHeader>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {paired === undefined ? null : (
        <PairingCode {...props} {...paired} onDone={() => setPaired(undefined)} />
      )}
      {creating ? (
        <CreateNodeForm
          {...props}
          onCancel={() => setCreating(false)}
          onCreated={(name, code) => {
            setCreating(false)
            setPaired({ name, code })
            reload()
          }}
        />
      ) : null}
      <Loading loaded={nodes}>
        {({ data }) =>
          data.length === 0 ? (
            <div class="card empty">
              <h2>No nodes yet</h2>
              <p>Add a node, then pair the device with the code it is given.</p>
            </div>
          ) : (
            <div class="card flush">
              <table class="table">
                <caption class="visually-hidden">Companion nodes</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Status</th>
                    <th scope="col">May run</th>
                    <th scope="col">Last seen</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((node) => (
                    <tr key={node.id}>
                      <td>
                        {node.name}
                        <span class="muted block">{node.platform ?? "not paired yet"}</span>
                      </td>
                      <td>
                        <span class={`status ${statusTone(node.status)}`}>{node.status}</span>
                      </td>
                      <td>
                        {node.allowSystem ? `Programs: ${node.allowedBinaries.join(", ") || "none listed"}` : "No programs"}
                        <span class="block">
                          {node.allowBrowser ? `Browser: ${node.allowedHosts.join(", ") || "no hosts listed"}` : "No browser"}
                        </span>
                      </td>
                      <td class="nowrap">{formatTime(node.lastSeenAt)}</td>
                      <td class="row-actions">
                        {admin && node.status !== "revoked" ? (
                          <button
                            type="button"
                            class="button small danger-text"
                            aria-label={`Revoke ${node.name}`}
                            onClick={() => setRevoking(node)}
                          >
                            Revoke
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loading>
      {revoking === undefined ? null : (
        <Confirm
          title="Revoke this node?"
          action="Revoke node"
          onCancel={() => setRevoking(undefined)}
          onConfirm={() => revoke(revoking)}
        >
          <p>
            {revoking.name} is cut off at once: its secret stops working and the commands it has not answered fail.
          </p>
        </Confirm>
      )}
    </>
  )
}

/** The pairing code, shown once, with the commands that pair the device and start it. */
const PairingCode = (props: PageProps & { readonly name: string; readonly code: string; readonly onDone: () => void }) => {
  const server = `${location.origin}${props.kit.apiPath}`
  return (
    <section class="card secret" aria-labelledby="pairing-title">
      <h2 id="pairing-title">Pair {props.name}</h2>
      <p>
        The pairing code is shown only this once and works for 15 minutes. On the device, run:
      </p>
      <pre class="code" id="pairing-commands">
        {`npx servicekit node pair ${server} ${props.code}\nnpx servicekit node run --root ~/shared`}
      </pre>
      <p>
        Pairing code: <code class="mono" id="pairing-code">{props.code}</code>
      </p>
      <button type="button" class="button primary" onClick={props.onDone}>
        Done
      </button>
    </section>
  )
}

const list = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")

const CreateNodeForm = (
  props: PageProps & { readonly onCreated: (name: string, code: string) => void; readonly onCancel: () => void }
) => {
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget as HTMLFormElement)
    setBusy(true)
    const { data, error } = await props.client.automationsDashboard.createDashboardNode({
      body: {
        name: String(form.get("name") ?? "").trim(),
        allowSystem: form.get("allowSystem") === "on",
        allowedBinaries: list(String(form.get("allowedBinaries") ?? "")),
        allowBrowser: form.get("allowBrowser") === "on",
        allowedHosts: list(String(form.get("allowedHosts") ?? ""))
      }
    })
    setBusy(false)
    if (error !== undefined) setFailure(describeError(error))
    else props.onCreated(data.name, data.pairingCode)
  }

  return (
    <form class="card form" onSubmit={submit} aria-labelledby="create-node-title">
      <h2 id="create-node-title">New node</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <div class="field">
        <label for="node-name">Name</label>
        <input id="node-name" name="name" required maxLength={200} autofocus />
      </div>
      <div class="field choices">
        <label>
          <input type="checkbox" name="allowSystem" /> May run programs (system.run)
        </label>
      </div>
      <div class="field">
        <label for="node-binaries">Programs it may run (argv[0], separated by spaces or commas)</label>
        <input id="node-binaries" name="allowedBinaries" class="mono" placeholder="echo git" />
      </div>
      <div class="field choices">
        <label>
          <input type="checkbox" name="allowBrowser" /> May drive a browser (browser.*)
        </label>
      </div>
      <div class="field">
        <label for="node-hosts">Hosts the browser may open (example.com or *.example.com)</label>
        <input id="node-hosts" name="allowedHosts" class="mono" placeholder="example.com" />
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          Add node
        </button>
      </div>
    </form>
  )
}
