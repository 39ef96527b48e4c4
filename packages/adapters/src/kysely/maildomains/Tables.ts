import type { DomainRecord, DomainStatus } from "@servicekit/core/internal"

/** Tables of the mail domains module (column names as in SQL, see migrations/). */
export interface MailDomainsTable {
  readonly tenant_id: string
  readonly id: string
  readonly domain: string
  readonly selector: string
  readonly dkim_public_key: string
  readonly dkim_private_key_sealed: string
  readonly status: DomainStatus
  /** Written as JSON text, read back parsed. */
  readonly records: ReadonlyArray<DomainRecord> | string
  readonly failure: string | null
  readonly checked_at: Date | null
  readonly verified_at: Date | null
  readonly created_at: Date
}

export interface MailDomainsTables {
  readonly mail_domains: MailDomainsTable
}
