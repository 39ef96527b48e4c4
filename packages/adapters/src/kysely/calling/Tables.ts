import type { Call, Direction } from "@servicekit/core/calling"

/** Tables of the calling module (column names as in SQL, see migrations/). */
export interface CallsTable {
  readonly tenant_id: string
  readonly id: string
  readonly from_id: string
  readonly to_id: string
  readonly direction: Direction
  readonly duration_secs: number
  readonly result: Call["result"]
  readonly started_at: Date
  readonly ended_at: Date | null
  readonly call_sid: string | null
  readonly mos_score: number | null
}

export interface SipSettingsTable {
  readonly tenant_id: string
  readonly trunk_host: string | null
  readonly trunk_username: string | null
  readonly trunk_password_sealed: string | null
  readonly trunk_port: number | null
  readonly trunk_transport: string | null
  readonly trunk_updated_at: Date | null
  readonly hosted_opted_in_at: Date | null
}

export interface CallsInProgressTable {
  readonly tenant_id: string
  readonly id: string
  readonly call_id: string
  readonly direction: Direction
  readonly from_id: string
  readonly to_id: string
  readonly started_at: Date
  readonly answered_at: Date | null
  readonly seen_at: Date
}

export interface HostedSipNumbersTable {
  readonly id: string
  readonly tenant_id: string
  readonly assigned_at: Date
}

/** Each tenant's calls added up by UTC day (see migrations/calling/0003_call_days.ts). */
export interface CallDaysTable {
  readonly tenant_id: string
  readonly day: string
  readonly calls: number | string
  readonly seconds: number
  readonly inbound_offered: number | string
  readonly inbound_answered: number | string
}

export interface CallingTables {
  readonly calls: CallsTable
  readonly call_days: CallDaysTable
  readonly sip_settings: SipSettingsTable
  readonly calls_in_progress: CallsInProgressTable
  readonly hosted_sip_numbers: HostedSipNumbersTable
}
