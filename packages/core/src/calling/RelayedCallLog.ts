import { Clock, Context, Effect, Layer } from "effect"
import { nameUuid } from "../platform/Crypto.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { CallingService } from "./CallingService.js"
import { CallsInProgress } from "./CallsInProgress.js"
import { type RelayedCall, type RelayedCallChange, unseenCall } from "./RelayedCalls.js"

/** A call unseen for this many heartbeats is taken for one whose relay died. */
const MISSED_HEARTBEATS = 3
/** The most calls one sweep closes; the next sweep goes on. */
const SWEEP_BATCH = 500
/** The longest Call-ID a record keeps, as `callSid`. */
const MAX_CALL_SID = 200

/**
 * A call's record id, drawn from its tenant and its whole SIP Call-ID: the relay and the carrier
 * reporting the same call name the same record.
 */
export const callRecordIdOf = (tenantId: string, callId: string) => nameUuid(`relayed-call:${tenantId}:${callId}`)

/**
 * The call log of the calls the softphone relay carries: each call is stored as in progress from
 * its INVITE, and its record written once it ends. A call whose relay died with its host is
 * closed by the sweep. Each record's id is drawn from the tenant and the Call-ID, so a record
 * written twice (by its relay and by a sweep, or by two hosts' sweeps) is stored once.
 */
export class RelayedCallLog extends Context.Tag("@servicekit/core/RelayedCallLog")<
  RelayedCallLog,
  {
    /** What a message did to a call of the tenant: stores the call, its answer, or its record. */
    readonly apply: (tenantId: string, change: RelayedCallChange) => Effect.Effect<void>
    /** The relay still carries these calls of the tenant. */
    readonly seen: (tenantId: string, callIds: ReadonlyArray<string>) => Effect.Effect<void>
    /** Records, as failed, the calls no relay has seen for three heartbeats; answers how many. */
    readonly sweep: Effect.Effect<number>
  }
>() {
  static readonly layer = Layer.effect(
    RelayedCallLog,
    Effect.gen(function* () {
      const calling = yield* CallingService
      const inProgress = yield* CallsInProgress
      const { callHeartbeatMs } = yield* ServiceKitSettings

      /** The call's record, then the call no longer in progress: a crash between leaves it to the sweep. */
      const record = (tenantId: string, id: string, call: RelayedCall) =>
        calling
          .ingest(tenantId, [
            {
              id,
              fromId: call.fromId,
              toId: call.toId,
              direction: call.direction,
              durationSecs: call.durationSecs,
              result: call.result,
              startedAt: call.startedAt.toISOString(),
              endedAt: call.endedAt.toISOString(),
              callSid: call.callId.slice(0, MAX_CALL_SID)
            }
          ])
          .pipe(
            // The identities come from the far end: a record that cannot be stored is said, not retried.
            Effect.catchAll((error) => Effect.logWarning("a call the softphone relay carried was not recorded", error)),
            Effect.zipRight(inProgress.end(tenantId, id))
          )

      // The relay goes on whatever storage answers: what is not stored is said.
      const said = <A>(effect: Effect.Effect<A>) =>
        Effect.catchAllCause(Effect.asVoid(effect), (cause) =>
          Effect.logWarning("the call log of the softphone relay could not be written", cause)
        )

      return {
        apply: (tenantId, change) =>
          said(
            change._tag === "started"
              ? inProgress.begin({
                  ...change.call,
                  tenantId,
                  id: callRecordIdOf(tenantId, change.call.callId),
                  callId: change.call.callId.slice(0, MAX_CALL_SID),
                  answeredAt: null,
                  seenAt: change.call.startedAt
                })
              : change._tag === "answered"
                ? inProgress.answered(tenantId, callRecordIdOf(tenantId, change.callId), change.at)
                : record(tenantId, callRecordIdOf(tenantId, change.call.callId), change.call)
          ),
        seen: (tenantId, callIds) =>
          callIds.length === 0
            ? Effect.void
            : said(
                Effect.flatMap(Clock.currentTimeMillis, (now) =>
                  inProgress.seen(
                    tenantId,
                    callIds.map((callId) => callRecordIdOf(tenantId, callId)),
                    new Date(now)
                  )
                )
              ),
        sweep: Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const unseen = yield* inProgress.unseenSince(new Date(now - MISSED_HEARTBEATS * callHeartbeatMs), SWEEP_BATCH)
          yield* Effect.forEach(unseen, (call) => record(call.tenantId, call.id, unseenCall(call)), { discard: true })
          return unseen.length
        })
      }
    })
  )
}
