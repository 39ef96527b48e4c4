import { Schema } from "effect"
import { withReason } from "../http/Schemas.js"

export const Direction = Schema.Literal("inbound", "outbound")
export type Direction = typeof Direction.Type

/** Results that mean someone picked up: the call was connected (and may still be). */
export const ANSWERED_RESULTS: ReadonlyArray<string> = ["completed", "answered", "in-progress", "in_progress"]

export const isAnswered = (result: string): boolean => ANSWERED_RESULTS.includes(result)

/** Results carriers commonly record; documentation only, any token is accepted. */
const COMMON_RESULTS = [
  "completed",
  "answered",
  "in-progress",
  "missed",
  "no_answer",
  "no-answer",
  "busy",
  "failed",
  "rejected",
  "canceled",
  "voicemail",
  "queued",
  "ringing"
]

const quoted = (values: ReadonlyArray<string>) => values.map((value) => `\`${value}\``).join(", ")

const RESULT_TOKEN = /^[a-z0-9][a-z0-9_-]{0,63}$/

/** How `CallResult` is documented; a field using it adds its own description. */
export const callResultJsonSchema = {
  type: "string",
  pattern: RESULT_TOKEN.source,
  minLength: 1,
  maxLength: 64
} as const

/**
 * A call outcome as the carrier recorded it: a lowercase token of 1-64 characters, not a closed
 * list, because carriers differ (ServiceKit's `no_answer`, Twilio's `no-answer`, `in-progress`).
 */
export const CallResult = withReason(
  Schema.String.pipe(Schema.pattern(RESULT_TOKEN)),
  "must be a lowercase token of 1 to 64 characters (a-z, 0-9, _ and -)"
).annotations({
  jsonSchema: {
    ...callResultJsonSchema,
    description: `The call's outcome as the carrier recorded it: any lowercase token (a-z, 0-9, _ and -). Common values: ${quoted(COMMON_RESULTS)}. ${quoted(ANSWERED_RESULTS)} count as answered in the usage figures.`,
    examples: ["completed", "no-answer"]
  }
})
export type CallResult = typeof CallResult.Type

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

/** Counts over calls started in a window [from, to): behind the dashboard's summary. */
export interface CallWindowTotals {
  readonly calls: number
  readonly seconds: number
  readonly inboundOffered: number
  readonly inboundAnswered: number
}

export const noWindowTotals: CallWindowTotals = { calls: 0, seconds: 0, inboundOffered: 0, inboundAnswered: 0 }

/** Two windows' counts as one. */
export const addWindowTotals = (a: CallWindowTotals, b: CallWindowTotals): CallWindowTotals => ({
  calls: a.calls + b.calls,
  seconds: a.seconds + b.seconds,
  inboundOffered: a.inboundOffered + b.inboundOffered,
  inboundAnswered: a.inboundAnswered + b.inboundAnswered
})

/** Raw counts behind VoiceUsage, for [dayStart, now] and [weekStart, now]. */
export interface CallTotals {
  readonly secondsToday: number
  readonly callsToday: number
  readonly inboundOffered: number
  readonly inboundAnswered: number
}
