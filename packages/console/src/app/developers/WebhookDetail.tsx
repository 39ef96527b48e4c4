import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"

/**
 * The attempts a person may retry: the newest of each delivery (the list is newest first), once
 * its automatic retries have ended; the API refuses a delivery still being retried.
 */
const retryable = (attempts: ReadonlyArray<{ readonly id: string; readonly deliveryId: string; readonly nextRetryAt: string | null }>) => {
  const seen = new Set<string>()
  const ids = new Set<string>()
  for (const attempt of attempts) {
    if (!seen.has(attempt.deliveryId) && attempt.nextRetryAt === null) ids.add(attempt.id)
    seen.add(attempt.deliveryId)
  }
  return ids
}

const outcome = (attempt: { readonly statusCode: number | null; readonly error: string | null }) =>
  attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300 ? "delivered" : "failed"

/** The body a delivery's attempts send, as signed: read when opened. */
const DeliveryBody = (props: PageProps & { readonly webhookId: string; readonly deliveryId: string }) => {
  const [body, setBody] = useState<string | undefined>(undefined)
  const open = async (event: Event) => {
    if (!(event.currentTarget as HTMLDetailsElement).open || body !== undefined) return
    const path = { tenantId: props.session.tenantId, id: props.webhookId, deliveryId: props.deliveryId }
    const { data, error } = await props.client.webhooks.getWebhookDelivery({ path })
    setBody(error === undefined ? data.body : describeError(error))
  }
  return (
    <details class="request-body" onToggle={open}>
      <summary>Sent body</summary>
      {/* Long bodies scroll: keyboard users reach them too. */}
      <pre class="code" tabIndex={0} aria-label="Sent body">
        {body ?? "Loading…"}
      </pre>
    </details>
  )
}

/** How far back "Recover" looks for failed deliveries. */
const RECOVER_WINDOWS = [
  { label: "the last hour", hours: 1 },
  { label: "the last day", hours: 24 },
  { label: "the last 3 days", hours: 72 }
] as const

/** One endpoint: its subscription, the history of its deliveries, a test event and a recovery on demand. */
export const WebhookDetail = (props: PageProps & { readonly webhookId: string }) => {
  const path = { tenantId: props.session.tenantId, id: props.webhookId }
  const [webhook] = useLoad(() => props.client.webhooks.getWebhook({ path }), [props.webhookId])
  const [attempts, reload] = useLoad(
    () => props.client.webhooks.listWebhookDeliveries({ path, query: { limit: 100 } }),
    [props.webhookId]
  )
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const admin = props.session.role === "admin"

  /** A call that adds an attempt, then the history again. */
  const attempt = async (send: () => Promise<{ readonly error?: Parameters<typeof describeError>[0] | undefined }>) => {
    setBusy(true)
    const { error } = await send()
    setBusy(false)
    setFailure(error === undefined ? undefined : describeError(error))
    reload()
  }
  const [recovered, setRecovered] = useState<number | undefined>(undefined)
  const sendTest = () => attempt(() => props.client.webhooks.testWebhook({ path }))
  const recover = async (event: Event) => {
    event.preventDefault()
    const hours = Number(new FormData(event.currentTarget as HTMLFormElement).get("hours"))
    const since = new Date(Date.now() - hours * 3_600_000).toISOString()
    setBusy(true)
    const { data, error } = await props.client.webhooks.recoverWebhookDeliveries({ path, body: { since } })
    setBusy(false)
    setFailure(error === undefined ? undefined : describeError(error))
    setRecovered(error === undefined ? data.recovered : undefined)
    reload()
  }
  const retry = (deliveryId: string) =>
    attempt(() => props.client.webhooks.retryWebhookDelivery({ path: { ...path, deliveryId } }))

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
                <button type="button" class="button primary" onClick={sendTest} disabled={busy}>
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
            {admin && subscription.active ? (
              <form class="card form" onSubmit={recover} aria-labelledby="recover-title">
                <h2 id="recover-title">Recover failed deliveries</h2>
                <p class="muted">Sends again, through the queue, every delivery that failed for good in the time chosen.</p>
                <div class="field">
                  <label for="recover-since">Failed in</label>
                  <select id="recover-since" name="hours">
                    {RECOVER_WINDOWS.map((window) => (
                      <option key={window.hours} value={window.hours}>
                        {window.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div class="form-actions">
                  <button type="submit" class="button" disabled={busy}>
                    Recover
                  </button>
                </div>
              </form>
            ) : null}
          </>
        )}
      </Loading>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {recovered === undefined ? null : (
        <Notice tone="info">
          {recovered === 0 ? "No failed delivery to recover." : `${recovered} failed ${recovered === 1 ? "delivery" : "deliveries"} queued again.`}
        </Notice>
      )}
      <section class="card flush" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title" class="card-title">
          Deliveries
        </h2>
        <Loading loaded={attempts}>
          {({ data }) => {
            const canRetry = retryable(data)
            return data.length === 0 ? (
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
                    {admin ? (
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    ) : null}
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
                        {/* An error that only repeats the status adds nothing. */}
                        {attempt.error === null || attempt.error === `HTTP ${attempt.statusCode}` ? null : (
                          <span class="muted block">{attempt.error}</span>
                        )}
                        {attempt.responseBody === null || attempt.responseBody === "" ? null : (
                          <details class="answer-body">
                            <summary>Body</summary>
                            <pre class="code">{attempt.responseBody}</pre>
                          </details>
                        )}
                        <DeliveryBody {...props} deliveryId={attempt.deliveryId} />
                      </td>
                      <td>{attempt.durationMs} ms</td>
                      <td>{formatTime(attempt.createdAt)}</td>
                      <td>{attempt.nextRetryAt === null ? "—" : formatTime(attempt.nextRetryAt)}</td>
                      {admin ? (
                        <td class="row-actions">
                          {canRetry.has(attempt.id) ? (
                            <button
                              type="button"
                              class="button small"
                              disabled={busy}
                              aria-label={`Retry delivery of ${attempt.event} (attempt ${attempt.attempt})`}
                              onClick={() => retry(attempt.deliveryId)}
                            >
                              Retry
                            </button>
                          ) : null}
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }}
        </Loading>
      </section>
    </>
  )
}
