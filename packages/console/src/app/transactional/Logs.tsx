import type { PageItem } from "@servicekit/client"
import { PageHeader, formatTime } from "../Components.js"
import { PagedTable, usePages } from "../Pages.js"
import type { PageProps } from "../PageProps.js"

type Attempt = PageItem<"transactionalDashboard.listDashboardLogs">

/** Every delivery attempt of this API's sends, newest first, a page at a time. */
export const Logs = (props: PageProps) => {
  const attempts = usePages<Attempt>(
    (cursor) =>
      props.client.transactionalDashboard.listDashboardLogs({
        query: { limit: 25, ...(cursor === undefined ? {} : { cursor }) }
      }),
    [props.session.tenantId]
  )
  return (
    <>
      <PageHeader title="Email logs" lead="Each delivery attempt to a mail server, with its answer." />
      <PagedTable
        pages={attempts}
        caption="Delivery attempts"
        empty={{
          title: "No sends yet",
          text: "Attempts appear here as soon as a message is handed to the mail server."
        }}
        columns={
          <>
            <th scope="col">When</th>
            <th scope="col">Status</th>
            <th scope="col">Recipient</th>
            <th scope="col">Subject</th>
            <th scope="col">Template</th>
            <th scope="col">Answer</th>
          </>
        }
        row={(attempt) => (
          <tr key={attempt.id}>
            <td class="nowrap">{formatTime(attempt.createdAt)}</td>
            <td>
              <span class={`status ${attempt.status === "sent" ? "active" : "revoked"}`}>
                {attempt.status === "sent" ? "Sent" : attempt.metadata.retrying === true ? "Retrying" : "Failed"}
              </span>
              {attempt.metadata.test === true ? <span class="tag">test</span> : null}
            </td>
            <td class="mono">{attempt.recipient}</td>
            <td>{attempt.subject}</td>
            <td>{attempt.templateName ?? <span class="muted">Inline</span>}</td>
            <td class="mono small">{attempt.error ?? attempt.providerMessageId ?? "—"}</td>
          </tr>
        )}
      />
    </>
  )
}
