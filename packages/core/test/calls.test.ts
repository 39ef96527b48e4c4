import { CallingService } from "@servicekit/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOW, type TestKit, callRecord, expectError, makeTestKit } from "./support.js"

const CALLS = "/api/v1/voice/calls"
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString()

/** Follows nextCursor to the end, returning every page. */
const allPages = async (t: TestKit, key: string, query: string, from: string | null = null) => {
  const pages: Array<any> = []
  let cursor: string | null = from
  do {
    const response: any = await t.request(`${CALLS}?${query}${cursor ? `&cursor=${cursor}` : ""}`, { key })
    expect(response.status).toBe(200)
    pages.push(response.body)
    cursor = response.body.meta.nextCursor
  } while (cursor !== null)
  return pages
}

describe("Business Calling public API", () => {
  let t: TestKit
  let tenantId: string
  let key: string
  let otherKey: string
  let otherCallId: string
  const results = ["completed", "missed", "busy", "voicemail", "completed"]

  beforeAll(async () => {
    t = makeTestKit({ keyRateLimit: { limit: 10_000, windowMs: 60_000 } })
    tenantId = (await t.createTenant()).id
    key = (await t.createKey(tenantId)).key
    const records = Array.from({ length: 250 }, (_, i) =>
      callRecord({
        direction: i % 3 === 0 ? "outbound" : "inbound",
        result: results[i % results.length],
        // Pairs of calls share a start time so ordering must fall back to the id.
        startedAt: minutesAgo(Math.floor(i / 2) + 1),
        durationSecs: 30,
        callSid: `CA${i}`
      })
    )
    expect(await t.ingest(tenantId, records)).toEqual({ received: 250, inserted: 250, skipped: 0 })
    const other = await t.createTenant(["voice"], "Other")
    otherKey = (await t.createKey(other.id)).key
    await t.ingest(other.id, [callRecord({ id: "0b7e6f52-3a53-4c1e-9a51-1b2f8e0d9c10" })])
    otherCallId = "0b7e6f52-3a53-4c1e-9a51-1b2f8e0d9c10"
  })
  afterAll(() => t.dispose())

  it("pages through 250 calls newest first, each exactly once, with the default limit of 25", async () => {
    const pages = await allPages(t, key, "")
    expect(pages).toHaveLength(10)
    expect(pages.every((p) => p.meta.limit === 25)).toBe(true)
    expect(pages.at(-1).meta.nextCursor).toBeNull()
    const calls = pages.flatMap((p) => p.data)
    expect(new Set(calls.map((c: any) => c.id)).size).toBe(250)
    for (let i = 1; i < calls.length; i++) {
      const [a, b] = [calls[i - 1], calls[i]]
      expect(a.startedAt > b.startedAt || (a.startedAt === b.startedAt && a.id > b.id)).toBe(true)
    }
  })

  it("filters by direction and result across pages", async () => {
    for (const [query, expected] of [
      ["direction=outbound&limit=7", (c: any) => c.direction === "outbound"],
      ["direction=inbound&result=completed&limit=9", (c: any) => c.direction === "inbound" && c.result === "completed"],
      ["result=voicemail&limit=100", (c: any) => c.result === "voicemail"]
    ] as const) {
      const full = (await allPages(t, key, "limit=100")).flatMap((p) => p.data).filter(expected)
      const filtered = (await allPages(t, key, query)).flatMap((p) => p.data)
      expect(filtered.map((c: any) => c.id)).toEqual(full.map((c: any) => c.id))
      expect(filtered.length).toBeGreaterThan(0)
    }
  })

  it("keeps pages stable while new calls arrive", async () => {
    const first = (await t.request(`${CALLS}?limit=50`, { key })).body
    await t.ingest(tenantId, [callRecord({ startedAt: NOW.toISOString() })])
    const rest = (await allPages(t, key, "limit=50", first.meta.nextCursor)).flatMap((p) => p.data)
    const ids = [...first.data, ...rest].map((c: any) => c.id)
    expect(ids).toHaveLength(250)
    expect(new Set(ids).size).toBe(250)
  })

  it("returns calls with exactly the documented fields", async () => {
    const [call] = (await t.request(`${CALLS}?limit=1&result=busy`, { key })).body.data
    expect(Object.keys(call).sort()).toEqual(
      ["callSid", "direction", "durationSecs", "endedAt", "fromId", "id", "mosScore", "result", "startedAt", "toId"].sort()
    )
    expect(call).toMatchObject({ direction: expect.any(String), durationSecs: 30, endedAt: null, mosScore: null })
    expect(call.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const single = await t.request(`${CALLS}/${call.id}`, { key })
    expect(single.status).toBe(200)
    expect(single.body).toEqual(call)
    expect((await t.request(`${CALLS}/${call.id.toUpperCase()}`, { key })).body).toEqual(call)
  })

  it("isolates tenants: another tenant's call is a 404 and never listed", async () => {
    expectError(await t.request(`${CALLS}/${otherCallId}`, { key }), 404, "call_not_found")
    expect((await t.request(`${CALLS}/${otherCallId}`, { key: otherKey })).status).toBe(200)
    const mine = (await allPages(t, key, "limit=100")).flatMap((p) => p.data)
    expect(mine.some((c: any) => c.id === otherCallId)).toBe(false)
    expectError(await t.request(`${CALLS}?cursor=${otherCallId}`, { key }), 400, "invalid_cursor")
  })

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expectError(await t.request(`${CALLS}/7d0c8a1e-2b3f-4c5d-8e9f-0a1b2c3d4e5f`, { key }), 404, "call_not_found")
    const bad = await t.request(`${CALLS}/not-a-uuid`, { key })
    expectError(bad, 400, "validation_failed")
    expect(bad.body.error.details).toEqual([{ field: "id", reason: "must be a uuid" }])
  })

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["cursor=nope", "cursor"],
    ["direction=sideways", "direction"]
  ])("rejects %s with 400 naming the field", async (query, field) => {
    const response = await t.request(`${CALLS}?${query}`, { key })
    expectError(response, 400, "validation_failed")
    expect(response.body.error.details.map((d: any) => d.field)).toEqual([field])
    expect(response.body.error.message).not.toMatch(/Expected|Schema|NumberFromString/)
  })

  it("answers 501 not_available for numbers", async () => {
    const response = await t.request("/api/v1/voice/numbers", { key })
    expectError(response, 501, "not_available")
    expect(response.body.error.type).toBe("not_available")
  })
})

