import { Day, PageHeader } from "../Components.js"
import { PagedTable, usePages } from "../Pages.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"

/** The account's sessions (agent and channel transcripts), newest first, each opening its transcript. */
export const Sessions = (props: PageProps) => {
  const pages = usePages(
    (cursor) => props.client.automationsDashboard.listDashboardSessions({ query: { limit: 25, cursor } }),
    []
  )
  return (
    <>
      <PageHeader title="Sessions" lead="Agent and channel conversations, with their compaction summaries." />
      <PagedTable
        pages={pages}
        caption="Sessions"
        empty={{ title: "No sessions yet", text: "Agent steps and channels open a session for each conversation." }}
        columns={
          <>
            <th scope="col">Session</th>
            <th scope="col">Scope</th>
            <th scope="col">Peer</th>
            <th scope="col">Changed</th>
          </>
        }
        row={(session) => (
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
        )}
      />
    </>
  )
}
