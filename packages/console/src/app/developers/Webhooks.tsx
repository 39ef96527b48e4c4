import type { PageItem } from "@servicekit/client"
import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { AdminsOnly, Confirm, Day, Loading, Notice, PageHeader, SecretOnce } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { ReceivesPicker, ThrottleField, eventGroups, rateOf, receivesText } from "./WebhookReceives.js"

type Webhook = PageItem<"webhooks.listWebhooks">

export const Webhooks = (props: PageProps) =>
  props.session.role === "admin" ? (
    <WebhooksOfAdmin {...props} />
  ) : (
    <>
      <PageHeader title="Webhooks" lead="Signed HTTPS calls to your servers when something happens." />
      <AdminsOnly what="Webhooks" />
    </>
  )

const WebhooksOfAdmin = (props: PageProps) => {
  const tenantId = props.session.tenantId
  const [webhooks, reload] = useLoad(
    () => props.client.webhooks.listWebhooks({ path: { tenantId }, query: { limit: 100 } }),
    [tenantId]
  )
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<string | undefined>(undefined)
  const [deleting, setDeleting] = useState<Webhook | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)

  const remove = async (webhook: Webhook) => {
    setDeleting(undefined)
    const { error } = await props.client.webhooks.deleteWebhook({ path: { tenantId, id: webhook.id } })
    setFailure(error === undefined ? undefined : describeError(error))
    reload()
  }

  return (
    <>
      <PageHeader title="Webhooks" lead="Signed HTTPS calls to your servers when something happens.">
        {creating || secret !== undefined ? null : (
          <button type="button" class="button primary" onClick={() => setCreating(true)}>
            Add endpoint
          </button>
        )}
      </PageHeader>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {secret === undefined ? null : (
        <SecretOnce label="Signing secret of the new endpoint" secret={secret} onDone={() => setSecret(undefined)} />
      )}
      {creating ? (
        <CreateWebhookForm
          {...props}
          onCancel={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false)
            setSecret(created)
            reload()
          }}
        />
      ) : null}
      <Loading loaded={webhooks}>
        {({ data }) =>
          data.length === 0 ? (
            <div class="card empty">
              <h2>No endpoints yet</h2>
              <p>Add the HTTPS URL of a server that should hear about conversations and messages.</p>
            </div>
          ) : (
            <div class="card flush">
              <table class="table">
                <caption class="visually-hidden">Webhook endpoints</caption>
                <thead>
                  <tr>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Receives</th>
                    <th scope="col">Status</th>
                    <th scope="col">Created</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((webhook) => (
                    <tr key={webhook.id}>
                      <td>
                        <a class="mono" href={href(`/developers/webhooks/${webhook.id}`)}>
                          {webhook.url}
                        </a>
                        {webhook.description === null ? null : <span class="muted block">{webhook.description}</span>}
                      </td>
                      <td>
                        {receivesText(webhook)}
                        {webhook.paused ? <span class="muted block">Paused</span> : null}
                      </td>
                      <td>
                        <span class={`status ${webhook.active ? "active" : "revoked"}`}>
                          {webhook.active ? "Active" : `Off${webhook.disabledReason === null ? "" : ` (${webhook.disabledReason})`}`}
                        </span>
                      </td>
                      <td class="nowrap">
                        <Day iso={webhook.createdAt} />
                      </td>
                      <td class="row-actions">
                        <button
                          type="button"
                          class="button small danger-text"
                          aria-label={`Delete endpoint ${webhook.url}`}
                          onClick={() => setDeleting(webhook)}
                        >
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loading>
      {deleting === undefined ? null : (
        <Confirm
          title="Delete this endpoint?"
          action="Delete endpoint"
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => remove(deleting)}
        >
          <p>
            <span class="mono">{deleting.url}</span> stops receiving events; its pending deliveries and history are
            deleted with it.
          </p>
        </Confirm>
      )}
    </>
  )
}

const CreateWebhookForm = (
  props: PageProps & { readonly onCreated: (secret: string) => void; readonly onCancel: () => void }
) => {
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget as HTMLFormElement)
    const description = String(form.get("description") ?? "").trim()
    // The page's catalog names the events and products; the API checks them again.
    const events = form.getAll("events").map(String)
    const products = form.getAll("products").map(String)
    // Nothing chosen would mean every event to the API: say so rather than send it.
    if (form.get("receives") === "chosen" && events.length === 0 && products.length === 0) {
      setFailure("Choose at least one product or event, or All events.")
      return
    }
    setBusy(true)
    const { data, error } = await props.client.webhooks.createWebhook({
      path: { tenantId: props.session.tenantId },
      body: {
        url: String(form.get("url") ?? "").trim(),
        ...(form.get("receives") === "chosen" ? { events, products } : {}),
        ratePerSecond: rateOf(form.get("ratePerSecond")),
        description: description === "" ? null : description
      }
    })
    setBusy(false)
    if (error !== undefined) setFailure(describeError(error))
    else props.onCreated(data.secret)
  }

  return (
    <form class="card form" onSubmit={submit} aria-labelledby="create-webhook-title">
      <h2 id="create-webhook-title">New endpoint</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <div class="field">
        <label for="webhook-url">Endpoint URL</label>
        <input id="webhook-url" name="url" type="url" required placeholder="https://example.com/webhooks/servicekit" autofocus />
      </div>
      <ReceivesPicker groups={eventGroups(props.kit.catalog.webhookEvents, props.entitlements)} />
      <ThrottleField id="webhook-rate" label="Throttle (deliveries per second)" />
      <div class="field">
        <label for="webhook-description">Description (optional)</label>
        <input id="webhook-description" name="description" maxLength={500} />
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          Add endpoint
        </button>
      </div>
    </form>
  )
}