describe("voice usage against a pinned clock", () => {
  it("counts today's minutes and calls (UTC) and the 7-day inbound answer rate", async () => {
    const t = makeTestKit()
    try {
      const tenant = await t.createTenant()
      const { key } = await t.createKey(tenant.id)
      const empty = await t.request("/api/v1/voice/usage", { key })
      expect(empty.body).toEqual({
        minutesTodayUtc: 0,
        callsStartedTodayUtc: 0,
        inboundOffered7d: 0,
        inboundAnswered7d: 0,
        inboundAnswerRate7dPercent: null
      })
      await t.ingest(tenant.id, [
        // Today (UTC day of 2026-11-21): 90 s + 45 s + 0 s.
        callRecord({ startedAt: "2026-11-21T00:00:00.000Z", durationSecs: 90, result: "completed" }),
        callRecord({ startedAt: "2026-11-21T11:59:00.000Z", durationSecs: 45, direction: "outbound" }),
        callRecord({ startedAt: "2026-11-21T11:00:00.000Z", durationSecs: 0, result: "missed" }),
        // Yesterday, still within 7 days.
        callRecord({ startedAt: "2026-11-20T23:59:59.000Z", durationSecs: 600, result: "no_answer" }),
        // Exactly 7 days ago: inside the window; one millisecond earlier: outside.
        callRecord({ startedAt: "2026-11-14T12:00:00.000Z", result: "completed" }),
        callRecord({ startedAt: "2026-11-14T11:59:59.999Z", result: "completed" }),
        // In the future relative to the pinned clock: ignored.
        callRecord({ startedAt: "2026-11-21T12:30:00.000Z", durationSecs: 120 })
      ])
      const usage = await t.request("/api/v1/voice/usage", { key })
      expect(usage.status).toBe(200)
      expect(usage.body).toEqual({
        minutesTodayUtc: 2.25,
        callsStartedTodayUtc: 3,
        inboundOffered7d: 4,
        inboundAnswered7d: 2,
        inboundAnswerRate7dPercent: 50
      })
    } finally {
      await t.dispose()
    }
  })
})

