import { Chunk, Clock, Context, Effect, Layer, Option, Schema, Stream } from "effect"
import { isStorableDate, withoutNul } from "../http/Schemas.js"
import { SecretCrypto, isUuid, randomUuid } from "../platform/Crypto.js"
import { issueDetails } from "../platform/ParseIssues.js"
import { TenantRepository } from "../platform/Tenants.js"
import { type RateLimited, TenantNotFound, type ValidationFailed, invalidField } from "../platform/Errors.js"
import { RateLimiter, rateLimited } from "../platform/RateLimiter.js"
import { reportWindow } from "../platform/ReportWindow.js"
import {
  type Call,
  type CallQuery,
  CallResult,
  type Direction,
  Direction as DirectionSchema,
  addWindowTotals
} from "./Call.js"
import { CallNotFound, InvalidCall, InvalidCursor } from "./CallingErrors.js"
import { CallRepository } from "./CallRepository.js"

export interface CallPage {
  readonly data: ReadonlyArray<Call>
  readonly limit: number
  readonly nextCursor: string | null
}

export interface ListCalls {
  readonly limit: number
  readonly cursor?: string | undefined
  readonly direction?: Direction | undefined
  readonly result?: string | undefined
}

export interface VoiceUsage {
  readonly minutesTodayUtc: number
  readonly callsStartedTodayUtc: number
  readonly inboundOffered7d: number
  readonly inboundAnswered7d: number
  readonly inboundAnswerRate7dPercent: number | null
}

/** The dashboard's summary of calls started in [from, to). */
export interface CallSummary {
  readonly from: Date
  readonly to: Date
  readonly calls: number
  /** Every call's duration, in minutes (two decimals). */
  readonly minutes: number
  readonly inboundOffered: number
  readonly inboundAnswered: number
  /** Answered inbound calls per offered inbound call, in percent (one decimal); null without inbound calls. */
  readonly answerRatePercent: number | null
}

/** What an export takes: calls started in [from, to), optionally one direction and one result. */
export interface ExportCalls {
  readonly from?: Date | undefined
  readonly to?: Date | undefined
  readonly direction?: Direction | undefined
  readonly result?: string | undefined
}

/** Rows an export reads from storage at a time. */
const EXPORT_PAGE = 1_000
// Below every uuid: a keyset position (to, NIL) reads the calls started strictly before `to`.
const NIL_UUID = "00000000-0000-0000-0000-000000000000"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
const DAY_MS = 86_400_000

const IsoTimestamp = Schema.DateFromString.pipe(
  Schema.filter((d) => !Number.isNaN(d.getTime()) && isStorableDate(d), {
    message: () => "must be an ISO 8601 timestamp between the years 0001 and 9999"
  })
)
const Text = (max: number) => withoutNul(Schema.String.pipe(Schema.maxLength(max)))

/** One call as the carrier side hands it over (JSON object or CSV row). */
export const IncomingCall = Schema.Struct({
  id: Schema.optional(Schema.compose(Schema.Lowercase, Schema.UUID)),
  fromId: Text(200).pipe(Schema.minLength(1)),
  toId: Text(200).pipe(Schema.minLength(1)),
  direction: DirectionSchema,
  durationSecs: Schema.Number.pipe(Schema.nonNegative(), Schema.finite()),
  result: CallResult,
  startedAt: IsoTimestamp,
  endedAt: Schema.optionalWith(Schema.NullOr(IsoTimestamp), { default: () => null }),
  callSid: Schema.optionalWith(Schema.NullOr(Text(200)), { default: () => null }),
  mosScore: Schema.optionalWith(Schema.NullOr(Schema.Number.pipe(Schema.between(1, 5))), { default: () => null })
})
export type IncomingCall = typeof IncomingCall.Encoded

const decodeIncoming = Schema.decodeUnknownEither(IncomingCall, { errors: "all", onExcessProperty: "ignore" })

export interface IngestResult {
  readonly received: number
  readonly inserted: number
  readonly skipped: number
}

/** 7-day window: the 168 hours ending now (rolling), so the figure does not jump at midnight. */
export const usageWindow = (nowMs: number) => {
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS
  return { dayStart: new Date(dayStart), weekStart: new Date(nowMs - 7 * DAY_MS), now: new Date(nowMs) }
}

/** Answered per offered, in percent with one decimal; null when nothing was offered. */
const answerRate = (answered: number, offered: number) =>
  offered === 0 ? null : Math.round((answered / offered) * 1000) / 10

export class CallingService extends Context.Tag("@servicekit/core/CallingService")<
  CallingService,
  {
    readonly list: (tenantId: string, query: ListCalls) => Effect.Effect<CallPage, InvalidCursor>
    readonly get: (tenantId: string, id: string) => Effect.Effect<Call, CallNotFound>
    readonly usage: (tenantId: string) => Effect.Effect<VoiceUsage>
    /**
     * The matching calls newest first, read a page at a time as the stream is consumed, so a large
     * export never sits in memory. Each call counts against the tenant's export limit.
     */
    readonly exportCalls: (
      tenantId: string,
      filter: ExportCalls
    ) => Effect.Effect<Stream.Stream<Call>, RateLimited | ValidationFailed>
    readonly summary: (
      tenantId: string,
      window: { readonly from?: Date | undefined; readonly to?: Date | undefined }
    ) => Effect.Effect<CallSummary, ValidationFailed>
    /** Validates every record first (nothing is stored if any is invalid), then stores them. */
    readonly ingest: (
      tenantId: string,
      records: ReadonlyArray<unknown>
    ) => Effect.Effect<IngestResult, TenantNotFound | InvalidCall>
  }
