import { Context, Effect, Layer, Option } from "effect"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import {
  type Call,
  type CallQuery,
  type CallTotals,
  type CallWindowTotals,
  addWindowTotals,
  isAnswered,
  noWindowTotals
} from "./Call.js"

const byNewest = (a: Call, b: Call) =>
  b.startedAt.getTime() - a.startedAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)

/** The totals with one more call. */
const addCall = <T extends CallWindowTotals>(totals: T, call: Call): T => ({
  ...totals,
  calls: totals.calls + 1,
  seconds: totals.seconds + call.durationSecs,
  inboundOffered: totals.inboundOffered + (call.direction === "inbound" ? 1 : 0),
  inboundAnswered: totals.inboundAnswered + (call.direction === "inbound" && isAnswered(call.result) ? 1 : 0)
})

/** A tenant's calls of one UTC day (`YYYY-MM-DD`), added up. */
interface CallDay extends CallWindowTotals {
  readonly tenantId: string
  readonly day: string
}

/** Is (time, id) strictly older than the keyset position? */
const olderThan = (call: Call, after: NonNullable<CallQuery["after"]>) => {
  const t = call.startedAt.getTime()
  const at = after.startedAt.getTime()
  return t < at || (t === at && call.id < after.id)
}

export class CallRepository extends Context.Tag("@servicekit/core/CallRepository")<
  CallRepository,
  {
    /** Inserts calls; a call whose id already exists for the tenant is skipped. Returns how many were inserted. */
    readonly insertMany: (calls: ReadonlyArray<Call>) => Effect.Effect<number>
    readonly findById: (tenantId: string, id: string) => Effect.Effect<Option.Option<Call>>
    /** Gives the call the quality score its carrier measured, unless it has one. */
    readonly rateQuality: (tenantId: string, id: string, mosScore: number) => Effect.Effect<void>
    /** Newest first by (startedAt, id), at most `limit` rows. */
    readonly list: (tenantId: string, query: CallQuery) => Effect.Effect<ReadonlyArray<Call>>
    readonly totals: (
      tenantId: string,
      window: { readonly dayStart: Date; readonly weekStart: Date; readonly now: Date }
    ) => Effect.Effect<CallTotals>
    /** Counts over the tenant's calls started in [from, to). */
    readonly windowTotals: (
      tenantId: string,
      window: { readonly from: Date; readonly to: Date }
    ) => Effect.Effect<CallWindowTotals>
    /**
     * The same counts over whole UTC days, `from` and `to` UTC midnights, from the totals kept by day
     * as calls are stored: as many rows as days, whatever the calls.
     */
    readonly dayTotals: (
      tenantId: string,
      days: { readonly from: Date; readonly to: Date }
    ) => Effect.Effect<CallWindowTotals>
  }
