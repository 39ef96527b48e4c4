import type { Direction } from "./Call.js"
import type { CallInProgress } from "./CallsInProgress.js"
import { type SipMessage, cseqOf, header, parameter } from "./SipMessage.js"

/** A call the softphone relay carried, once it ended: what its call record says. */
export interface RelayedCall {
  /** The SIP Call-ID: the record's `callSid`. */
  readonly callId: string
  /** outbound when the softphone sent the INVITE, inbound when the trunk did. */
  readonly direction: Direction
  readonly fromId: string
  readonly toId: string
  /** The INVITE. */
  readonly startedAt: Date
  /** The BYE, the final failure, or the connection's end. */
  readonly endedAt: Date
  /** Answered to hung up, in seconds; 0 when never answered. */
  readonly durationSecs: number
  readonly result: string
}

/** A call as its INVITE starts it. */
export interface StartedCall {
  readonly callId: string
  readonly direction: Direction
  readonly fromId: string
  readonly toId: string
  readonly startedAt: Date
}

/** What a message did to the calls a connection follows. */
export type RelayedCallChange =
  | { readonly _tag: "started"; readonly call: StartedCall }
  | { readonly _tag: "answered"; readonly callId: string; readonly at: Date }
  | { readonly _tag: "ended"; readonly call: RelayedCall }

interface OpenCall extends StartedCall {
  answeredAt: Date | undefined
  cancelled: boolean
}

/** How many calls a connection follows at once; more are not followed (a phone holds a few). */
const MAX_OPEN = 64
/** The longest identity a record keeps, as the call records allow. */
const MAX_IDENTITY = 200

/**
 * The result of a call that failed before it was answered, by the final SIP status (RFC 3261
 * §21): busy for 486 and 600, no-answer for 408 and 480 (nobody picked up in time, or the callee
 * is away), rejected for 603 (declined), canceled for 487 (the caller's CANCEL), failed for
 * anything else.
 */
export const resultOfFailure = (code: number): string =>
  code === 486 || code === 600
    ? "busy"
    : code === 408 || code === 480
      ? "no-answer"
      : code === 487
        ? "canceled"
        : code === 603
          ? "rejected"
          : "failed"

/**
 * The user part of a From or To header's URI (`+15550100` of `<sip:+15550100@trunk.test>`), as a
 * carrier prints it: printable characters only, at most 200; "anonymous" when it has none.
 */
export const identityOf = (value: string | undefined): string => {
  const uri = /<([^>]*)>/.exec(value ?? "")?.[1] ?? (value ?? "").split(";")[0] ?? ""
  const user = /^(?:sips?|tel):([^@;]*)/i.exec(uri.trim())?.[1] ?? ""
  let printable = ""
  for (const char of user) if (char >= " " && char !== "\u007f") printable += char
  const trimmed = printable.trim().slice(0, MAX_IDENTITY)
  return trimmed.length === 0 ? "anonymous" : trimmed
}

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 100) / 10)

/**
 * A call whose relay went away unseen (its host died): `failed`, ended when it was last seen, with
 * the time it was answered for until then.
 */
export const unseenCall = (call: CallInProgress): RelayedCall => ({
  callId: call.callId,
  direction: call.direction,
  fromId: call.fromId,
  toId: call.toId,
  startedAt: call.startedAt,
  endedAt: call.seenAt,
  durationSecs: call.answeredAt === null ? 0 : seconds(call.answeredAt, call.seenAt),
  result: "failed"
})

/**
 * Follows the calls of one relayed connection from the SIP messages that pass it, each as it
 * arrived from its side, and says when one starts, is answered and has ended. Challenges (401, 407) are not
 * an end: the relay or the softphone answers them with the same Call-ID. Calls still open when the
 * connection ends are ended by `close`: `failed`, with the time they were answered for.
 */
export const makeRelayedCalls = () => {
  const open = new Map<string, OpenCall>()
  const ended = (call: OpenCall, endedAt: Date, result: string): RelayedCall => {
    open.delete(call.callId)
    return {
      callId: call.callId,
      direction: call.direction,
      fromId: call.fromId,
      toId: call.toId,
      startedAt: call.startedAt,
      endedAt,
      durationSecs: call.answeredAt === undefined ? 0 : seconds(call.answeredAt, endedAt),
      result
    }
  }
  const end = (call: OpenCall, endedAt: Date, result: string): RelayedCallChange => ({
    _tag: "ended",
    call: ended(call, endedAt, result)
  })
  return {
    /** The Call-IDs of the calls open now. */
    openCallIds: (): ReadonlyArray<string> => [...open.keys()],
    /** A message from `side` at `at`: what it did to a call, if anything. */
    observe: (side: "softphone" | "trunk", message: SipMessage, at: Date): RelayedCallChange | undefined => {
      const callId = header(message, "call-id")
      if (callId === undefined) return undefined
      const call = open.get(callId)
      const method = message.request?.method
      if (method === "INVITE") {
        const initial = parameter(header(message, "to") ?? "", "tag") === undefined
        if (call !== undefined || !initial || open.size >= MAX_OPEN) return undefined
        const started: StartedCall = {
          callId,
          direction: side === "softphone" ? "outbound" : "inbound",
          fromId: identityOf(header(message, "from")),
          toId: identityOf(header(message, "to")),
          startedAt: at
        }
        open.set(callId, { ...started, answeredAt: undefined, cancelled: false })
        return { _tag: "started", call: started }
      }
      if (call === undefined) return undefined
      if (method === "CANCEL") {
        call.cancelled = true
        return undefined
      }
      if (method === "BYE") return end(call, at, call.answeredAt === undefined ? "canceled" : "completed")
      const code = message.status?.code
      if (code === undefined || cseqOf(message)?.method !== "INVITE") return undefined
      if (code >= 200 && code < 300) {
        if (call.answeredAt !== undefined) return undefined
        call.answeredAt = at
        return { _tag: "answered", callId, at }
      }
      if (code < 300 || code === 401 || code === 407 || call.answeredAt !== undefined) return undefined
      return end(call, at, call.cancelled ? "canceled" : resultOfFailure(code))
    },
    /** The connection ended at `at`: every call still open, ended as failed. */
    close: (at: Date): ReadonlyArray<RelayedCall> => [...open.values()].map((call) => ended(call, at, "failed"))
  }
}
