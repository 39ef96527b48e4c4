import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Day, EditButton, Loading, Notice, PageHeader } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { type Workflow } from "./Types.js"
import { WorkflowEditor } from "./WorkflowEditor.js"

/** The tenant's workflows: admins create, edit (as JSON) and run them; members read. */
export const Workflows = (props: PageProps) => {
  const [workflows, reload] = useLoad(
    () => props.client.automationsDashboard.listDashboardWorkflows({ query: { limit: 100 } }),
    []
  )
  // undefined: no editor; null: a new workflow; else the workflow edited.
  const [editing, setEditing] = useState<Workflow | null | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const admin = props.session.role === "admin"

  const run = async (workflow: Workflow) => {
    const { data, error } = await props.client.automationsDashboard.runDashboardWorkflow({
      path: { id: workflow.id },
      body: {}
    })
    if (error !== undefined) setFailure(describeError(error))
    else location.hash = href(`/automations/runs/${data.id}`)
  }

  return (
    <>
      <PageHeader title="Workflows" lead="Triggers and the steps they run.">
        {!admin || editing !== undefined ? null : (
          <button type="button" class="button primary" onClick={() => setEditing(null)}>
            New workflow
          </button>
        )}
      </PageHeader>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {editing === undefined ? null : (
        <WorkflowEditor
          {...props}
          workflow={editing ?? undefined}
          onCancel={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined)
            reload()
          }}
        />
      )}
      <Loading loaded={workflows}>
        {({ data }) =>
          data.length === 0 ? (
            <div class="card empty">
              <h2>No workflows yet</h2>
              <p>A workflow runs its steps when its trigger fires: by hand, on a schedule, an event or a webhook.</p>
            </div>
          ) : (
            <div class="card flush">
              <table class="table">
                <caption class="visually-hidden">Workflows</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Trigger</th>
                    <th scope="col">Steps</th>
                    <th scope="col">State</th>
                    <th scope="col">Changed</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((workflow) => (
                    <tr key={workflow.id}>
                      <td>
                        <span class="workflow-name">{workflow.name}</span>
                        <span class="muted block mono">{workflow.id}</span>
                      </td>
                      <td>{String(workflow.triggerJson.type ?? "—")}</td>
                      <td>{workflow.stepsJson.length}</td>
                      <td>
                        <span class={`status ${workflow.active ? "active" : "closed"}`}>
                          {workflow.active ? "Active" : "Off"}
                        </span>
                      </td>
                      <td class="nowrap">
                        <Day iso={workflow.updatedAt} />
                      </td>
                      <td class="row-actions">
                        {admin ? (
                          <>
                            <EditButton name={workflow.name} onClick={() => setEditing(workflow)} />{" "}
                            <button
                              type="button"
                              class="button small primary"
                              aria-label={`Run ${workflow.name}`}
                              onClick={() => run(workflow)}
                            >
                              Run
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
    </>
  )
}
