import { Day, EditButton, Notice, PageHeader, Tags } from "../Components.js"
import { useEditing } from "../Editing.js"
import { PagedTable, usePages } from "../Pages.js"
import type { PageProps } from "../PageProps.js"
import { AgentForm } from "./AgentForm.js"
import type { Agent } from "./Types.js"

/** The account's agent profiles: admins create and change them; members read. */
export const Agents = (props: PageProps) => {
  const pages = usePages<Agent>(
    (cursor) => props.client.automationsDashboard.listDashboardAgents({ query: { limit: 25, cursor } }),
    []
  )
  const form = useEditing<Agent>()
  const admin = props.session.role === "admin"

  return (
    <>
      <PageHeader title="Agents" lead="Instructions, skills, tool profile and model each agent step runs with.">
        {!admin || form.editing !== undefined ? null : (
          <button type="button" class="button primary" onClick={() => form.open(null)}>
            New agent
          </button>
        )}
      </PageHeader>
      {form.saved === undefined ? null : <Notice tone="info">{form.saved}</Notice>}
      {form.editing === undefined ? null : (
        <AgentForm
          {...props}
          agent={form.editing ?? undefined}
          onCancel={form.close}
          onSaved={(agent) => {
            form.done(`Agent ${agent.name} saved.`)
            pages.reload()
          }}
        />
      )}
      <PagedTable
        pages={pages}
        caption="Agents"
        empty={{ title: "No agents yet", text: "An agent step names an agent, or is routed to one by its route keys." }}
        columns={
          <>
            <th scope="col">Agent</th>
            <th scope="col">Model</th>
            <th scope="col">Tool profile</th>
            <th scope="col">Skills</th>
            <th scope="col">Route keys</th>
            <th scope="col">Changed</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(agent) => (
          <tr key={agent.id}>
            <td>
              <span class="agent-name">{agent.name}</span>
              {agent.isDefault ? <span class="tag">default</span> : null}
              <span class="muted clamp">{agent.instructions}</span>
            </td>
            <td>{agent.model === null ? "—" : <span class="mono">{agent.model}</span>}</td>
            <td>{agent.toolProfile ?? "—"}</td>
            <td>
              <Tags items={agent.skills} />
            </td>
            <td>
              <Tags items={agent.route_keys} />
            </td>
            <td class="nowrap">
              <Day iso={agent.updatedAt} />
            </td>
            <td class="row-actions">
              {admin ? (
                <EditButton name={agent.name} onClick={() => form.open(agent)} />
              ) : null}
            </td>
          </tr>
        )}
      />
    </>
  )
}
