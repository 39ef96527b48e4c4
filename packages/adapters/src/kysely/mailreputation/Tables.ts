import type { ReputationCause, ReputationStatus } from "@servicekit/core/internal"

/** Tables of the sending reputation module (column names as in SQL, see migrations/). */
export interface MailReputationHoursTable {
  readonly tenant_id: string
  readonly hour: Date
  readonly sent: number
  readonly bounced: number
  readonly complained: number
}

export interface MailReputationStandingsTable {
  readonly tenant_id: string
  readonly status: Exclude<ReputationStatus, "good">
  readonly cause: ReputationCause
  readonly sent: number
  readonly bounced: number
  readonly complained: number
  readonly since: Date
}

export interface MailReputationRestartsTable {
  readonly tenant_id: string
  readonly counted_from: Date
}

export interface MailReputationTables {
  readonly mail_reputation_hours: MailReputationHoursTable
  readonly mail_reputation_standings: MailReputationStandingsTable
  readonly mail_reputation_restarts: MailReputationRestartsTable
}
