import { useState } from "preact/hooks"
import { PageHeader, formatTime } from "../Components.js"
import { useLiveRefresh } from "../Live.js"
import { PagedTable, usePages } from "../Pages.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { RUN_STATUSES, type Run, statusTone } from "./Types.js"

const PAGE_SIZE = 25

/** The tenant's runs, newest first, 25 a page (following the cursor), optionally of one status. */
export const Runs = (props: PageProps) => {
  const [status, setStatus] = useState<Run["status"] | "all">("all")
  const runs = usePages<Run>(
    (cursor) =>
      props.client.automationsDashboard.listDashboardRuns({
        query: { limit: PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }), ...(status === "all" ? {} : { status }) }
      }),
    [status]
  )
  // The first page follows new runs and status changes; a later page stays as the user paged to it.
  useLiveRefresh(runs.reload, runs.newer === undefined)

  return (
    <>
      <PageHeader
        title="Runs"
        lead="Each run of a workflow, its steps and what they answered. The first page follows new runs as they come."
      />
      <div class="toolbar">
        <label for="run-status">Status</label>{" "}
        <select
          id="run-status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as Run["status"] | "all")}
        >
          <option value="all">All</option>
          {RUN_STATUSES.map((name) => (
            <option key={name} value={name}>
              {name.replace("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <PagedTable
        pages={runs}
        caption="Runs"
        empty={{
          title: "No runs here",
          text: "Runs appear when a workflow starts: by hand, on its schedule, an event or a webhook."
        }}
        columns={
          <>
            <th scope="col">Run</th>
            <th scope="col">Status</th>
            <th scope="col">Trigger</th>
            <th scope="col">Created</th>
            <th scope="col">Finished</th>
          </>
        }
        row={(run) => (
          <tr key={run.id}>
            <td>
              <a class="mono" href={href(`/automations/runs/${run.id}`)}>
                {run.id.slice(0, 8)}
              </a>
              {run.reason === null ? null : <span class="muted block">{run.reason}</span>}
            </td>
            <td>
              <span class={`status ${statusTone(run.status)}`}>{run.status.replace("_", " ")}</span>
              {run.test ? <span class="tag">test</span> : null}
            </td>
            <td>{run.trigger.event === null ? run.trigger.type : `${run.trigger.type}: ${run.trigger.event}`}</td>
            <td class="nowrap">{formatTime(run.createdAt)}</td>
            <td class="nowrap">{formatTime(run.finishedAt)}</td>
          </tr>
        )}
      />
    </>
  )
}
