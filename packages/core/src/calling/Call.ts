import { Schema } from "effect"

export const Direction = Schema.Literal("inbound", "outbound")
export type Direction = typeof Direction.Type

/**
 * Call outcomes ServiceKit records. `completed` means the call was connected
 * (answered) and ended normally; every other value means it was not answered.
 */
export const CallResult = Schema.Literal(
  "completed",
  "missed",
  "no_answer",
  "busy",
  "failed",
  "rejected",
  "voicemail",
  "canceled"
)
export type CallResult = typeof CallResult.Type
export const ANSWERED_RESULT: CallResult = "completed"

/** A call detail record as stored. */
export interface Call {
  readonly id: string
  readonly tenantId: string
  readonly fromId: string
  readonly toId: string
  readonly direction: Direction
  readonly durationSecs: number
  readonly result: string
  readonly startedAt: Date
  readonly endedAt: Date | null
  readonly callSid: string | null
  readonly mosScore: number | null
}

export interface CallQuery {
  readonly limit: number
  /** Keyset position: rows strictly older than this (startedAt, id) pair. */
  readonly after?: { readonly startedAt: Date; readonly id: string } | undefined
  readonly direction?: Direction | undefined
  readonly result?: string | undefined
}

/** Raw counts behind VoiceUsage, for [dayStart, now] and [weekStart, now]. */
export interface CallTotals {
  readonly secondsToday: number
  readonly callsToday: number
  readonly inboundOffered: number
  readonly inboundAnswered: number
}
