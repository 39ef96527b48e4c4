import { useEffect, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice, PageHeader, formatTime } from "../Components.js"
import { href } from "../Route.js"
import type { PageProps } from "../Shell.js"
import { RUN_STATUSES, type Run, statusTone } from "./Types.js"

const PAGE_SIZE = 25

/** The tenant's runs, newest first, 25 a page (following the cursor), optionally of one status. */
export const Runs = (props: PageProps) => {
  const [status, setStatus] = useState<Run["status"] | "all">("all")
  // The cursors of the pages before the current one, so that "Newer" goes back without counting.
  const [cursors, setCursors] = useState<ReadonlyArray<string | undefined>>([undefined])
  const [page, setPage] = useState<{ runs: ReadonlyArray<Run>; next: string | null } | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const cursor = cursors[cursors.length - 1]

  useEffect(() => {
    let current = true
    setPage(undefined)
    props.client.automationsDashboard
      .listDashboardRuns({
        query: { limit: PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }), ...(status === "all" ? {} : { status }) }
      })
      .then(
        ({ data, error }) => {
          if (!current) return
          setFailure(error === undefined ? undefined : describeError(error))
          if (data !== undefined) setPage({ runs: data.data, next: data.meta.nextCursor })
        },
        () => current && setFailure("The server could not be reached.")
      )
    return () => {
      current = false
    }
  }, [status, cursor])

  return (
    <>
      <PageHeader title="Runs" lead="Each run of a workflow, its steps and what they answered." />
      <div class="toolbar">
        <label for="run-status">Status</label>{" "}
        <select
          id="run-status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as Run["status"] | "all")
            setCursors([undefined])
          }}
        >
          <option value="all">All</option>
          {RUN_STATUSES.map((name) => (
            <option key={name} value={name}>
              {name.replace("_", " ")}
            </option>
          ))}
        </select>
      </div>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {page === undefined ? (
        <p class="muted" role="status">
          Loading…
        </p>
      ) : page.runs.length === 0 ? (
        <div class="card empty">
          <h2>No runs here</h2>
          <p>Runs appear when a workflow starts: by hand, on its schedule, an event or a webhook.</p>
        </div>
      ) : (
        <div class="card flush">
          <table class="table">
            <caption class="visually-hidden">Runs</caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Status</th>
                <th scope="col">Trigger</th>
                <th scope="col">Created</th>
                <th scope="col">Finished</th>
              </tr>
            </thead>
            <tbody>
              {page.runs.map((run) => (
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
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div class="pager">
        <button
          type="button"
          class="button small"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          class="button small"
          disabled={page?.next == null}
          onClick={() => page?.next != null && setCursors([...cursors, page.next])}
        >
          Older
        </button>
      </div>
    </>
  )
}
