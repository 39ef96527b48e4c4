import { PageHeader, formatTime } from "../Components.js"
import { PagedTable, usePages } from "../Pages.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { LogBadge, LogDetail, type LogEntry, messageIdOf } from "./LogStatus.js"

/**
 * Every delivery attempt of this API's sends and what was reported of them later, newest first, a
 * page at a time; each message's rows are followed on its history page.
 */
export const Logs = (props: PageProps) => {
  const attempts = usePages<LogEntry>(
    (cursor) =>
      props.client.transactionalDashboard.listDashboardLogs({
        query: { limit: 25, ...(cursor === undefined ? {} : { cursor }) }
      }),
    [props.session.tenantId]
  )
  return (
    <>
      <PageHeader
        title="Email logs"
        lead="Each delivery attempt to a mail server with its answer, the sends not attempted, and what the receiving side reported later."
      />
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
            <th scope="col">Detail</th>
            <th scope="col">
              <span class="visually-hidden">Message</span>
            </th>
          </>
        }
        row={(attempt) => {
          const messageId = messageIdOf(attempt)
          return (
            <tr key={attempt.id}>
              <td class="nowrap">{formatTime(attempt.createdAt)}</td>
              <td class="nowrap">
                <LogBadge entry={attempt} />
              </td>
              <td class="mono">{attempt.recipient}</td>
              <td>{attempt.subject}</td>
              <td>{attempt.templateName ?? <span class="muted">Inline</span>}</td>
              <td class="log-detail">
                <LogDetail entry={attempt} />
              </td>
              <td class="row-actions">
                {messageId === undefined ? null : (
                  <a href={href(`/transactional/logs/messages/${messageId}`)}>
                    History<span class="visually-hidden"> of the message to {attempt.recipient}</span>
                  </a>
                )}
              </td>
            </tr>
          )
        }}
      />
    </>
  )
}
