import { useRef, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Day, Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { AdminsChange, type Domain, DomainBadge } from "./DomainStatus.js"

const LEAD = "Domains your email is sent from, signed with DKIM so that mailbox providers trust it."

/**
 * A domain to add. A name the API refuses is said at the field (its reason, as the API words it);
 * any other refusal (the domain is there already, the limit, the tenant's products) above the form.
 */
const AddDomainForm = (props: PageProps & { readonly onCancel: () => void }) => {
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event) => {
    event.preventDefault()
    const domain = String(new FormData(event.currentTarget as HTMLFormElement).get("domain") ?? "")
    setBusy(true)
    const { data, error } = await props.client.mailDomains.addMailDomain({ body: { domain } })
    setBusy(false)
    if (error === undefined) {
      // Its page shows the records to publish next.
      location.hash = href(`/transactional/domains/${data.id}`)
      return
    }
    const atField = error.details?.find((detail) => detail.field === "domain")
    setProblem(atField === undefined ? undefined : `The domain ${atField.reason}.`)
    setFailure(atField === undefined ? describeError(error) : undefined)
    input.current?.focus()
  }

  return (
    <form class="card form" onSubmit={submit} aria-labelledby="add-domain-title">
      <h2 id="add-domain-title">Add a sending domain</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <div class={`field${problem === undefined ? "" : " invalid"}`}>
        <label for="domain-name">Domain</label>
        <input
          ref={input}
          id="domain-name"
          name="domain"
          required
          maxLength={253}
          autocomplete="off"
          spellcheck={false}
          placeholder="mail.example.com"
          aria-invalid={problem === undefined ? undefined : "true"}
          aria-describedby={problem === undefined ? "domain-help" : "domain-error domain-help"}
          autofocus
        />
        {problem === undefined ? null : (
          <p class="field-error" id="domain-error" role="alert">
            {problem}
          </p>
        )}
        <p class="help" id="domain-help">
          A domain you own. Mail can then come from any address at it, such as billing@mail.example.com.
        </p>
      </div>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          Add domain
        </button>
      </div>
    </form>
  )
}

const DomainsTable = (props: { readonly domains: ReadonlyArray<Domain> }) => (
  <div class="card flush">
    <table class="table">
      <caption class="visually-hidden">Sending domains</caption>
      <thead>
        <tr>
          <th scope="col">Domain</th>
          <th scope="col">Status</th>
          <th scope="col">Last checked</th>
          <th scope="col">Added</th>
        </tr>
      </thead>
      <tbody>
        {props.domains.map((domain) => (
          <tr key={domain.id}>
            <td>
              <a class="mono" href={href(`/transactional/domains/${domain.id}`)}>
                {domain.domain}
              </a>
            </td>
            <td>
              <DomainBadge status={domain.status} />
              {domain.failure === null ? null : <span class="muted block">{domain.failure}</span>}
            </td>
            <td class="nowrap">{domain.checkedAt === null ? <span class="muted">Never</span> : formatTime(domain.checkedAt)}</td>
            <td class="nowrap">
              <Day iso={domain.createdAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
)

/** The tenant's sending domains by name, and (for admins) a form to add one. */
export const Domains = (props: PageProps) => {
  const [domains] = useLoad(() => props.client.mailDomains.listMailDomains(), [props.session.tenantId])
  const [adding, setAdding] = useState(false)
  const admin = props.session.role === "admin"
  return (
    <>
      <PageHeader title="Sending domains" lead={LEAD}>
        {admin && !adding ? (
          <button type="button" class="button primary" onClick={() => setAdding(true)}>
            Add domain
          </button>
        ) : null}
      </PageHeader>
      {admin ? null : <AdminsChange />}
      {adding ? <AddDomainForm {...props} onCancel={() => setAdding(false)} /> : null}
      <Loading loaded={domains}>
        {({ data }) =>
          data.length === 0 ? (
            <div class="card empty">
              <h2>No sending domains yet</h2>
              <p>
                A sending domain lets your email come from your own address, such as billing@mail.example.com, rather
                than the platform's. Add a domain you own and publish the DNS records shown: once its DKIM record is
                found, every message from the domain is signed with its own key, and mailbox providers can tell it is
                really yours.
              </p>
            </div>
          ) : (
            <DomainsTable domains={data} />
          )
        }
      </Loading>
    </>
  )
}