describe("call results as carriers record them", () => {
  let t: TestKit
  let tenantId: string
  let key: string
  beforeAll(async () => {
    t = makeTestKit()
    tenantId = (await t.createTenant()).id
    key = (await t.createKey(tenantId)).key
  })
  afterAll(() => t.dispose())

  const resultsListed = async (query: string) => {
    const response = await t.request(`${CALLS}?limit=100&${query}`, { key })
    expect(response.status).toBe(200)
    return response.body.data.map((call: any) => call.result).sort()
  }

  it("stores any lowercase token and filters on it exactly", async () => {
    const tokens = ["no-answer", "no_answer", "in-progress", "canceled", "sip-486", "x".repeat(64)]
    const imported = await t.ingest(
      tenantId,
      tokens.map((result) => callRecord({ result }))
    )
    expect(imported).toEqual({ received: 6, inserted: 6, skipped: 0 })
    expect(await resultsListed("")).toEqual([...tokens].sort())
    expect(await resultsListed("result=no-answer")).toEqual(["no-answer"])
    expect(await resultsListed("result=no_answer")).toEqual(["no_answer"])
    expect(await resultsListed("result=ringing")).toEqual([])
  })

  it.each([["Completed"], ["no answer"], [""], ["-busy"], ["x".repeat(65)], ["échec"]])(
    "refuses %j at ingestion, storing nothing of the batch",
    async (result) => {
      const before = await resultsListed("")
      const refused = await t.run(
        Effect.flip(
          Effect.flatMap(CallingService, (calling) =>
            calling.ingest(tenantId, [callRecord({ result: "completed" }), callRecord({ result })])
          )
        )
      )
      expect(refused).toMatchObject({ _tag: "InvalidCall" })
      expect((refused as { details?: unknown }).details).toEqual([
        { field: "[1].result", reason: "must be a lowercase token of 1 to 64 characters (a-z, 0-9, _ and -)" }
      ])
      expect(await resultsListed("")).toEqual(before)
    }
  )

  it("answers 400 naming result for a filter no call could carry", async () => {
    const response = await t.request(`${CALLS}?result=Completed`, { key })
    expectError(response, 400, "validation_failed")
    expect(response.body.error.details).toEqual([
      { field: "result", reason: "must be a lowercase token of 1 to 64 characters (a-z, 0-9, _ and -)" }
    ])
  })

  it("counts completed, answered and in-progress inbound calls as answered, and nothing else", async () => {
    const tenant = await t.createTenant(["voice"], "Carrier")
    const { key: carrierKey } = await t.createKey(tenant.id)
    const answered = ["completed", "answered", "in-progress", "in_progress"]
    const unanswered = ["no-answer", "no_answer", "missed", "busy", "failed", "rejected", "canceled", "voicemail", "ringing"]
    await t.ingest(
      tenant.id,
      [...answered, ...unanswered].map((result) => callRecord({ result, direction: "inbound" }))
    )
    const usage = await t.request("/api/v1/voice/usage", { key: carrierKey })
    expect(usage.body).toMatchObject({
      inboundOffered7d: answered.length + unanswered.length,
      inboundAnswered7d: answered.length,
      inboundAnswerRate7dPercent: 30.8
    })
  })
})

