import { Loading, PageHeader } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { ReputationCard } from "./Reputation.js"

/** The account's sending reputation, then messages sent and failed for good over the last 30 days, per day and per template. */
export const Statistics = (props: PageProps) => {
  const [statistics] = useLoad(() => props.client.transactionalDashboard.getTransactionalStatistics({}), [
    props.session.tenantId
  ])
  return (
    <>
      <PageHeader
        title="Email statistics"
        lead="Messages sent, and messages that failed for good, over the last 30 days (retried attempts do not count)."
      />
      <ReputationCard {...props} />
      <Loading loaded={statistics}>
        {({ byDay, byTemplate }) =>
          byDay.length === 0 ? (
            <div class="card empty">
              <h2>Nothing delivered in these 30 days</h2>
              <p>Counts appear once messages reach a mail server or fail for good.</p>
            </div>
          ) : (
            <div class="stack">
              <div class="card flush">
                <table class="table">
                  <caption>Per day (UTC)</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col" class="number">Sent</th>
                      <th scope="col" class="number">Failed</th>
                    </tr>
                  </thead>
                  <tbody>
                    {byDay.map((day) => (
                      <tr key={day.day}>
                        <td class="mono">{day.day}</td>
                        <td class="number">{day.sent}</td>
                        <td class="number">{day.failed}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div class="card flush">
                <table class="table">
                  <caption>Per template</caption>
                  <thead>
                    <tr>
                      <th scope="col">Template</th>
                      <th scope="col" class="number">Sent</th>
                      <th scope="col" class="number">Failed</th>
                    </tr>
                  </thead>
                  <tbody>
                    {byTemplate.map((row) => (
                      <tr key={row.templateId ?? "inline"}>
                        <td>{row.templateName ?? <span class="muted">Inline sends</span>}</td>
                        <td class="number">{row.sent}</td>
                        <td class="number">{row.failed}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )
        }
      </Loading>
    </>
  )
}
