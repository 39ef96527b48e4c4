import type { Schema } from "@servicekit/client"

export type Domain = Schema<"MailDomain">
export type DomainRecord = Schema<"MailDomainRecord">

const DOMAIN_STATUS: Readonly<Record<Domain["status"], string>> = {
  pending: "Pending",
  verified: "Verified",
  failed: "Failed"
}

const RECORD_STATUS: Readonly<Record<DomainRecord["status"], string>> = {
  unchecked: "Not checked yet",
  ok: "Published",
  missing: "Missing",
  wrong: "Wrong value"
}

/** A domain's status as a badge. */
export const DomainBadge = (props: { readonly status: Domain["status"] }) => (
  <span class={`status ${props.status}`}>{DOMAIN_STATUS[props.status]}</span>
)

/** What the last check found for one record, as a badge. */
export const RecordBadge = (props: { readonly status: DomainRecord["status"] }) => (
  <span class={`status ${props.status}`}>{RECORD_STATUS[props.status]}</span>
)

/** What the records are for; the console names them by what they do, the API by `purpose`. */
export const PURPOSES: Readonly<Record<DomainRecord["purpose"], { readonly title: string; readonly text: string }>> = {
  dkim: {
    title: "DKIM",
    text: "Carries the public half of the key your mail is signed with. Required: the domain is verified once it is published."
  },
  spf: {
    title: "SPF",
    text: "Names the servers allowed to send for the domain. Recommended; if the domain has an SPF record already, add the include to it rather than publishing a second one."
  },
  dmarc: {
    title: "DMARC",
    text: "Tells mailbox providers what to do with mail that fails the checks. Recommended; a stricter policy of your own is fine."
  },
  return_path: {
    title: "Return path",
    text: "The subdomain bounces of your mail come back to, an alias of the platform's. Recommended: once it is published, your mail's envelope sender is on your own domain, which DMARC checks against the From address."
  }
}

/** What a check found, in a sentence: said after "Check DNS now". */
export const checkOutcome = (domain: Domain) => {
  const published = domain.records.filter((record) => record.status === "ok").length
  const count = `${published} of ${domain.records.length} records published.`
  if (domain.status === "verified") return `Verified: mail from ${domain.domain} is signed. ${count}`
  // Why it failed is said beside the status, as long as it stays failed.
  if (domain.status === "failed") return `Not verified: the DKIM record is wrong or gone. ${count}`
  return `Not verified yet: the DKIM record is not published. DNS changes can take a while to appear; check again later. ${count}`
}

/** Said to members where an admin finds the buttons: the API refuses a member's changes too. */
export const AdminsChange = () => (
  <p class="muted">Tenant admins add, check and delete sending domains; you can see them and copy their records.</p>
)
