import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { CallingService } from "@servicekit/core"
import { parse } from "csv-parse/sync"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { clearOfMinuteTurn } from "./minuteTurn.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-calls-dashboard-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const DAY = 86_400_000
const now = Date.now()
const iso = (ms: number) => new Date(ms).toISOString()

describe("Business Calling dashboard: calls and summary", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir }))
  let other: { tenantId: string; token: string }
  let member: string

  /** With the tenant admin's token unless another (or null: none) is given. */
  const get = (path: string, token: string | null = served.admin) =>
    fetch(`${served.url}/api${path}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } })

  beforeAll(async () => {
    const ingest = (tenantId: string, records: ReadonlyArray<unknown>) =>
      served.kit.runtime.runPromise(Effect.flatMap(CallingService, (calling) => calling.ingest(tenantId, records)))
    // 30 calls over the last 30 hours: every third outbound, every fifth missed, a minute each.
    await ingest(
      served.tenantId,
      Array.from({ length: 30 }, (_, n) => ({
        fromId: `+1555000${n}`,
        toId: "+15550199",
        direction: n % 3 === 0 ? "outbound" : "inbound",
        durationSecs: 60,
        result: n % 5 === 0 ? "missed" : "completed",
        startedAt: iso(now - (n + 1) * 3_600_000)
      }))
    )
    // One call long ago, outside the default window.
    await ingest(served.tenantId, [
      {
        fromId: "a",
        toId: "b",
        direction: "inbound",
        durationSecs: 600,
        result: "completed",
        startedAt: iso(now - 90 * DAY)
      }
    ])
    const tenant = await served.kit.admin.createTenant({ name: "Other", entitlements: ["voice"] })
    await ingest(tenant.id, [
      {
        fromId: "x",
        toId: "y",
        direction: "inbound",
        durationSecs: 5,
        result: "completed",
        startedAt: iso(now - 60_000)
      }
    ])
    other = {
      tenantId: tenant.id,
      token: (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "other-admin", role: "admin" })).token
    }
    member = (await served.kit.admin.issueDashboardToken(served.tenantId, { sub: "a-member", role: "member" })).token
  })

  it("lists the token's tenant's calls newest first, page by page, with the filters", async () => {
    const first = await (await get("/calls?limit=20")).json()
    expect(first.items).toHaveLength(20)
    expect(first.items[0]).toMatchObject({ fromId: "+15550000", direction: "outbound", result: "missed" })
    expect(Object.keys(first.items[0]).sort()).toEqual(
      [
        "callSid",
        "direction",
        "durationSecs",
        "endedAt",
        "fromId",
        "id",
        "mosScore",
        "result",
        "startedAt",
        "toId"
      ].sort()
    )
    const second = await (await get(`/calls?limit=20&cursor=${first.nextCursor}`)).json()
    expect(second.items).toHaveLength(11)
    expect(second.nextCursor).toBeNull()
    const ids = [...first.items, ...second.items].map((call: { id: string }) => call.id)
    expect(new Set(ids).size).toBe(31)

    const missed = await (await get("/calls?result=missed&direction=outbound")).json()
    expect(missed.items.map((call: { fromId: string }) => call.fromId)).toEqual(["+15550000", "+155500015"])

    const others = await (await get("/calls", other.token)).json()
    expect(others).toEqual({ items: [expect.objectContaining({ fromId: "x" })], nextCursor: null })
    expect((await (await get("/calls", member)).json()).items).toHaveLength(25)
  })

  it("summarizes the last 30 days by default, or the window asked for", async () => {
    const summary = await (await get("/calls/summary")).json()
    expect(summary).toEqual({
      from: expect.any(String),
      to: expect.any(String),
      calls: 30,
      minutes: 30,
      inboundOffered: 20,
      inboundAnswered: 16,
      answerRatePercent: 80
    })
    expect(Date.parse(summary.to) - Date.parse(summary.from)).toBe(30 * DAY)

    const window = await (await get(`/calls/summary?from=${iso(now - 100 * DAY)}&to=${iso(now - 10 * DAY)}`)).json()
    expect(window).toMatchObject({
      calls: 1,
      minutes: 10,
      inboundOffered: 1,
      inboundAnswered: 1,
      answerRatePercent: 100
    })
    const empty = await (await get(`/calls/summary?from=${iso(now - 200 * DAY)}&to=${iso(now - 150 * DAY)}`)).json()
    expect(empty).toMatchObject({ calls: 0, minutes: 0, answerRatePercent: null })
    expect((await (await get("/calls/summary", other.token)).json()).calls).toBe(1)
  })

  it("is exact for any window: whole days from the totals by day, the partial days at its ends from the calls", async () => {
    // The calls of beforeAll: 30 in the last 30 hours, one 90 days ago.
    const startedAt = [...Array.from({ length: 30 }, (_, n) => now - (n + 1) * 3_600_000), now - 90 * DAY]
    const midnight = Math.floor(now / DAY) * DAY
    const windows = [
      [now - 100 * DAY, now],
      [midnight - DAY, midnight],
      [midnight - DAY + 1, midnight - 1],
      [now - 7 * 3_600_000 - 1, now - 3 * 3_600_000 + 1],
      [now - 90 * DAY, now - 90 * DAY + 1],
      [now - 90 * DAY + 1, midnight - 2 * DAY],
      [midnight - 3 * DAY, now - 29 * 3_600_000]
    ]
    for (const [from, to] of windows) {
      const summary = await (await get(`/calls/summary?from=${iso(from!)}&to=${iso(to!)}`)).json()
      expect(summary.calls, `${iso(from!)} to ${iso(to!)}`).toBe(startedAt.filter((at) => at >= from! && at < to!).length)
    }
  })

  it("refuses a bad window with 400 naming the field", async () => {
    const refused = async (query: string) =>
      (await expectRefusal(await get(`/calls/summary?${query}`), 400, "validation_failed")).details
    expect(await refused(`from=${iso(now)}&to=${iso(now - DAY)}`)).toEqual([
      { field: "from", reason: "must be before to" }
    ])
    expect(await refused(`from=${iso(now - 400 * DAY)}&to=${iso(now)}`)).toEqual([
      { field: "from", reason: "the window spans at most 366 days" }
    ])
    expect(await refused("from=yesterday")).toEqual([expect.objectContaining({ field: "from" })])
    expect(await refused("to=%2B010000-01-01T00:00:00Z")).toEqual([expect.objectContaining({ field: "to" })])
    await expectRefusal(await get("/calls?limit=0"), 400, "validation_failed")
    await expectRefusal(await get("/calls?cursor=00000000-0000-4000-8000-000000000000"), 400, "invalid_cursor")
  })

  it("takes dashboard tokens only: API keys and missing tokens are refused", async () => {
    for (const path of ["/calls", "/calls/summary"]) {
      await expectRefusal(await get(path, served.key), 401, "api_key_not_accepted")
      await expectRefusal(await get(path, null), 401, "missing_credentials")
      await expectRefusal(await get(path, "not-a-token"), 401, "invalid_token")
    }
  })

  it("documents both routes", async () => {
    const document = await (await fetch(`${served.url}/api/v1/openapi.json`)).json()
    expect(document.paths["/calls"].get.security).toEqual([{ dashboardToken: [] }])
    expect(document.paths["/calls/summary"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["from", "to"])
  })
})

describe("Business Calling dashboard: export", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "export") }))
  const exportOf = (query: string, token: string = served.admin) =>
    fetch(`${served.url}/api/calls/export${query}`, { headers: { authorization: `Bearer ${token}` } })
  // Odd values on purpose: a comma, quotes and a line break must survive the round trip.
  const calls = Array.from({ length: 10_000 }, (_, n) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    fromId: n % 1000 === 0 ? `+1 555, "ext" ${n}\nsecond line` : `+1555${n}`,
    toId: "+15550199",
    direction: n % 2 === 0 ? "inbound" : "outbound",
    durationSecs: n % 7,
    result: n % 3 === 0 ? "no-answer" : "completed",
    startedAt: iso(Date.UTC(2026, 9, 1) + n * 60_000),
    endedAt: n % 2 === 0 ? null : iso(Date.UTC(2026, 9, 1) + n * 60_000 + 5_000),
    callSid: n % 5 === 0 ? `CA${n}` : null,
    mosScore: n % 4 === 0 ? 4.5 : null
  }))
  // As the API shows a call: the same fields, nulls included, timestamps with milliseconds.
  const expected = [...calls].reverse()

  beforeAll(async () => {
    await served.kit.runtime.runPromise(
      Effect.flatMap(CallingService, (calling) => calling.ingest(served.tenantId, calls))
    )
  }, 60_000)

  it("exports 10,000 calls as RFC 4180 CSV and as a JSON array, both equal to what was stored", async () => {
    const csv = await exportOf("")
    expect(csv.status).toBe(200)
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8")
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="calls.csv"')
    const text = await csv.text()
    expect(text.startsWith("id,fromId,toId,direction,durationSecs,result,startedAt,endedAt,callSid,mosScore\r\n")).toBe(
      true
    )
    const rows: Array<Record<string, string>> = parse(text, { columns: true, record_delimiter: "\r\n" })
    expect(rows).toHaveLength(10_000)
    expect(rows).toEqual(
      expected.map((call) => ({
        ...call,
        durationSecs: String(call.durationSecs),
        endedAt: call.endedAt ?? "",
        callSid: call.callSid ?? "",
        mosScore: call.mosScore === null ? "" : String(call.mosScore)
      }))
    )

    const json = await exportOf("?format=json")
    expect(json.headers.get("content-type")).toBe("application/json")
    expect(await json.json()).toEqual(expected)
  }, 60_000)

  it("exports a window of full timestamps with the filters, and refuses a bare date", async () => {
    const from = iso(Date.UTC(2026, 9, 1) + 100 * 60_000)
    const to = iso(Date.UTC(2026, 9, 1) + 200 * 60_000)
    const window = await (
      await exportOf(`?format=json&from=${from}&to=${to}&direction=inbound&result=completed`)
    ).json()
    expect(window).toEqual(
      expected.filter(
        (call) =>
          call.startedAt >= from && call.startedAt < to && call.direction === "inbound" && call.result === "completed"
      )
    )
    expect(window.length).toBeGreaterThan(0)
    const refused = await expectRefusal(await exportOf("?from=2026-10-01"), 400, "validation_failed")
    expect(refused.details).toEqual([expect.objectContaining({ field: "from" })])
    await expectRefusal(await exportOf("?format=xml"), 400, "validation_failed")
    await expectRefusal(await exportOf(`?from=${to}&to=${from}`), 400, "validation_failed")
  })

  it("allows about 5 exports a minute per tenant, then 429 with Retry-After; other tenants are not affected", async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Throttled", entitlements: ["voice"] })
    const { token } = await served.kit.admin.issueDashboardToken(tenant.id, { sub: "u", role: "member" })
    await clearOfMinuteTurn()
    for (let i = 0; i < 5; i++) {
      const response = await exportOf("", token)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(
        "id,fromId,toId,direction,durationSecs,result,startedAt,endedAt,callSid,mosScore\r\n"
      )
    }
    const throttled = await exportOf("", token)
    await expectRefusal(throttled, 429, "rate_limited")
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect((await exportOf("?format=json&from=2026-10-01T00:00:00Z&to=2026-10-01T00:01:00Z")).status).toBe(200)
  })

  it("refuses API keys", async () => {
    await expectRefusal(await exportOf("", served.key), 401, "api_key_not_accepted")
  })
})
