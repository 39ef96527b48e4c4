import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Confirm, EditButton, formatTime, Loading, Notice, PageHeader } from "../Components.js"
import { useEditing } from "../Editing.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { NodeForm } from "./NodeForm.js"
import { type CompanionNode, statusTone } from "./Types.js"

/**
 * The tenant's companion nodes: devices that run node skills once paired with a one-time code.
 * Admins add them, change what they may run and revoke them; members read.
 */
export const Nodes = (props: PageProps) => {
  const [nodes, reload] = useLoad(() => props.client.automationsDashboard.listDashboardNodes({ query: { limit: 100 } }), [])
  const form = useEditing<CompanionNode>()
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
        {!admin || form.editing !== undefined || paired !== undefined ? null : (
          <button type="button" class="button primary" onClick={() => form.open(null)}>
            Add node
          </button>
        )}
      </PageHeader>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {form.saved === undefined ? null : <Notice tone="info">{form.saved}</Notice>}
      {paired === undefined ? null : (
        <PairingCode {...props} {...paired} onDone={() => setPaired(undefined)} />
      )}
      {form.editing === undefined ? null : (
        <NodeForm
          {...props}
          node={form.editing ?? undefined}
          onCancel={form.close}
          onCreated={(name, code) => {
            form.close()
            setPaired({ name, code })
            reload()
          }}
          onSaved={(node) => {
            form.done(`Node ${node.name} saved: its next command is checked against the new settings.`)
            reload()
          }}
        />
      )}
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
                        {node.status === "paired" && node.offlineSince !== null ? (
                          <span class="muted block">offline since {formatTime(node.offlineSince)}</span>
                        ) : null}
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
                          <>
                            <EditButton name={node.name} onClick={() => form.open(node)} />{" "}
                            <button
                              type="button"
                              class="button small danger-text"
                              aria-label={`Revoke ${node.name}`}
                              onClick={() => setRevoking(node)}
                            >
                              Revoke
                            </button>
                          </>
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

/**
 * The pairing code, shown once, with the three commands to run on the device: install the
 * companion (the `servicekit` CLI of @servicekit/host-node), pair it, start it.
 */
const PairingCode = (props: PageProps & { readonly name: string; readonly code: string; readonly onDone: () => void }) => {
  const server = `${location.origin}${props.kit.apiPath}`
  return (
    <section class="card secret" aria-labelledby="pairing-title">
      <h2 id="pairing-title">Pair {props.name}</h2>
      <p>
        The pairing code is shown only this once and works for 15 minutes. On the device, with Node.js 20 or later, run:
      </p>
      <pre class="code" id="pairing-commands">
        {[
          "npm install --global @servicekit/host-node",
          `servicekit node pair ${server} ${props.code}`,
          "servicekit node run --root ~/shared"
        ].join("\n")}
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
