import type { Data } from "@servicekit/client"
import { Fragment } from "preact"
import { useState } from "preact/hooks"
import { AdminsOnly, Confirm, Day, Loading, Notice, PageHeader, SecretOnce } from "../Components.js"
import { describeError } from "../Api.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { CreateKeyForm } from "./CreateKeyForm.js"

type ApiKey = Data<"developers.listApiKeys">["data"][number]

const keyStatus = (key: ApiKey, now: number) =>
  key.revokedAt !== null ? "Revoked" : key.expiresAt !== null && Date.parse(key.expiresAt) <= now ? "Expired" : "Active"

/** A key's prefix, which may break after each `_` in a narrow column. */
const KeyPrefix = (props: { readonly prefix: string }) => (
  <>
    {props.prefix.split("_").map((part, index) => (
      <Fragment key={index}>
        {index === 0 ? null : (
          <>
            _<wbr />
          </>
        )}
        {part}
      </Fragment>
    ))}
    …
  </>
)

export const ApiKeys = (props: PageProps) =>
  props.session.role === "admin" ? (
    <ApiKeysOfAdmin {...props} />
  ) : (
    <>
      <PageHeader title="API keys" lead={`Keys your servers use to call ${props.kit.brand.name}.`} />
      <AdminsOnly what="API keys" />
    </>
  )

const ApiKeysOfAdmin = (props: PageProps) => {
  const tenantId = props.session.tenantId
  const [keys, reload] = useLoad(() => props.client.developers.listApiKeys({ path: { tenantId } }), [tenantId])
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<string | undefined>(undefined)
  const [revoking, setRevoking] = useState<ApiKey | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)

  const revoke = async (key: ApiKey) => {
    setRevoking(undefined)
    const { error } = await props.client.developers.revokeApiKey({ path: { tenantId, id: key.id } })
    setFailure(error === undefined ? undefined : describeError(error))
    reload()
  }

  return (
    <>
      <PageHeader
        title="API keys"
        lead={`Keys your servers use to call ${props.kit.brand.name}. Each key is for one product and environment.`}
      >
        {creating || created !== undefined ? null : (
          <button type="button" class="button primary" onClick={() => setCreating(true)}>
            Create API key
          </button>
        )}
      </PageHeader>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {created === undefined ? null : (
        <SecretOnce label="Your new API key" secret={created} onDone={() => setCreated(undefined)} />
      )}
      {creating ? (
        <CreateKeyForm
          {...props}
          onCancel={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false)
            setCreated(key)
            reload()
          }}
        />
      ) : null}
      <Loading loaded={keys}>
        {({ data }) =>
          data.length === 0 ? (
            <div class="card empty">
              <h2>No API keys yet</h2>
              <p>Create one for each server or job that calls {props.kit.brand.name}.</p>
            </div>
          ) : (
            <div class="card flush">
              <table class="table">
                <caption class="visually-hidden">API keys</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Key</th>
                    <th scope="col">Product</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Created</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((key) => {
                    const status = keyStatus(key, Date.now())
                    return (
                      <tr key={key.id} data-key-prefix={key.prefix}>
                        <td>{key.name ?? <span class="muted">Unnamed</span>}</td>
                        <td class="mono">
                          <KeyPrefix prefix={key.prefix} />
                        </td>
                        <td>
                          {key.product} <span class={`tag ${key.environment}`}>{key.environment}</span>
                        </td>
                        <td>
                          {key.scopes.join(", ")}
                          {key.ipAllowlist.length === 0 ? null : (
                            <span class="muted block">IPs: {key.ipAllowlist.join(", ")}</span>
                          )}
                        </td>
                        <td class="nowrap">{key.expiresAt === null ? "Never" : <Day iso={key.expiresAt} />}</td>
                        <td class="nowrap">
                          <Day iso={key.createdAt} />
                        </td>
                        <td>
                          <span class={`status ${status.toLowerCase()}`}>{status}</span>
                        </td>
                        <td class="row-actions">
                          {key.revokedAt !== null ? null : (
                            <button
                              type="button"
                              class="button small danger-text"
                              aria-label={`Revoke key ${key.prefix}`}
                              onClick={() => setRevoking(key)}
                            >
                              Revoke
                            </button>
                          )}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </Loading>
      {revoking === undefined ? null : (
        <Confirm
          title="Revoke this API key?"
          action="Revoke key"
          onCancel={() => setRevoking(undefined)}
          onConfirm={() => revoke(revoking)}
        >
          <p>
            <span class="mono">{revoking.prefix}…</span> {revoking.name === null ? null : <>({revoking.name}) </>}stops
            working at once for every request that uses it. This cannot be undone.
          </p>
        </Confirm>
      )}
    </>
  )
}
