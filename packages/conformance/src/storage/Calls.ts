import { Effect, Option } from "effect"
import { expect } from "vitest"
import { ANSWERED_RESULTS, type Call, type CallQuery } from "@servicekit/core/calling"
import { CallRepository } from "@servicekit/core/internal"
import type { StorageSuite } from "../Storage.js"
import { DAY, MINUTE, at, callsNewestFirst, makeCall, plus, uuid } from "./fixtures.js"

/** Every page of `list` from the start, following the keyset of each page's last row. */
const listAllPages = (tenantId: string, filter: Omit<CallQuery, "limit" | "after">, limit: number) =>
  Effect.gen(function* () {
    const calls = yield* CallRepository
    const seen: Array<Call> = []
    let after: CallQuery["after"]
    for (let pages = 0; pages < 1_000; pages++) {
      const page = yield* calls.list(tenantId, { ...filter, limit, after })
      expect(page.length).toBeLessThanOrEqual(limit)
      seen.push(...page)
      if (page.length < limit) return seen
      const last = page[page.length - 1]
      after = { startedAt: last.startedAt, id: last.id }
    }
    throw new Error("paging did not end")
  })

export const callsSuite: StorageSuite<CallRepository> = {
  name: "calls",
  tests: (it) => {
    it.effect("inserts calls, skipping ids the tenant already has, and counts the inserted ones", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const first = makeCall(tenantId)
        const second = makeCall(tenantId, { startedAt: at("2026-11-20T11:00:00.000Z") })
        expect(yield* calls.insertMany([])).toBe(0)
        expect(yield* calls.insertMany([first, second])).toBe(2)
        const changed = { ...first, durationSecs: 999 }
        const third = makeCall(tenantId)
        expect(yield* calls.insertMany([changed, third, second])).toBe(1)
        // The first row with an id wins, within a batch too.
        const fourth = makeCall(tenantId)
        expect(yield* calls.insertMany([fourth, { ...fourth, result: "missed" }])).toBe(1)
        expect(yield* calls.findById(tenantId, first.id)).toEqual(Option.some(first))
        expect(yield* calls.findById(tenantId, fourth.id)).toEqual(Option.some(fourth))
        // Ids are unique per tenant: another tenant may hold the same id.
        const elsewhere = { ...first, tenantId: uuid() }
        expect(yield* calls.insertMany([elsewhere])).toBe(1)
        expect(yield* calls.findById(elsewhere.tenantId, first.id)).toEqual(Option.some(elsewhere))
        expect(yield* calls.list(tenantId, { limit: 10 })).toHaveLength(4)
      })
    )

    it.effect("inserts a batch larger than one statement", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const base = at("2026-11-01T00:00:00.000Z")
        const batch = Array.from({ length: 2_500 }, (_, i) => makeCall(tenantId, { startedAt: plus(base, i * 1_000) }))
        expect(yield* calls.insertMany(batch.slice(0, 1_200))).toBe(1_200)
        expect(yield* calls.insertMany(batch)).toBe(1_300)
        expect(yield* calls.list(tenantId, { limit: 3 })).toEqual(batch.slice(-3).reverse())
      })
    )

    it.effect("finds a call by id only within its tenant, with every field intact", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const full = makeCall(tenantId, {
          direction: "outbound",
          durationSecs: 12.5,
          result: "voicemail",
          endedAt: at("2026-11-20T10:00:12.500Z"),
          callSid: "CA0123456789",
          mosScore: 4.3
        })
        const bare = makeCall(tenantId, { durationSecs: 0, result: "missed" })
        yield* calls.insertMany([full, bare])
        expect(yield* calls.findById(tenantId, full.id)).toEqual(Option.some(full))
        expect(yield* calls.findById(tenantId, bare.id)).toEqual(Option.some(bare))
        expect(yield* calls.findById(uuid(), full.id)).toEqual(Option.none())
        expect(yield* calls.findById(tenantId, uuid())).toEqual(Option.none())
        expect(yield* calls.findById(tenantId, "not-a-uuid")).toEqual(Option.none())
        expect(yield* calls.findById("not-a-uuid", full.id)).toEqual(Option.none())
        // Stored ids are lowercase; only that form matches.
        expect(yield* calls.findById(tenantId, full.id.toUpperCase())).toEqual(Option.none())
      })
    )

    it.effect("gives a call its carrier's quality score only when it has none, only within its tenant", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const unrated = makeCall(tenantId)
        const rated = makeCall(tenantId, { mosScore: 3.9 })
        yield* calls.insertMany([unrated, rated])
        yield* calls.rateQuality(uuid(), unrated.id, 1.5)
        yield* calls.rateQuality(tenantId, unrated.id, 4.25)
        yield* calls.rateQuality(tenantId, unrated.id, 2)
        yield* calls.rateQuality(tenantId, rated.id, 1)
        yield* calls.rateQuality(tenantId, uuid(), 1)
        yield* calls.rateQuality(tenantId, "not-a-uuid", 1)
        expect(yield* calls.findById(tenantId, unrated.id)).toEqual(Option.some({ ...unrated, mosScore: 4.25 }))
        expect(yield* calls.findById(tenantId, rated.id)).toEqual(Option.some(rated))
      })
    )

    it.effect("lists newest first, ties on startedAt broken by id descending", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const tie = at("2026-11-20T10:00:00.000Z")
        const rows = [
          makeCall(tenantId, { startedAt: plus(tie, -MINUTE) }),
          ...Array.from({ length: 6 }, () => makeCall(tenantId, { startedAt: tie })),
          makeCall(tenantId, { startedAt: plus(tie, 1) }),
          makeCall(tenantId, { startedAt: plus(tie, -1) })
        ]
        yield* calls.insertMany(rows)
        yield* calls.insertMany([makeCall(uuid(), { startedAt: tie })])
        const ordered = [...rows].sort(callsNewestFirst)
        expect(yield* calls.list(tenantId, { limit: 100 })).toEqual(ordered)
        expect(yield* calls.list(tenantId, { limit: 4 })).toEqual(ordered.slice(0, 4))
        expect(yield* calls.list(tenantId, { limit: 0 })).toEqual([])
        expect(yield* calls.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* calls.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("answers rows strictly older than the keyset position", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const tie = at("2026-11-20T10:00:00.000Z")
        const rows = Array.from({ length: 5 }, () => makeCall(tenantId, { startedAt: tie }))
        const older = makeCall(tenantId, { startedAt: plus(tie, -1) })
        yield* calls.insertMany([...rows, older])
        const ordered = [...rows, older].sort(callsNewestFirst)
        const middle = ordered[2]
        expect(yield* calls.list(tenantId, { limit: 10, after: middle })).toEqual(ordered.slice(3))
        // The position need not be a stored call.
        const highest = "ffffffff-ffff-4fff-bfff-ffffffffffff"
        const lowest = "00000000-0000-4000-8000-000000000000"
        expect(yield* calls.list(tenantId, { limit: 10, after: { startedAt: tie, id: highest } })).toEqual(ordered)
        expect(yield* calls.list(tenantId, { limit: 10, after: { startedAt: tie, id: lowest } })).toEqual([older])
        expect(yield* calls.list(tenantId, { limit: 10, after: older })).toEqual([])
      })
    )

    it.effect("pages through 250 calls with every filter, each matching call exactly once and in order", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const otherId = uuid()
        const results = ["completed", "missed", "busy", "voicemail", "no_answer"] as const
        const base = at("2026-11-20T00:00:00.000Z")
        // 40 distinct start times for 250 calls, so most pages cut through a tie.
        const rows = Array.from({ length: 250 }, (_, i) =>
          makeCall(tenantId, {
            startedAt: plus(base, ((i * 13) % 40) * MINUTE),
            direction: i % 3 === 0 ? "outbound" : "inbound",
            result: results[(i * 7) % results.length]
          })
        )
        yield* calls.insertMany(rows.slice(0, 100))
        yield* calls.insertMany(rows.slice(100))
        yield* calls.insertMany(rows.slice(0, 40).map((call) => ({ ...call, id: uuid(), tenantId: otherId })))

        const filters: ReadonlyArray<Omit<CallQuery, "limit" | "after">> = [
          {},
          { direction: "inbound" },
          { direction: "outbound" },
          { result: "completed" },
          { result: "busy" },
          { direction: "inbound", result: "missed" },
          { result: "canceled" }
        ]
        for (const filter of filters) {
          const expected = rows
            .filter(
              (call) =>
                (filter.direction === undefined || call.direction === filter.direction) &&
                (filter.result === undefined || call.result === filter.result)
            )
            .sort(callsNewestFirst)
          for (const limit of [7, 50]) {
            expect(yield* listAllPages(tenantId, filter, limit)).toEqual(expected)
          }
        }
      })
    )

    it.effect("totals a day and a week window, boundaries included and future calls ignored", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const now = at("2026-11-20T12:00:00.000Z")
        const dayStart = at("2026-11-20T00:00:00.000Z")
        const weekStart = plus(now, -7 * DAY)
        const call = (startedAt: Date, overrides: Partial<Call>) => makeCall(tenantId, { startedAt, ...overrides })
        yield* calls.insertMany([
          call(dayStart, { durationSecs: 60 }), // today, answered inbound
          call(plus(dayStart, -1), { durationSecs: 100, result: "missed" }), // yesterday, offered inbound
          call(now, { durationSecs: 30.5, direction: "outbound" }), // today, not inbound
          call(plus(dayStart, 6 * 3_600_000), { durationSecs: 0, result: "busy" }), // today, offered inbound
          call(weekStart, { durationSecs: 10 }), // first instant of the week
          call(plus(weekStart, -1), { durationSecs: 10 }), // before the week
          call(plus(now, 1), { durationSecs: 1_000 }), // future
          call(plus(now, DAY), { durationSecs: 1_000, result: "missed" }) // future
        ])
        yield* calls.insertMany([makeCall(uuid(), { startedAt: plus(dayStart, MINUTE), durationSecs: 500 })])

        expect(yield* calls.totals(tenantId, { dayStart, weekStart, now })).toEqual({
          secondsToday: 90.5,
          callsToday: 3,
          inboundOffered: 4,
          inboundAnswered: 2
        })
        const none = { secondsToday: 0, callsToday: 0, inboundOffered: 0, inboundAnswered: 0 }
        expect(yield* calls.totals(uuid(), { dayStart, weekStart, now })).toEqual(none)
        expect(yield* calls.totals("not-a-uuid", { dayStart, weekStart, now })).toEqual(none)
      })
    )

    it.effect("totals a window from its first instant up to, not including, its end, within the tenant", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const from = at("2026-10-01T00:00:00.000Z")
        const to = at("2026-11-01T00:00:00.000Z")
        const call = (startedAt: Date, overrides: Partial<Call> = {}) => makeCall(tenantId, { startedAt, ...overrides })
        yield* calls.insertMany([
          call(from, { durationSecs: 60 }), // first instant: answered inbound
          call(plus(from, DAY), { durationSecs: 90.5, direction: "outbound" }),
          call(plus(to, -1), { durationSecs: 0, result: "no-answer" }), // last millisecond: offered inbound
          call(to, { durationSecs: 1_000 }), // the end: outside
          call(plus(from, -1), { durationSecs: 1_000 }) // before: outside
        ])
        yield* calls.insertMany([makeCall(uuid(), { startedAt: plus(from, MINUTE), durationSecs: 500 })])

        expect(yield* calls.windowTotals(tenantId, { from, to })).toEqual({
          calls: 3,
          seconds: 150.5,
          inboundOffered: 2,
          inboundAnswered: 1
        })
        const none = { calls: 0, seconds: 0, inboundOffered: 0, inboundAnswered: 0 }
        expect(yield* calls.windowTotals(uuid(), { from, to })).toEqual(none)
        expect(yield* calls.windowTotals("not-a-uuid", { from, to })).toEqual(none)
        expect(yield* calls.windowTotals(tenantId, { from: to, to: plus(to, DAY) })).toEqual({
          calls: 1,
          seconds: 1_000,
          inboundOffered: 1,
          inboundAnswered: 1
        })
      })
    )

    it.effect("keeps totals by UTC day as calls are stored, a call stored again counted once, equal to the calls' own", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const day = (n: number) => at(`2026-10-0${n}T00:00:00.000Z`)
        const call = (startedAt: Date, overrides: Partial<Call> = {}) => makeCall(tenantId, { startedAt, ...overrides })
        const first = call(plus(day(1), 10 * 60 * MINUTE), { durationSecs: 60 })
        yield* calls.insertMany([
          first,
          call(day(2), { durationSecs: 30, direction: "outbound" }), // midnight: the day it opens
          call(plus(day(3), -1), { durationSecs: 10, result: "no-answer" }), // the day's last millisecond
          call(plus(day(3), 12 * 60 * MINUTE), { durationSecs: 5.5, result: "answered" })
        ])
        // Sent again, alone and in a batch with a new call: only the new one counts.
        expect(yield* calls.insertMany([first])).toBe(0)
        expect(yield* calls.insertMany([first, call(plus(day(3), MINUTE), { durationSecs: 1, direction: "outbound" })])).toBe(1)
        yield* calls.insertMany([makeCall(uuid(), { startedAt: plus(day(2), MINUTE), durationSecs: 500 })])

        for (const [from, to] of [[1, 4], [1, 2], [2, 3], [3, 4], [2, 4]] as const) {
          const window = { from: day(from), to: day(to) }
          expect(yield* calls.dayTotals(tenantId, window), `days ${from} to ${to}`).toEqual(yield* calls.windowTotals(tenantId, window))
        }
        expect(yield* calls.dayTotals(tenantId, { from: day(1), to: day(4) })).toEqual({
          calls: 5,
          seconds: 106.5,
          inboundOffered: 3,
          inboundAnswered: 2
        })
        const none = { calls: 0, seconds: 0, inboundOffered: 0, inboundAnswered: 0 }
        expect(yield* calls.dayTotals(tenantId, { from: day(4), to: day(9) })).toEqual(none)
        expect(yield* calls.dayTotals(uuid(), { from: day(1), to: day(4) })).toEqual(none)
        expect(yield* calls.dayTotals("not-a-uuid", { from: day(1), to: day(4) })).toEqual(none)
      })
    )

    it.effect("counts inbound calls with an answered result as answered, carriers' tokens included", () =>
      Effect.gen(function* () {
        const calls = yield* CallRepository
        const tenantId = uuid()
        const now = at("2026-11-20T12:00:00.000Z")
        const unanswered = ["no-answer", "no_answer", "voicemail", "ringing", "canceled"]
        yield* calls.insertMany(
          [...ANSWERED_RESULTS, ...unanswered].map((result) =>
            makeCall(tenantId, { startedAt: plus(now, -MINUTE), direction: "inbound", result })
          )
        )
        const totals = yield* calls.totals(tenantId, { dayStart: plus(now, -DAY), weekStart: plus(now, -7 * DAY), now })
        expect(totals).toMatchObject({
          inboundOffered: ANSWERED_RESULTS.length + unanswered.length,
          inboundAnswered: ANSWERED_RESULTS.length
        })
      })
    )
  }
}