>() {
  static readonly layer = Layer.effect(
    CallingService,
    Effect.gen(function* () {
      const calls = yield* CallRepository
      const tenants = yield* TenantRepository
      const crypto = yield* SecretCrypto
      const limiter = yield* RateLimiter
      const callNotFound = new CallNotFound()

      // Whole UTC days from the totals kept by day, the partial days at either end from the calls:
      // exact for any window, and no more than two days of calls read however long it is.
      const windowTotals = (tenantId: string, from: Date, to: Date) => {
        const firstDay = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS)
        const lastDay = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS)
        if (firstDay >= lastDay) return calls.windowTotals(tenantId, { from, to })
        return Effect.map(
          Effect.all([
            calls.windowTotals(tenantId, { from, to: firstDay }),
            calls.dayTotals(tenantId, { from: firstDay, to: lastDay }),
            calls.windowTotals(tenantId, { from: lastDay, to })
          ]),
          (parts) => parts.reduce(addWindowTotals)
        )
      }

      return {
        list: (tenantId, { cursor, direction, limit, result }) => {
          // Fetch one row more than the page to know whether another page follows.
          const page = (after: Call | undefined) =>
            Effect.map(calls.list(tenantId, { limit: limit + 1, after, direction, result }), (rows) => {
              const data = rows.length > limit ? rows.slice(0, limit) : rows
              return { data, limit, nextCursor: rows.length > limit ? data[data.length - 1].id : null }
            })
          if (cursor === undefined) return page(undefined)
          return Effect.flatMap(calls.findById(tenantId, cursor), (found) =>
            Option.isNone(found) ? Effect.fail(new InvalidCursor()) : page(found.value)
          )
        },

        get: (tenantId, id) =>
          calls
            .findById(tenantId, id)
            .pipe(Effect.flatMap(Option.match({ onNone: () => Effect.fail(callNotFound), onSome: Effect.succeed }))),

        usage: (tenantId) =>
          Effect.gen(function* () {
            const totals = yield* calls.totals(tenantId, usageWindow(yield* Clock.currentTimeMillis))
            return {
              minutesTodayUtc: Math.round((totals.secondsToday / 60) * 100) / 100,
              callsStartedTodayUtc: totals.callsToday,
              inboundOffered7d: totals.inboundOffered,
              inboundAnswered7d: totals.inboundAnswered,
              inboundAnswerRate7dPercent: answerRate(totals.inboundAnswered, totals.inboundOffered)
            }
          }),

        exportCalls: (tenantId, { direction, from, result, to }) =>
          Effect.gen(function* () {
            if (from !== undefined && to !== undefined && from.getTime() >= to.getTime()) {
              return yield* invalidField("from", "must be before to")
            }
            const limit = yield* limiter.forExport(tenantId)
            if (!limit.allowed) return yield* rateLimited(limit)
            const fromMs = from?.getTime() ?? Number.NEGATIVE_INFINITY
            const start: CallQuery["after"] = to === undefined ? undefined : { startedAt: to, id: NIL_UUID }
            return Stream.paginateChunkEffect(start, (after) =>
              Effect.map(calls.list(tenantId, { limit: EXPORT_PAGE, after, direction, result }), (rows) => {
                // Newest first: the first call older than `from` ends the export.
                const kept = rows.filter((call) => call.startedAt.getTime() >= fromMs)
                const last = rows[rows.length - 1]
                const more = rows.length === EXPORT_PAGE && kept.length === rows.length
                return [
                  Chunk.unsafeFromArray(kept),
                  more ? Option.some({ startedAt: last.startedAt, id: last.id }) : Option.none()
                ] as const
              })
            )
          }),

        summary: (tenantId, window) =>
          Effect.gen(function* () {
            const { from, to } = yield* reportWindow(window)
            const totals = yield* windowTotals(tenantId, from, to)
            return {
              from,
              to,
              calls: totals.calls,
              minutes: Math.round((totals.seconds / 60) * 100) / 100,
              inboundOffered: totals.inboundOffered,
              inboundAnswered: totals.inboundAnswered,
              answerRatePercent: answerRate(totals.inboundAnswered, totals.inboundOffered)
            }
          }),

        ingest: (tenantId, records) =>
          Effect.gen(function* () {
            if (!isUuid(tenantId) || Option.isNone(yield* tenants.findById(tenantId))) {
              return yield* new TenantNotFound()
            }
            const valid: Array<Call> = []
            for (const [index, record] of records.entries()) {
              const decoded = decodeIncoming(record)
              if (decoded._tag === "Left") {
                const details = issueDetails(decoded.left).map(({ field, reason }) => ({
                  field: field === "body" ? `[${index}]` : `[${index}].${field}`,
                  reason
                }))
                return yield* new InvalidCall({ message: `Call record ${index} is invalid.`, details })
              }
              const call = decoded.right
              valid.push({
                ...call,
                id: call.id ?? randomUuid(crypto),
                tenantId,
                endedAt: call.endedAt,
                callSid: call.callSid,
                mosScore: call.mosScore
              })
            }
            const inserted = valid.length === 0 ? 0 : yield* calls.insertMany(valid)
            return { received: records.length, inserted, skipped: records.length - inserted }
          })
      }
    })
  )
}
