/** pending: never verified yet; verified: its DKIM record is published; failed: the record is wrong, or went away. */
export type DomainStatus = "pending" | "verified" | "failed"

export type RecordPurpose = "dkim" | "spf" | "dmarc" | "return_path"

/** unchecked: not looked up yet; missing: no such record; wrong: a record is there, but not this one. */
export type RecordStatus = "unchecked" | "ok" | "missing" | "wrong"

/** A DNS record the tenant publishes, and what the last check found. */
export interface DomainRecord {
  readonly purpose: RecordPurpose
  readonly type: "TXT" | "CNAME"
  readonly name: string
  readonly value: string
  /** Whether the domain is usable without it (only DKIM is required: the kit signs with it). */
  readonly required: boolean
  readonly status: RecordStatus
  /** The records of its type found at the name that matter to it (at most a few, each shortened). */
  readonly found: ReadonlyArray<string>
}

/** A tenant's sending domain: the DKIM key the kit signs its mail with, and the records to publish. */
export interface MailDomain {
  readonly tenantId: string
  readonly id: string
  /** Lowercase, no trailing dot. */
  readonly domain: string
  /** The DKIM selector: the key's record is at `<selector>._domainkey.<domain>`. */
  readonly selector: string
  /** The DKIM public key: base64 DER (SubjectPublicKeyInfo), as the record's `p=` carries it. */
  readonly dkimPublicKey: string
  /** The private key (PKCS#8 PEM), sealed by the secret box; never shown. */
  readonly dkimPrivateKeySealed: string
  readonly status: DomainStatus
  readonly records: ReadonlyArray<DomainRecord>
  /** Why a failed domain is not usable. */
  readonly failure: string | null
  readonly checkedAt: Date | null
  readonly verifiedAt: Date | null
  readonly createdAt: Date
}

/** A tenant holds at most this many domains. */
export const MAX_DOMAINS_PER_TENANT = 50

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/**
 * A domain as the kit stores it (lowercase, no trailing dot), or why it is not one a tenant can
 * send from: two labels at least, ASCII (an international name in its `xn--` form), no IP address.
 */
export const normalizeDomain = (input: string): { readonly domain: string } | { readonly reason: string } => {
  const domain = input.trim().toLowerCase().replace(/\.$/, "")
  const labels = domain.split(".")
  if (domain.length === 0 || domain.length > 253 || !labels.every((label) => LABEL.test(label))) {
    return { reason: "must be a domain name such as mail.example.com (an international name in its xn-- form)" }
  }
  if (labels.length < 2) return { reason: "must have at least two labels, such as example.com" }
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return { reason: "must be a domain name, not an IP address" }
  return { domain }
}

/** The label of a domain's return-path subdomain: `bounces.mail.example.com` for `mail.example.com`. */
export const RETURN_PATH_LABEL = "bounces"

/**
 * What the kit asks the tenant to publish: `spfInclude` is the platform's SPF domain and
 * `bounceDomain` its bounce domain, when it has them.
 */
export const expectedRecords = (
  domain: Pick<MailDomain, "domain" | "selector" | "dkimPublicKey">,
  { bounceDomain, spfInclude }: { readonly spfInclude: string | undefined; readonly bounceDomain: string | undefined }
): ReadonlyArray<DomainRecord> => [
  {
    purpose: "dkim",
    type: "TXT",
    name: `${domain.selector}._domainkey.${domain.domain}`,
    value: `v=DKIM1; k=rsa; p=${domain.dkimPublicKey}`,
    required: true,
    status: "unchecked",
    found: []
  },
  ...(spfInclude === undefined
    ? []
    : [
        {
          purpose: "spf" as const,
          type: "TXT" as const,
          name: domain.domain,
          value: `v=spf1 include:${spfInclude} ~all`,
          required: false,
          status: "unchecked" as const,
          found: []
        }
      ]),
  {
    purpose: "dmarc",
    type: "TXT",
    name: `_dmarc.${domain.domain}`,
    value: "v=DMARC1; p=none",
    required: false,
    status: "unchecked",
    found: []
  },
  // The bounces of the domain's mail come back through a subdomain of its own, aliased to the
  // platform's bounce domain: its Return-Path then aligns with the From domain (DMARC's SPF half).
  ...(bounceDomain === undefined
    ? []
    : [
        {
          purpose: "return_path" as const,
          type: "CNAME" as const,
          name: `${RETURN_PATH_LABEL}.${domain.domain}`,
          value: bounceDomain,
          required: false,
          status: "unchecked" as const,
          found: []
        }
      ])
]

/** A DKIM record's tags (`v=DKIM1; k=rsa; p=...`), names lowercase, whitespace removed from values. */
const tagsOf = (record: string): ReadonlyMap<string, string> =>
  new Map(
    record.split(";").flatMap((part) => {
      const at = part.indexOf("=")
      return at < 0 ? [] : [[part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, "")] as const]
    })
  )

const MAX_FOUND = 5
const MAX_FOUND_LENGTH = 600

/** What a lookup found for `record`, among the records of its type at its name. */
export const checkRecord = (record: DomainRecord, answers: ReadonlyArray<string>, dkimPublicKey: string): DomainRecord => {
  if (record.type === "CNAME") {
    const found = answers.slice(0, MAX_FOUND).map((value) => value.slice(0, MAX_FOUND_LENGTH))
    const ok = answers.some((target) => target.toLowerCase().replace(/\.$/, "") === record.value)
    return { ...record, status: ok ? "ok" : answers.length === 0 ? "missing" : "wrong", found }
  }
  const relevant = answers.filter((value) =>
    record.purpose === "dkim"
      ? /^\s*v\s*=\s*DKIM1/i.test(value) || tagsOf(value).has("p")
      : record.purpose === "spf"
        ? /^\s*v=spf1(\s|$)/i.test(value)
        : /^\s*v\s*=\s*DMARC1\s*(;|$)/i.test(value)
  )
  const found = relevant.slice(0, MAX_FOUND).map((value) => value.slice(0, MAX_FOUND_LENGTH))
  // SPF: one record only (two are an error, RFC 7208 §4.5), which includes the platform's.
  const spfInclude = record.value.split(" ")[1]!.toLowerCase()
  const ok =
    record.purpose === "dkim"
      ? relevant.some((value) => {
          const tags = tagsOf(value)
          return tags.get("p") === dkimPublicKey && (tags.get("k") ?? "rsa").toLowerCase() === "rsa"
        })
      : record.purpose === "spf"
        ? relevant.length === 1 && relevant[0]!.toLowerCase().split(/\s+/).includes(spfInclude)
        : relevant.length > 0
  return { ...record, status: ok ? "ok" : relevant.length === 0 ? "missing" : "wrong", found }
}

/** The domain's status after a check of its records: only the DKIM record decides. */
export const statusAfterCheck = (
  previous: Pick<MailDomain, "status" | "verifiedAt">,
  dkim: DomainRecord
): { readonly status: DomainStatus; readonly failure: string | null } => {
  if (dkim.status === "ok") return { status: "verified", failure: null }
  if (dkim.status === "wrong") {
    return { status: "failed", failure: `The TXT record at ${dkim.name} does not carry this domain's DKIM key.` }
  }
  return previous.verifiedAt === null
    ? { status: "pending", failure: null }
    : { status: "failed", failure: `The DKIM record at ${dkim.name} is gone: mail from the domain is no longer signed.` }
}
