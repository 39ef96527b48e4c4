import { Clock, Effect } from "effect"
import { CallingService } from "./CallingService.js"

/** How the sample calls are marked: their `callSid` starts with it. */
const SAMPLE_CALL_SID = "sample-"

/** Fictional numbers (the 555-01xx range is reserved for fiction). */
const OFFICE = "+15555550100"
const callers = ["+15555550101", "+15555550102", "+15555550103", "+15555550104"]
const results = ["completed", "completed", "no-answer", "completed", "busy", "voicemail"]

/**
 * A dozen sample calls over the last days, written for the development tenant on its first start so
 * that its first `GET /v1/voice/calls` and the calls dashboard show something. Each is marked by a
 * `callSid` of `sample-<n>`; answers what was written, for the start-up print.
 */
export const writeSampleCalls = (tenantId: string) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const calls = Array.from({ length: 12 }, (_, n) => {
      const result = results[n % results.length]!
      const durationSecs = result === "completed" ? 45 + ((n * 97) % 600) : 0
      const startedAt = new Date(now - (n + 1) * 5 * 3_600_000)
      const inbound = n % 3 !== 2
      return {
        fromId: inbound ? callers[n % callers.length]! : OFFICE,
        toId: inbound ? OFFICE : callers[n % callers.length]!,
        direction: inbound ? "inbound" : "outbound",
        durationSecs,
        result,
        startedAt: startedAt.toISOString(),
        endedAt: new Date(startedAt.getTime() + durationSecs * 1000).toISOString(),
        callSid: `${SAMPLE_CALL_SID}${String(n + 1).padStart(2, "0")}`
      }
    })
    const { inserted } = yield* Effect.flatMap(CallingService, (calling) => calling.ingest(tenantId, calls))
    return `${inserted} sample calls for the voice key to list, marked callSid ${SAMPLE_CALL_SID}01 to ${SAMPLE_CALL_SID}${String(inserted).padStart(2, "0")}`
  })
