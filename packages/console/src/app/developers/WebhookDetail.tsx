import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../Shell.js"

const outcome = (attempt: { readonly statusCode: number | null; readonly error: string | null }) =>
  attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300 ? "delivered" : "failed"

/** One endpoint: its subscription, the history of its deliveries, and a test event on demand. */
export const WebhookDetail = (props: PageProps & { readonly webhookId: string }) => {
  const path = { tenantId: props.session.tenantId, id: props.webhookId }
  const [webhook] = useLoad(() => props.client.webhooks.getWebhook({ path }), [props.webhookId])
  const [attempts, reload] = useLoad(
    () => props.client.webhooks.listWebhookDeliveries({ path, query: { limit: 100 } }),
    [props.webhookId]
  )
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [testing, setTesting] = useState(false)
  const admin = props.session.role === "admin"

  const sendTest = async () => {
    setTesting(true)
    const { error } = await props.client.webhooks.testWebhook({ path })
    setTesting(false)
    setFailure(error === undefined ? undefined : describeError(error))
    reload()
  }

  return (
    <>
      <p class="breadcrumb">
        <a href={href("/developers/webhooks")}>Webhooks</a>
      </p>
      <Loading loaded={webhook}>
        {(subscription) => (
          <>
            <PageHeader title="Endpoint" lead={subscription.url}>
              {admin ? (
                <button type="button" class="button primary" onClick={sendTest} disabled={testing}>
                  Send test event
                </button>
              ) : null}
            </PageHeader>
            <section class="card">
              <dl class="facts">
                <dt>Events</dt>
                <dd>{subscription.events.join(", ")}</dd>
                <dt>Description</dt>
                <dd>{subscription.description ?? <span class="muted">None</span>}</dd>
                <dt>Status</dt>
                <dd>{subscription.active ? "Active" : `Off${subscription.disabledReason === null ? "" : ` (${subscription.disabledReason})`}`}</dd>
              </dl>
            </section>
          </>
        )}
      </Loading>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <section class="card flush" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title" class="card-title">
          Deliveries
        </h2>
        <Loading loaded={attempts}>
          {({ data }) =>
            data.length === 0 ? (
              <p class="muted pad">No delivery yet. Send a test event to try the endpoint.</p>
            ) : (
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Attempt</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Duration</th>
                    <th scope="col">Sent</th>
                    <th scope="col">Next retry</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((attempt) => (
                    <tr key={attempt.id} class="delivery">
                      <td class="mono">{attempt.event}</td>
                      <td>{attempt.attempt}</td>
                      <td>
                        <span class={`status ${outcome(attempt)}`}>
                          {attempt.statusCode === null ? "No answer" : `HTTP ${attempt.statusCode}`}
                        </span>
                        {attempt.error === null ? null : <span class="muted block">{attempt.error}</span>}
                      </td>
                      <td>{attempt.durationMs} ms</td>
                      <td>{formatTime(attempt.createdAt)}</td>
                      <td>{attempt.nextRetryAt === null ? "—" : formatTime(attempt.nextRetryAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </Loading>
      </section>
    </>
  )
}
