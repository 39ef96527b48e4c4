import { hmac } from "@noble/hashes/hmac"
import { sha1 } from "@noble/hashes/legacy"
import { utf8ToBytes } from "@noble/hashes/utils"
import { Either } from "effect"
import { constantTimeEqual, toBase64 } from "../platform/Crypto.js"
import type { Direction } from "./Call.js"

/** The header Twilio signs its requests in. */
export const TWILIO_SIGNATURE_HEADER = "x-twilio-signature"

/** A form body's fields, each once. */
export type FormFields = Readonly<Record<string, string>>

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the account's auth token, of the URL
 * Twilio requested (query included) followed by each form field's name and value, by name.
 */
export const twilioSignature = (authToken: string, url: string, fields: FormFields): string => {
  let data = url
  for (const name of Object.keys(fields).sort()) data += name + fields[name]
  return toBase64(hmac(sha1, utf8ToBytes(authToken), utf8ToBytes(data)))
}

/** Whether `signature` is Twilio's for this request, compared in constant time. */
export const isTwilioSigned = (authToken: string, url: string, fields: FormFields, signature: string | undefined) =>
  signature !== undefined && constantTimeEqual(twilioSignature(authToken, url, fields), signature)

/** A call's end as the carrier reported it, before it is attributed to a tenant. */
export interface CarrierCall {
  /** The SIP Call-ID when the carrier gives it (the relay's record has the same), else the carrier's call id. */
  readonly callId: string
  /** The carrier's own id of the call (Twilio's CallSid). */
  readonly carrierCallId: string
  /** inbound when the carrier's caller called in (To is the tenant's), outbound when it called out. */
  readonly carrierDirection: Direction
  readonly from: string
  readonly to: string
  readonly result: string
  readonly durationSecs: number
  readonly endedAt: Date
  /** A mean opinion score (1 to 5) of the call's audio, when the carrier measured one. */
  readonly mosScore: number | null
}

/** What one status callback says: a call ended, or a step before the end that the call log does not keep. */
export type CallStatusReport =
  | { readonly _tag: "ended"; readonly call: CarrierCall }
  | { readonly _tag: "progress"; readonly status: string }

/** Twilio's final statuses, which are also the call log's results. */
const FINAL = new Set(["completed", "busy", "no-answer", "failed", "canceled"])
const PROGRESS = new Set(["queued", "initiated", "ringing", "in-progress"])
const CALL_SID = /^CA[0-9a-f]{32}$/i
/** The longest call lasts a day: longer is a wrong figure, not a call. */
const MAX_DURATION_SECS = 86_400
const MAX_ADDRESS = 256
const MAX_CALL_ID = 200
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/
/** Twilio's timestamps are RFC 2822; a date before this one is not a call of ours. */
const EARLIEST = Date.UTC(2000, 0, 1)
/** How far in the future a report's time may be, for a carrier clock a little ahead. */
const CLOCK_SKEW_MS = 60 * 60_000

type FieldIssue = { readonly field: string; readonly reason: string }

const field = (fields: FormFields, name: string): string | undefined =>
  Object.hasOwn(fields, name) ? fields[name] : undefined

/**
 * Reads a Twilio call status callback (form fields as Twilio documents them): CallSid, CallStatus,
 * From, To, Direction, CallDuration (seconds talked, on completed), Timestamp (RFC 2822, when the
 * status happened) and, on calls through a SIP domain, SipCallId. Twilio-compatible carriers add
 * AudioInMos, read as the call's quality. Absurd values are refused, never stored.
 */
export const readTwilioCallStatus = (fields: FormFields, now: Date): Either.Either<CallStatusReport, FieldIssue> => {
  const issue = (field: string, reason: string) => Either.left({ field, reason })
  const callSid = field(fields, "CallSid")
  if (callSid === undefined || !CALL_SID.test(callSid)) return issue("CallSid", "must be CA and 32 hex digits")
  const status = field(fields, "CallStatus")
  if (status !== undefined && PROGRESS.has(status)) return Either.right({ _tag: "progress", status })
  if (status === undefined || !FINAL.has(status)) {
    return issue("CallStatus", "must be one of Twilio's call statuses")
  }
  const from = field(fields, "From") ?? ""
  const to = field(fields, "To") ?? ""
  for (const [field, value] of [["From", from], ["To", to]] as const) {
    if (value.length > MAX_ADDRESS || !PRINTABLE.test(value)) {
      return issue(field, `must be at most ${MAX_ADDRESS} printable characters`)
    }
  }
  const sipCallId = field(fields, "SipCallId")
  if (sipCallId !== undefined && (sipCallId.length === 0 || sipCallId.length > MAX_CALL_ID || !PRINTABLE.test(sipCallId))) {
    return issue("SipCallId", `must be 1 to ${MAX_CALL_ID} printable characters`)
  }
  const duration = field(fields, "CallDuration") ?? "0"
  const durationSecs = /^\d{1,6}$/.test(duration) ? Number(duration) : Number.NaN
  if (!(durationSecs <= MAX_DURATION_SECS)) return issue("CallDuration", `must be whole seconds up to ${MAX_DURATION_SECS}`)
  const timestamp = field(fields, "Timestamp")
  const endedAt = timestamp === undefined ? now : new Date(timestamp.length > 64 ? Number.NaN : Date.parse(timestamp))
  const at = endedAt.getTime()
  if (!(at >= EARLIEST + durationSecs * 1000 && at <= now.getTime() + CLOCK_SKEW_MS)) {
    return issue("Timestamp", "must be an RFC 2822 date of this century, not in the future")
  }
  const mos = Number(field(fields, "AudioInMos") ?? Number.NaN)
  return Either.right({
    _tag: "ended",
    call: {
      callId: sipCallId ?? callSid,
      carrierCallId: callSid,
      carrierDirection: field(fields, "Direction")?.startsWith("outbound") === true ? "outbound" : "inbound",
      from,
      to,
      result: status,
      durationSecs,
      endedAt,
      mosScore: mos >= 1 && mos <= 5 ? Math.round(mos * 100) / 100 : null
    }
  })
}
