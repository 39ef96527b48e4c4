import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Confirm, Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { DomainRecords } from "./DomainRecords.js"
import { AdminsChange, type Domain, DomainBadge, checkOutcome } from "./DomainStatus.js"

const Facts = (props: { readonly domain: Domain }) => (
  <section class="card" aria-label="Status">
    <dl class="facts">
      <dt>Status</dt>
      <dd>
        <DomainBadge status={props.domain.status} />
      </dd>
      <dt>DKIM selector</dt>
      <dd class="mono">{props.domain.dkimSelector}</dd>
      <dt>Last checked</dt>
      <dd>{props.domain.checkedAt === null ? "Never" : formatTime(props.domain.checkedAt)}</dd>
      <dt>Verified</dt>
      <dd>{props.domain.verifiedAt === null ? "Not yet" : formatTime(props.domain.verifiedAt)}</dd>
      <dt>Added</dt>
      <dd>{formatTime(props.domain.createdAt)}</dd>
    </dl>
  </section>
)

/**
 * A sending domain: its status (and why it failed), the records to publish with their values to
 * copy, and for admins a check of DNS on demand and its deletion.
 */
export const DomainDetail = (props: PageProps & { readonly domainId: string }) => {
  const path = { id: props.domainId }
  const [loaded, reload] = useLoad(() => props.client.mailDomains.getMailDomain({ path }), [props.domainId])
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [deleting, setDeleting] = useState(false)
  const admin = props.session.role === "admin"

  const check = async () => {
    // aria-disabled rather than disabled: the button keeps the keyboard's focus while it works.
    if (busy) return
    setBusy(true)
    setOutcome(undefined)
    const { data, error } = await props.client.mailDomains.verifyMailDomain({ path })
    setBusy(false)
    setFailure(error === undefined ? undefined : describeError(error))
    setOutcome(data === undefined ? undefined : checkOutcome(data))
    reload()
  }
  const remove = async () => {
    setDeleting(false)
    const { error } = await props.client.mailDomains.deleteMailDomain({ path })
    if (error === undefined) location.hash = href("/transactional/domains")
    else setFailure(describeError(error))
  }

  return (
    <>
      <p class="breadcrumb">
        <a href={href("/transactional/domains")}>Sending domains</a>
      </p>
      <Loading loaded={loaded}>
        {(domain) => (
          <>
            <PageHeader
              title={domain.domain}
              lead="Mail from its addresses is signed with its own DKIM key, once the DKIM record below is published."
            >
              {admin ? (
                <div class="button-row">
                  <button type="button" class="button danger-text" onClick={() => setDeleting(true)}>
                    Delete
                  </button>
                  <button type="button" class="button primary" aria-disabled={busy ? "true" : undefined} onClick={check}>
                    {busy ? "Checking…" : "Check DNS now"}
                  </button>
                </div>
              ) : null}
            </PageHeader>
            {admin ? null : <AdminsChange />}
            {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
            {outcome === undefined ? null : <Notice tone="info">{outcome}</Notice>}
            {domain.status === "failed" && domain.failure !== null ? (
              <p class="notice error" data-testid="domain-failure">
                <strong>Failed:</strong> {domain.failure} New mail from its addresses is refused until it is fixed.
              </p>
            ) : null}
            <Facts domain={domain} />
            <DomainRecords records={domain.records} />
            {deleting ? (
              <Confirm
                title="Delete this sending domain?"
                action="Delete domain"
                onConfirm={remove}
                onCancel={() => setDeleting(false)}
              >
                <p>
                  Mail from addresses at <span class="mono">{domain.domain}</span> is refused from now on, and its DKIM key
                  is deleted: adding the domain again makes a new key, with new records to publish.
                </p>
              </Confirm>
            ) : null}
          </>
        )}
      </Loading>
    </>
  )
}
