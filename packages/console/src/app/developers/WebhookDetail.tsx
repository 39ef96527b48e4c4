import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { ThrottleField, rateOf, receivesText, throttleText } from "./WebhookReceives.js"

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

type Subscription = { readonly paused: boolean; readonly pausedAt: string | null; readonly pausedUntil: string | null }

/**
 * Whether its deliveries go out: held by an admin (`paused`, until resumed), or held back by
 * the platform (named `brandName`) while the receiver keeps failing (`pausedUntil`, which ends by itself).
 */
const deliveriesText = (subscription: Subscription, brandName: string) => {
  if (subscription.paused) return `Paused since ${formatTime(subscription.pausedAt)}: they wait and go out on resume`
  if (subscription.pausedUntil !== null && Date.parse(subscription.pausedUntil) > Date.now())
    return `Held back by ${brandName} until ${formatTime(subscription.pausedUntil)}: the receiver keeps failing`
  return "Going out"
}

/** The throttle of an endpoint, set or cleared by an admin. */
const ThrottleForm = (props: {
  readonly ratePerSecond: number | null
  readonly busy: boolean
  readonly onSave: (ratePerSecond: number | null) => void
}) => {
  const submit = (event: Event) => {
    event.preventDefault()
    props.onSave(rateOf(new FormData(event.currentTarget as HTMLFormElement).get("ratePerSecond")))
  }
  return (
    <form class="card form" onSubmit={submit} aria-labelledby="throttle-title">
      <h2 id="throttle-title">Throttle</h2>
      <ThrottleField id="throttle-rate" label="Deliveries per second" value={props.ratePerSecond} />
      <div class="form-actions">
        {props.ratePerSecond === null ? null : (
          <button type="button" class="button" disabled={props.busy} onClick={() => props.onSave(null)}>
            Remove throttle
          </button>
        )}
        <button type="submit" class="button" disabled={props.busy}>
          Save throttle
        </button>
      </div>
    </form>
  )
}

/** One endpoint: its subscription, the history of its deliveries, a test event and a recovery on demand. */
export const WebhookDetail = (props: PageProps & { readonly webhookId: string }) => {
  const path = { tenantId: props.session.tenantId, id: props.webhookId }
  const [webhook, reloadWebhook] = useLoad(() => props.client.webhooks.getWebhook({ path }), [props.webhookId])
  const [attempts, reload] = useLoad(
    () => props.client.webhooks.listWebhookDeliveries({ path, query: { limit: 100 } }),
    [props.webhookId]
  )
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const admin = props.session.role === "admin"

  /** A call made busy, its error shown, then `after` (what it changed read again); answers its data. */
  const act = async <A,>(
    call: () => Promise<{ readonly data?: A; readonly error?: Parameters<typeof describeError>[0] | undefined }>,
    after: () => void
  ) => {
    setBusy(true)
    const { data, error } = await call()
    setBusy(false)
    setFailure(error === undefined ? undefined : describeError(error))
    after()
    return error === undefined ? data : undefined
  }
  /** A call that adds an attempt, then the history again. */
  const attempt = (send: () => Promise<{ readonly error?: Parameters<typeof describeError>[0] | undefined }>) =>
    act(send, reload)
  const [recovered, setRecovered] = useState<number | undefined>(undefined)
  const sendTest = () => attempt(() => props.client.webhooks.testWebhook({ path }))
  const recover = async (event: Event) => {
    event.preventDefault()
    const hours = Number(new FormData(event.currentTarget as HTMLFormElement).get("hours"))
    const since = new Date(Date.now() - hours * 3_600_000).toISOString()
    const data = await act(() => props.client.webhooks.recoverWebhookDeliveries({ path, body: { since } }), reload)
    setRecovered(data?.recovered)
  }
  /** A change to the subscription itself (pause, throttle), then the subscription again. */
  const update = (body: { readonly paused?: boolean; readonly ratePerSecond?: number | null }) =>
    act(() => props.client.webhooks.updateWebhook({ path, body }), reloadWebhook)
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
                <>
                  <button
                    type="button"
                    class="button"
                    onClick={() => update({ paused: !subscription.paused })}
                    disabled={busy}
                  >
                    {subscription.paused ? "Resume deliveries" : "Pause deliveries"}
                  </button>
                  <button type="button" class="button primary" onClick={sendTest} disabled={busy}>
                    Send test event
                  </button>
                </>
              ) : null}
            </PageHeader>
            <section class="card">
              <dl class="facts">
                <dt>Receives</dt>
                <dd>{receivesText(subscription)}</dd>
                <dt>Throttle</dt>
                <dd>{throttleText(subscription.ratePerSecond)}</dd>
                <dt>Deliveries</dt>
                <dd>{deliveriesText(subscription, props.kit.brand.name)}</dd>
                <dt>Description</dt>
                <dd>{subscription.description ?? <span class="muted">None</span>}</dd>
                <dt>Status</dt>
                <dd>{subscription.active ? "Active" : `Off${subscription.disabledReason === null ? "" : ` (${subscription.disabledReason})`}`}</dd>
              </dl>
            </section>
            {admin ? (
              // Keyed by the saved value: the field shows it again after each save.
              <ThrottleForm
                key={String(subscription.ratePerSecond)}
                ratePerSecond={subscription.ratePerSecond}
                busy={busy}
                onSave={(ratePerSecond) => update({ ratePerSecond })}
              />
            ) : null}
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
