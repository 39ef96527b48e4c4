import type { Input } from "@servicekit/client"
import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice } from "../Components.js"
import type { PageProps } from "../PageProps.js"

type NewKey = Input<"developers.createApiKey">["body"]
type KeyProduct = NewKey["product"]

const lines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)

/** A new key's product, environment, scopes (those of the product), expiry and IP allowlist. */
export const CreateKeyForm = (
  props: PageProps & { readonly onCreated: (key: string) => void; readonly onCancel: () => void }
) => {
  // Keys only for the products the tenant has: the API refuses the others.
  const products = (Object.keys(props.kit.catalog.scopesByProduct) as Array<KeyProduct>).filter((name) =>
    props.entitlements.includes(name)
  )
  const [product, setProduct] = useState<KeyProduct>(products[0])
  const [scopes, setScopes] = useState<ReadonlyArray<string>>([])
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const offered = props.kit.catalog.scopesByProduct[product] ?? []

  const submit = async (event: Event) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget as HTMLFormElement)
    const expires = String(form.get("expiresAt") ?? "")
    setBusy(true)
    const { data, error } = await props.client.developers.createApiKey({
      path: { tenantId: props.session.tenantId },
      body: {
        name: String(form.get("name") ?? "").trim() || null,
        product,
        environment: form.get("environment") === "live" ? "live" : "test",
        // The page's catalog offers only the product's scopes; the API checks them again.
        scopes: scopes.filter((scope) => offered.includes(scope)) as NewKey["scopes"],
        expiresAt: expires === "" ? null : new Date(expires).toISOString(),
        ipAllowlist: lines(String(form.get("ipAllowlist") ?? ""))
      }
    })
    setBusy(false)
    if (error !== undefined) setFailure(describeError(error))
    else props.onCreated(data.key)
  }

  if (products.length === 0) {
    return (
      <div class="card empty">
        <h2>No product to make a key for</h2>
        <p>API keys are made for Live Chat, Business Calling, Transactional email or Automations, and this tenant has none of them.</p>
        <button type="button" class="button" onClick={props.onCancel}>
          Close
        </button>
      </div>
    )
  }

  return (
    <form class="card form" onSubmit={submit} aria-labelledby="create-key-title">
      <h2 id="create-key-title">New API key</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <div class="field">
        <label for="key-name">Name</label>
        <input id="key-name" name="name" maxLength={200} placeholder="e.g. billing server" autofocus />
      </div>
      <div class="field-row">
        <div class="field">
          <label for="key-product">Product</label>
          <select
            id="key-product"
            value={product}
            onChange={(event) => {
              setProduct(event.currentTarget.value as KeyProduct)
              setScopes([])
            }}
          >
            {products.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <fieldset class="field">
          <legend>Environment</legend>
          <div class="choices">
            <label>
              <input type="radio" name="environment" value="test" defaultChecked /> Test
            </label>
            <label>
              <input type="radio" name="environment" value="live" /> Live
            </label>
          </div>
        </fieldset>
      </div>
      <fieldset class="field">
        <legend>Scopes</legend>
        <div class="choices">
          {offered.map((scope) => (
            <label key={scope}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) =>
                  setScopes(
                    event.currentTarget.checked ? [...scopes, scope] : scopes.filter((chosen) => chosen !== scope)
                  )
                }
              />{" "}
              <span class="mono">{scope}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div class="field-row">
        <div class="field">
          <label for="key-expires">Expires (optional)</label>
          <input id="key-expires" name="expiresAt" type="datetime-local" />
        </div>
        <div class="field grow">
          <label for="key-ips">IP allowlist (optional)</label>
          <textarea
            id="key-ips"
            name="ipAllowlist"
            rows={2}
            placeholder="One IP or CIDR range per line, e.g. 203.0.113.0/24"
            aria-describedby="key-ips-help"
          />
          <p id="key-ips-help" class="help">
            Empty: the key works from any address.
          </p>
        </div>
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          Create key
        </button>
      </div>
    </form>
  )
}
