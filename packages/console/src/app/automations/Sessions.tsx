import { Day, PageHeader } from "../Components.js"
import { Pager, usePages } from "../Pages.js"
import { href } from "../Route.js"
import type { PageProps } from "../Shell.js"

/** The account's sessions (agent and channel transcripts), newest first, each opening its transcript. */
export const Sessions = (props: PageProps) => {
  const pages = usePages(
    (cursor) => props.client.automationsDashboard.listDashboardSessions({ query: { limit: 25, cursor } }),
    []
  )
  return (
    <>
      <PageHeader title="Sessions" lead="Agent and channel conversations, with their compaction summaries." />
      {pages.failure === undefined ? null : <p class="notice error">{pages.failure}</p>}
      {pages.items === undefined ? (
        <p class="muted" role="status">
          Loading…
        </p>
      ) : pages.items.length === 0 ? (
        <div class="card empty">
          <h2>No sessions yet</h2>
          <p>Agent steps and channels open a session for each conversation.</p>
        </div>
      ) : (
        <div class="card flush">
          <table class="table">
            <caption class="visually-hidden">Sessions</caption>
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Scope</th>
                <th scope="col">Peer</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {pages.items.map((session) => (
                <tr key={session.id}>
                  <td>
                    <a href={href(`/automations/sessions/${session.id}`)}>{session.title ?? "Untitled session"}</a>
                    <span class="muted block mono">{session.id}</span>
                  </td>
                  <td>{session.scope}</td>
                  <td>{session.peer ?? "—"}</td>
                  <td class="nowrap">
                    <Day iso={session.updatedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pages={pages} />
    </>
  )
}