>() {
  /** In memory, kept in index order per tenant, so listing behaves like the database's keyset reads. */
  static readonly layerMemory: Layer.Layer<CallRepository, never, MemoryDatabase> = Layer.effect(
    CallRepository,
    Effect.map(MemoryDatabase, (db) => {
      // Per tenant, kept sorted newest first so listing is a binary search plus a scan, like an index.
      const tenants = new Map<string, Array<Call>>()
      const ids = new Set<string>()
      db.holdsTenantRows("calls", {
        count: (tenantId) => tenants.get(tenantId)?.length ?? 0,
        rows: (tenantId) => [...(tenants.get(tenantId) ?? [])],
        // The oldest first, off the end of the tenant's list (undone in reverse, each goes back on the end); the
        // emptied list goes too.
        drop: (tenantId, limit, undo) => {
          const rows = tenants.get(tenantId)
          if (rows === undefined) return 0
          let dropped = 0
          while (rows.length > 0 && dropped < limit) {
            const call = rows.pop()!
            const identity = `${call.tenantId}/${call.id}`
            ids.delete(identity)
            undo(() => {
              rows.push(call)
              ids.add(identity)
            })
            dropped++
          }
          if (rows.length === 0) {
            tenants.delete(tenantId)
            undo(() => tenants.set(tenantId, rows))
          }
          return dropped
        },
        // From the end, each put back in its place when undone (in reverse), so the order stays.
        dropWhere: (tenantId, match, undo) => {
          const rows = tenants.get(tenantId) ?? []
          let dropped = 0
          for (let at = rows.length - 1; at >= 0; at--) {
            const call = rows[at]!
            if (!match(call)) continue
            const identity = `${call.tenantId}/${call.id}`
            rows.splice(at, 1)
            ids.delete(identity)
            undo(() => {
              rows.splice(at, 0, call)
              ids.add(identity)
            })
            dropped++
          }
          return dropped
        }
      })
      const firstOlder = (rows: ReadonlyArray<Call>, after: NonNullable<CallQuery["after"]>) => {
        let lo = 0
        let hi = rows.length
        while (lo < hi) {
          const mid = (lo + hi) >>> 1
          if (olderThan(rows[mid], after)) hi = mid
          else lo = mid + 1
        }
        return lo
      }
      // The totals by UTC day, added to as calls are stored, as in SQL (call_days).
      const days = new Map<string, CallDay>()
      db.holdsTenantRows("call_days", tenantRowsOf(days, (day) => day.tenantId))
      const countDay = (call: Call, undo: (reverse: () => void) => void) => {
        const key = `${call.tenantId}/${call.startedAt.toISOString().slice(0, 10)}`
        const before = days.get(key)
        days.set(key, addCall(before ?? { tenantId: call.tenantId, day: key.slice(-10), ...noWindowTotals }, call))
        undo(() => (before === undefined ? days.delete(key) : days.set(key, before)))
      }
      return CallRepository.of({
        insertMany: (calls) =>
          db.run((undo) => {
            let inserted = 0
            for (const call of calls) {
              const rows = tenants.get(call.tenantId) ?? []
              tenants.set(call.tenantId, rows)
              const identity = `${call.tenantId}/${call.id}`
              if (ids.has(identity)) continue
              ids.add(identity)
              let at = 0
              let hi = rows.length
              while (at < hi) {
                const mid = (at + hi) >>> 1
                if (byNewest(rows[mid], call) < 0) at = mid + 1
                else hi = mid
              }
              rows.splice(at, 0, call)
              undo(() => {
                rows.splice(rows.indexOf(call), 1)
                ids.delete(identity)
              })
              countDay(call, undo)
              inserted++
            }
            return inserted
          }),
        findById: (tenantId, id) =>
          db.run(() => Option.fromNullable(tenants.get(tenantId)?.find((call) => call.id === id))),
        rateQuality: (tenantId, id, mosScore) =>
          db.run((undo) => {
            const rows = tenants.get(tenantId) ?? []
            const at = rows.findIndex((call) => call.id === id)
            const call = rows[at]
            if (call === undefined || call.mosScore !== null) return
            const rated = { ...call, mosScore }
            rows[at] = rated
            undo(() => {
              rows[rows.indexOf(rated)] = call
            })
          }),
        list: (tenantId, query) =>
          db.run(() => {
            const rows = tenants.get(tenantId) ?? []
            const out: Array<Call> = []
            for (
              let i = query.after ? firstOlder(rows, query.after) : 0;
              i < rows.length && out.length < query.limit;
              i++
            ) {
              const call = rows[i]
              if (query.direction !== undefined && call.direction !== query.direction) continue
              if (query.result !== undefined && call.result !== query.result) continue
              out.push(call)
            }
            return out
          }),
        totals: (tenantId, { dayStart, now, weekStart }) =>
          db.run(() => {
            let secondsToday = 0
            let callsToday = 0
            let inboundOffered = 0
            let inboundAnswered = 0
            for (const call of tenants.get(tenantId) ?? []) {
              const t = call.startedAt.getTime()
              if (t > now.getTime()) continue
              if (t >= dayStart.getTime()) {
                secondsToday += call.durationSecs
                callsToday++
              }
              if (t >= weekStart.getTime() && call.direction === "inbound") {
                inboundOffered++
                if (isAnswered(call.result)) inboundAnswered++
              }
            }
            return { secondsToday, callsToday, inboundOffered, inboundAnswered }
          }),
        windowTotals: (tenantId, { from, to }) =>
          db.run(() =>
            (tenants.get(tenantId) ?? []).reduce<CallWindowTotals>((totals, call) => {
              const t = call.startedAt.getTime()
              return t < from.getTime() || t >= to.getTime() ? totals : addCall(totals, call)
            }, noWindowTotals)
          ),
        dayTotals: (tenantId, { from, to }) =>
          db.run(() => {
            const [first, last] = [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)]
            let totals = noWindowTotals
            for (const day of days.values()) {
              if (day.tenantId === tenantId && day.day >= first && day.day < last) totals = addWindowTotals(totals, day)
            }
            return totals
          })
      })
    })
  )
}
